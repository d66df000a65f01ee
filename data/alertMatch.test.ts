import { describe, expect, it } from 'vitest';
import { normalizeArticle, type NormalizedArticle } from './articleNormalizer';
import { inBox, matchAlert, parseBox, parseRegionText } from './alertMatch';

function article(over: Record<string, unknown>): NormalizedArticle {
  const a = normalizeArticle({ id: 'a1', title: 'Untitled', ...over });
  if (a === null) throw new Error('not an article');
  return a;
}

describe('alert matching', () => {
  it('a saved topic matches by the search scoring (title word or phrase in the text)', () => {
    const a = article({ title: 'Solar power record in Spain', description: 'Grid news' });
    expect(matchAlert(a, ['solar'], [])).toEqual({ kind: 'topic', term: 'solar' });
    expect(matchAlert(a, ['wind farms'], [])).toBeNull();
  });

  it('a saved region matches the country or city name, or a box around the place', () => {
    const a = article({
      title: 'Elections',
      latitude: 48.85,
      longitude: 2.35,
      location: { name: 'Paris, France', city: 'Paris', country: 'France' },
    });
    expect(matchAlert(a, [], [' france '])).toEqual({ kind: 'region', term: ' france ' });
    expect(matchAlert(a, [], ['40,-5,52,10'])).toEqual({ kind: 'region', term: '40,-5,52,10' });
    expect(matchAlert(a, [], ['Germany', '0,0,10,10'])).toBeNull();
  });

  it('reads a qualifier that picks one reading of an ambiguous name', () => {
    expect(parseRegionText(' Georgia (country) ')).toEqual({
      name: 'Georgia',
      only: 'country',
      within: null,
    });
    expect(parseRegionText('Georgia (State)')).toEqual({
      name: 'Georgia',
      only: 'admin1',
      within: null,
    });
    expect(parseRegionText('Georgia, US')).toEqual({ name: 'Georgia', only: null, within: 'US' });
    expect(parseRegionText('Georgia')).toEqual({ name: 'Georgia', only: null, within: null });
    expect(parseRegionText(', US')).toEqual({ name: ', US', only: null, within: null });
  });

  it('without a gazetteer (a guest tab): qualified names by the country and city names', () => {
    const tbilisi = article({
      title: 'Transit',
      latitude: 41.7,
      longitude: 44.8,
      location: { name: 'Tbilisi, Georgia', city: 'Tbilisi', country: 'Georgia' },
    });
    const paris = article({
      title: 'Transit',
      latitude: 48.85,
      longitude: 2.35,
      location: { name: 'Paris, France', city: 'Paris', country: 'France' },
    });
    expect(matchAlert(tbilisi, [], ['Georgia'])?.term).toBe('Georgia');
    expect(matchAlert(tbilisi, [], ['Georgia (country)'])?.term).toBe('Georgia (country)');
    // A first-level region needs the server's gazetteer.
    expect(matchAlert(tbilisi, [], ['Georgia (state)'])).toBeNull();
    expect(matchAlert(paris, [], ['Paris, France'])?.term).toBe('Paris, France');
    expect(matchAlert(paris, [], ['Paris, Texas'])).toBeNull();
  });

  it('parses boxes and handles the antimeridian', () => {
    expect(parseBox('1,2,3')).toBeNull();
    expect(parseBox('10,0,5,1')).toBeNull();
    const box = parseBox('-10, 170, 10, -170');
    expect(box).not.toBeNull();
    if (box === null) return;
    expect(inBox(box, 0, 175)).toBe(true);
    expect(inBox(box, 0, -175)).toBe(true);
    expect(inBox(box, 0, 0)).toBe(false);
  });
});
