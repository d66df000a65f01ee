/**
 * The spatial workspace's timeline (spec globe.md section 9): a position 0..1 (steps of 0.1) that
 * sets the engine's timeline filter, and the time-lapse play over the last week. UI state only:
 * the engine holds the window in force (`timelineFilter` signal) and every marker, cluster and
 * count obeys it. Writes happen a few times a second at most (one command per step).
 */
import { signal } from '@preact/signals-core';
import { sendCommand } from '../../engine/commands';
import {
  PLAY_STEPS,
  PLAY_STEP_MS,
  playWindow,
  stepTimeline,
  timelineWindow,
} from '../../data/markers/timeline';

/** Default: 0.2 (1D AGO), the last day - what the globe showed before the timeline existed. */
export const DEFAULT_TIMELINE_POSITION = 0.2;
/** A "last N hours" window moves with the clock: re-sent this often while it is in force. */
const REFRESH_MS = 60_000;

export const timelinePosition = signal(DEFAULT_TIMELINE_POSITION);
/** The play step (1..PLAY_STEPS) while the time-lapse runs, else null. */
export const playStep = signal<number | null>(null);

let playTimer: ReturnType<typeof setInterval> | null = null;
let refreshTimer: ReturnType<typeof setInterval> | null = null;
let playStart = 0;

function applyPosition(): void {
  sendCommand({ type: 'setTimeline', window: timelineWindow(timelinePosition.peek(), Date.now()) });
}

export function setTimelinePosition(position: number): void {
  stopPlay();
  timelinePosition.value = Math.min(1, Math.max(0, Math.round(position * 10) / 10));
  applyPosition();
}

export function stepTimelinePosition(direction: 1 | -1): void {
  setTimelinePosition(stepTimeline(timelinePosition.peek(), direction));
}

/** Time-lapse: the last week from its start to now in PLAY_STEPS steps; markers appear (glowing)
 * as their publication time is passed. Ends on position 0 (the whole week). */
export function startPlay(): void {
  stopPlay();
  playStart = Date.now();
  playStep.value = 0;
  const tick = (): void => {
    const k = (playStep.peek() ?? 0) + 1;
    if (k > PLAY_STEPS) {
      stopPlay();
      timelinePosition.value = 0;
      applyPosition();
      return;
    }
    playStep.value = k;
    sendCommand({ type: 'setTimeline', window: playWindow(k, playStart) });
  };
  tick();
  playTimer = setInterval(tick, PLAY_STEP_MS);
}

export function stopPlay(): void {
  if (playTimer !== null) clearInterval(playTimer);
  playTimer = null;
  playStep.value = null;
}

export function togglePlay(): void {
  if (playTimer === null) startPlay();
  else stopPlay();
}

/** The workspace mounted: the timeline filter takes effect (and follows the clock). */
export function attachTimeline(): () => void {
  applyPosition();
  refreshTimer = setInterval(() => {
    if (playTimer === null) applyPosition();
  }, REFRESH_MS);
  return () => {
    stopPlay();
    if (refreshTimer !== null) clearInterval(refreshTimer);
    refreshTimer = null;
    // Other pages keep the marker filter's own window.
    sendCommand({ type: 'setTimeline', window: null });
  };
}
