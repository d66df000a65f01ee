/**
 * Place search for the LIVE DATA search box: the gazetteer's countries, capitals, cities and
 * towns (GET /api/gazetteer/combined/labels, loaded once on first use), matched by name prefix
 * (then substring), the most populous first.
 */
import { useEffect, useState } from 'react';
import type { CombinedLabels, GazetteerLabel } from '../../data/labels/gazetteer';
import { loadCombinedLabels } from '../../data/labels/labelLoader';
import type { Place } from './workspaceData';

interface IndexedPlace extends Place {
  key: string;
  population: number;
}

let loading: Promise<IndexedPlace[]> | null = null;

function toIndex(labels: CombinedLabels): IndexedPlace[] {
  const countryName = new Map<string, string>();
  for (const c of labels.countries) if (c.country !== undefined) countryName.set(c.country, c.name);
  const out: IndexedPlace[] = [];
  const add = (l: GazetteerLabel, fallback: string): void => {
    const country = l.country === undefined ? fallback : (countryName.get(l.country) ?? l.country);
    out.push({
      name: l.name,
      country: l.state !== undefined && l.state !== '' ? `${l.state}, ${country}` : country,
      lat: l.coordinates.lat,
      lon: l.coordinates.lon,
      key: l.name.toLowerCase(),
      population: l.population ?? 0,
    });
  };
  for (const c of labels.countries) add(c, 'Country');
  for (const l of [...labels.capitals, ...labels.cities, ...labels.towns]) add(l, '');
  out.sort((a, b) => b.population - a.population);
  return out;
}

/** The place index once `wanted` (loaded on the first search; [] until it arrives). */
export function usePlaceIndex(wanted: boolean): readonly IndexedPlace[] {
  const [places, setPlaces] = useState<IndexedPlace[]>([]);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loading ??= loadCombinedLabels((url) => fetch(url)).then(toIndex);
    void loading.then((p) => {
      if (live) setPlaces(p);
    });
    return () => {
      live = false;
    };
  }, [wanted]);
  return places;
}

/** Up to `max` places whose name starts with the query, then those containing it; one per
 * name and country. */
export function searchPlaces(places: readonly IndexedPlace[], query: string, max: number): Place[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [];
  const seen = new Set<string>();
  const pick = (p: IndexedPlace): boolean => {
    const id = `${p.key}|${p.country}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  };
  const starts = places.filter((p) => p.key.startsWith(q) && pick(p));
  const rest = starts.length >= max ? [] : places.filter((p) => p.key.includes(q) && pick(p));
  return [...starts, ...rest]
    .slice(0, max)
    .map(({ name, country, lat, lon }) => ({ name, country, lat, lon }));
}
