/**
 * Web Worker: generates a seeded synthetic scenario (data/markers/syntheticArticles.ts) straight
 * into columns off the main thread - a million articles take ~1.5 s of CPU on these machines -
 * and posts them in chunks whose typed arrays are transferred, not copied. The main thread only
 * appends each chunk to the article store.
 */
import type { SyntheticColumns } from '../../data/markers/articleColumns';
import { SYNTHETIC_CHUNK, syntheticGenerator } from '../../data/markers/syntheticArticles';

export interface SyntheticRequest {
  count: number;
  seed: number;
  nowMs: number;
  /** Published within this many hours before nowMs (default 23). */
  hours?: number;
}

export interface SyntheticChunk {
  columns: SyntheticColumns;
  /** True while further chunks of this request follow. */
  more: boolean;
}

function post(msg: SyntheticChunk): void {
  const c = msg.columns;
  (self as unknown as { postMessage(m: unknown, t: Transferable[]): void }).postMessage(msg, [
    c.lat.buffer,
    c.lon.buffer,
    c.publishedMs.buffer,
    c.sentiment.buffer,
    c.category.buffer,
  ]);
}

self.onmessage = (ev: MessageEvent<SyntheticRequest>) => {
  const { count, seed, nowMs, hours } = ev.data;
  const generator = syntheticGenerator(seed, nowMs, hours);
  let done = 0;
  do {
    const n = Math.min(SYNTHETIC_CHUNK, count - done);
    done += n;
    post({ columns: generator.next(n), more: done < count });
  } while (done < count);
};
