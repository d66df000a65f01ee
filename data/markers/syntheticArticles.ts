/**
 * Seeded synthetic articles for benchmarks and scripted scenarios (`atlas.scenario.load`):
 * deterministic (same seed, count and `now` -> same articles), spread over populated places with
 * jitter, several per place so fan-out and clustering get realistic work.
 */
import { mulberry32 } from '../random';
import {
  SYNTHETIC_CATEGORIES,
  SYNTHETIC_SENTIMENTS,
  syntheticArticleObject,
  type SyntheticColumns,
} from './articleColumns';
import { SENTIMENTS } from './markerStyle';

export const SYNTHETIC_PLACES: readonly (readonly [number, number])[] = [
  [40.71, -74.0],
  [34.05, -118.24],
  [41.88, -87.63],
  [29.76, -95.37],
  [43.65, -79.38],
  [49.28, -123.12],
  [19.43, -99.13],
  [23.11, -82.37],
  [4.71, -74.07],
  [-12.05, -77.04],
  [-33.45, -70.67],
  [-34.6, -58.38],
  [-23.55, -46.63],
  [-22.91, -43.17],
  [10.48, -66.9],
  [51.51, -0.13],
  [48.86, 2.35],
  [52.52, 13.4],
  [40.42, -3.7],
  [41.9, 12.5],
  [52.23, 21.01],
  [59.33, 18.07],
  [50.45, 30.52],
  [55.76, 37.62],
  [41.01, 28.98],
  [37.98, 23.73],
  [30.04, 31.24],
  [6.52, 3.38],
  [5.6, -0.19],
  [14.72, -17.47],
  [-1.29, 36.82],
  [9.03, 38.74],
  [-4.44, 15.27],
  [-26.2, 28.05],
  [-33.92, 18.42],
  [33.57, -7.59],
  [24.71, 46.68],
  [25.2, 55.27],
  [35.69, 51.39],
  [33.32, 44.37],
  [31.77, 35.21],
  [24.86, 67.0],
  [28.7, 77.1],
  [19.08, 72.88],
  [12.97, 77.59],
  [23.81, 90.41],
  [13.76, 100.5],
  [1.35, 103.82],
  [-6.21, 106.85],
  [14.6, 120.98],
  [22.32, 114.17],
  [31.23, 121.47],
  [39.9, 116.41],
  [37.57, 126.98],
  [35.68, 139.65],
  [-33.87, 151.21],
  [-37.81, 144.96],
  [-36.85, 174.76],
  [64.15, -21.94],
  [61.22, -149.9],
  [21.31, -157.86],
];

/** Articles per chunk of a scenario load (engine/markers/syntheticWorker.ts posts them). */
export const SYNTHETIC_CHUNK = 250_000;

export interface SyntheticArticle {
  id: string;
  title: string;
  category: string;
  sentiment: string;
  latitude: number;
  longitude: number;
  publishedAt: number;
  isSample: true;
}

/**
 * A seeded generator of synthetic articles straight into columns, chunk by chunk: `next(n)` gives
 * the next n articles of the sequence (the same ones, in the same order, as syntheticArticles with
 * that seed), so a million articles load in short steps without one object per article.
 * About a third land exactly on a place (so same-place groups form); the rest scatter up to ~8
 * degrees around it; published within the `hours` before `nowMs`.
 */
export function syntheticGenerator(
  seed: number,
  nowMs: number,
  hours = 23,
): { next(count: number): SyntheticColumns } {
  const rand = mulberry32(seed);
  let start = 0;
  const sentimentIndex = SYNTHETIC_SENTIMENTS.map((s) => SENTIMENTS.indexOf(s));
  return {
    next(count: number): SyntheticColumns {
      const c: SyntheticColumns = {
        seed,
        start,
        count,
        lat: new Float32Array(count),
        lon: new Float32Array(count),
        publishedMs: new Float64Array(count),
        sentiment: new Uint8Array(count),
        category: new Uint8Array(count),
      };
      for (let i = 0; i < count; i++) {
        const place = SYNTHETIC_PLACES[Math.floor(rand() * SYNTHETIC_PLACES.length)] ?? [0, 0];
        const exact = rand() < 0.33;
        const spread = exact ? 0 : 8 * rand() * rand();
        const angle = rand() * 2 * Math.PI;
        const lat = Math.max(-89.9, Math.min(89.9, place[0] + Math.sin(angle) * spread));
        let lon =
          place[1] + (Math.cos(angle) * spread) / Math.max(0.2, Math.cos((lat * Math.PI) / 180));
        if (lon > 180) lon -= 360;
        if (lon < -180) lon += 360;
        c.category[i] = Math.floor(rand() * SYNTHETIC_CATEGORIES.length);
        c.sentiment[i] = sentimentIndex[Math.floor(rand() * SYNTHETIC_SENTIMENTS.length)] ?? 0;
        c.lat[i] = Math.round(lat * 1e4) / 1e4;
        c.lon[i] = Math.round(lon * 1e4) / 1e4;
        c.publishedMs[i] = nowMs - Math.floor(rand() * hours * 3_600_000);
      }
      start += count;
      return c;
    },
  };
}

/** `count` synthetic articles as objects (the server seed and small tests use these). */
export function syntheticArticles(
  count: number,
  seed: number,
  nowMs: number,
  hours = 23,
): SyntheticArticle[] {
  const c = syntheticGenerator(seed, nowMs, hours).next(count);
  const out: SyntheticArticle[] = new Array<SyntheticArticle>(count);
  for (let i = 0; i < count; i++) {
    const category = SYNTHETIC_CATEGORIES[c.category[i] as number] ?? 'breaking';
    out[i] = syntheticArticleObject(
      `syn-${seed}-${i}`,
      i,
      Math.round((c.lat[i] as number) * 1e4) / 1e4,
      Math.round((c.lon[i] as number) * 1e4) / 1e4,
      c.publishedMs[i] as number,
      category,
      SENTIMENTS[c.sentiment[i] as number] ?? 'neutral',
    );
  }
  return out;
}
