import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The UI lies over a WebGL canvas that draws a new frame whenever the globe moves. An element with
 * a `backdrop-filter` makes the compositor re-blur what lies behind it on every one of those
 * frames: with the glass panels on /app, a software GPU drew 6-16 frames in 5 s against about 35
 * without them (docs/benchmarks.md, "Glass panels over the globe"). So no stylesheet or inline
 * style of the overlay uses one; panels take the opaque `--panel-over-globe` fill instead.
 */
const UI = path.resolve(__dirname, '../../ui');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : [p];
  });
}

/** Every `backdrop-filter` declaration (CSS) or `backdropFilter` style (TSX) that is not `none`. */
function backdropBlurs(text: string): string[] {
  const source = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  for (const m of source.matchAll(/(?:-webkit-)?backdrop-filter\s*:\s*([^;}]+)/g)) {
    if ((m[1] ?? '').trim() !== 'none') found.push(m[0].trim());
  }
  for (const m of source.matchAll(/backdropFilter\s*:\s*['"`]([^'"`]+)['"`]/g)) {
    if ((m[1] ?? '').trim() !== 'none') found.push(m[0].trim());
  }
  return found;
}

describe('no backdrop blur over the globe', () => {
  it('finds a blur where there is one', () => {
    expect(backdropBlurs('.a { backdrop-filter: blur(8px); }')).toEqual([
      'backdrop-filter: blur(8px)',
    ]);
    expect(backdropBlurs('.a{-webkit-backdrop-filter:saturate(2)}')).toHaveLength(1);
    expect(backdropBlurs("<div style={{ backdropFilter: 'blur(4px)' }} />")).toHaveLength(1);
    expect(backdropBlurs('.a { backdrop-filter: none; }')).toEqual([]);
    expect(backdropBlurs('/* No backdrop-filter here */ .a { color: red }')).toEqual([]);
  });

  it('no stylesheet or component of the overlay declares one', () => {
    const offenders = files(UI)
      .filter((f) => /\.(css|tsx?)$/.test(f))
      .flatMap((f) =>
        backdropBlurs(readFileSync(f, 'utf8')).map((d) => `${path.relative(UI, f)}: ${d}`),
      );
    expect(offenders).toEqual([]);
  });
});
