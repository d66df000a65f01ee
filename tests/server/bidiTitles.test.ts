/** Issue #28: bidi control characters (RLO and friends) never survive in sanitised titles. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitiseText } from '../../server/feeds/sanitize';

const BIDI = [
  '\u202E',
  '\u202D',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
];

describe('sanitiseText and bidi controls', () => {
  it('removes right-to-left overrides and isolates, also when entity-encoded', () => {
    expect(sanitiseText('Invoice \u202Etxt.exe')).toBe('Invoice txt.exe');
    expect(sanitiseText('A &#x202E;B &#8238;C')).toBe('A B C');
    expect(sanitiseText('\u2067عربي\u2069 news')).toBe('عربي news');
  });
  it('no output ever contains one (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.constantFrom(...BIDI)), { maxLength: 20 }),
        (parts) => {
          const out = sanitiseText(parts.join(''), 500);
          return !BIDI.some((c) => out.includes(c));
        },
      ),
      { numRuns: 300, seed: 28 },
    );
  });
});
