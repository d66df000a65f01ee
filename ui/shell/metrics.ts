/**
 * Page metrics the engine does not publish: the JS heap in MB (Chromium's performance.memory),
 * sampled every 2 s into a signal while someone reads it. Null where the browser hides it.
 */
import { signal } from '@preact/signals-core';

export const MEMORY_SAMPLE_MS = 2000;

function heapMb(): number | null {
  const mem = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
  return mem ? Math.round(mem.usedJSHeapSize / 1048576) : null;
}

export const memoryMb = signal<number | null>(null, {
  watched() {
    this.value = heapMb();
    const timer = setInterval(() => {
      this.value = heapMb();
    }, MEMORY_SAMPLE_MS);
    stop = () => clearInterval(timer);
  },
  unwatched() {
    stop();
  },
});

let stop: () => void = () => undefined;
