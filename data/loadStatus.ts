/**
 * Loads that may fail alone (issue #32 item 1; spec error catalogue, section 8: a geo or
 * gazetteer failure is logged and the layer skipped). Each geo tier's files, the country index,
 * the place names, the Earth layers' assets and the article list report here when they fail; the
 * rest of the globe keeps rendering, and the UI (ui/components/LoadStatus.tsx) shows what is
 * missing with one Retry. A success under the same name clears its entry. 'SYSTEM ERROR DETECTED'
 * is reserved for what the app cannot survive (no WebGL2).
 */
import { signal, type ReadonlySignal } from '@preact/signals-core';

export interface LoadIssue {
  /** What is missing, fit for users: 'land (110m)', 'place names'. */
  name: string;
  /** The error's message (for the status's detail and the log). */
  message: string;
  /** Loads it again; a success calls clearLoadIssue(name). */
  retry: () => void;
}

const issues = signal<readonly LoadIssue[]>([]);

/** What failed to load and has not been loaded since, oldest first. */
export const loadIssues: ReadonlySignal<readonly LoadIssue[]> = issues;

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'unknown error';
}

/** Records a failed load (replacing an earlier failure under the same name) and logs it. */
export function reportLoadIssue(
  name: string,
  error: unknown,
  retry: () => void,
  log: (message: string, detail?: unknown) => void = (m, d) => console.warn(m, d),
): void {
  const message = errorMessage(error);
  log(`ATLAS: could not load ${name}; skipped (${message})`, error);
  issues.value = [...issues.value.filter((i) => i.name !== name), { name, message, retry }];
}

export function clearLoadIssue(name: string): void {
  if (issues.value.some((i) => i.name === name)) {
    issues.value = issues.value.filter((i) => i.name !== name);
  }
}

/** Retries every failed load (the status's one button). */
export function retryLoadIssues(): void {
  for (const issue of issues.value) issue.retry();
}
