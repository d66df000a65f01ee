/**
 * The timeline filter (spec globe.md section 3 'Timeline filter {start, end}', section 9
 * 'Timeline (spatial layout)' and the globe-screen variant): a window of publication times that
 * the markers, clusters, lists and counts obey. Pure functions shared by the engine (the marker
 * filter system), the UI (the spatial bottom bar, the globe screen's timeline bar) and tests.
 */

/** A window of publication times, ms since the epoch, both ends inclusive. */
export interface TimelineWindow {
  startMs: number;
  endMs: number;
}

const HOUR = 3_600_000;

/** Spatial layout: position 0..1 -> hours back from now (>= 0.8 1 h, >= 0.5 6 h, >= 0.2 1 d,
 * else 7 d). */
export function timelineHours(position: number): number {
  if (position >= 0.8) return 1;
  if (position >= 0.5) return 6;
  if (position >= 0.2) return 24;
  return 168;
}

/** The tick labels of the spatial timeline with their positions (right = now). */
export const TIMELINE_TICKS: readonly { position: number; label: string }[] = [
  { position: 0, label: '1W AGO' },
  { position: 0.2, label: '1D AGO' },
  { position: 0.5, label: '6H AGO' },
  { position: 0.8, label: '1H AGO' },
  { position: 1, label: 'NOW' },
];

/** The label of a position: the nearest tick at or below it (1 = NOW, 0.8-0.9 = 1H AGO...). */
export function timelineLabel(position: number): string {
  let label = '1W AGO';
  for (const t of TIMELINE_TICKS) if (position >= t.position - 1e-9) label = t.label;
  return label;
}

/** Spec: step buttons move 0.1; positions stay on the 0.1 grid inside 0..1. */
export const TIMELINE_STEP = 0.1;
export function stepTimeline(position: number, direction: 1 | -1): number {
  const next = Math.round((position + direction * TIMELINE_STEP) * 10) / 10;
  return Math.min(1, Math.max(0, next));
}

/** The window of a spatial-timeline position: the last timelineHours(position) up to now. */
export function timelineWindow(position: number, nowMs: number): TimelineWindow {
  return { startMs: nowMs - timelineHours(position) * HOUR, endMs: nowMs };
}

/** Globe-screen variant: position 1 means 24 h, otherwise (2 - position) x 24 h. */
export function globeScreenHours(position: number): number {
  return position >= 1 ? 24 : (2 - position) * 24;
}

/**
 * Time-lapse: the play covers the last week in PLAY_STEPS steps; step k (1..PLAY_STEPS) shows
 * every article published from a week ago up to k/PLAY_STEPS of the way to now, so markers appear
 * as their publication time is passed. One step every PLAY_STEP_MS (the whole week in ~14 s).
 */
export const PLAY_HOURS = 168;
export const PLAY_STEPS = 56;
export const PLAY_STEP_MS = 250;
export function playWindow(step: number, startNowMs: number): TimelineWindow {
  const startMs = startNowMs - PLAY_HOURS * HOUR;
  const k = Math.min(PLAY_STEPS, Math.max(0, step));
  return { startMs, endMs: startMs + (k / PLAY_STEPS) * PLAY_HOURS * HOUR };
}

/** A published time inside the window (null = no timeline filter: everything passes). */
export function inTimeline(publishedMs: number, w: TimelineWindow | null): boolean {
  return w === null || (publishedMs >= w.startMs && publishedMs <= w.endMs);
}

/** A valid window: finite ends, start not after end. */
export function isTimelineWindow(w: unknown): w is TimelineWindow {
  if (typeof w !== 'object' || w === null) return false;
  const { startMs, endMs } = w as Record<string, unknown>;
  return (
    typeof startMs === 'number' &&
    typeof endMs === 'number' &&
    Number.isFinite(startMs) &&
    Number.isFinite(endMs) &&
    startMs <= endMs
  );
}
