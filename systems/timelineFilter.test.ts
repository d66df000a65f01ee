import { describe, expect, it } from 'vitest';
import { sendCommand } from '../engine/commands';
import { runPipeline, type PipelineEntry } from '../engine/pipeline';
import { timelineFilter } from '../engine/signals';
import { commandSystem } from './commandSystem';
import { markerAnimSystem } from './markerAnimSystem';
import { markerCullSystem } from './markerCullSystem';
import { markerFilterSystem } from './markerFilterSystem';
import { markerSpawnSystem } from './markerSpawnSystem';
import { createTestWorld } from './testWorld';

const steps: PipelineEntry[] = [
  { name: 'commands', run: commandSystem },
  { name: 'markerSpawn', run: markerSpawnSystem },
  { name: 'markerFilter', run: markerFilterSystem },
  { name: 'markerCull', run: markerCullSystem },
  { name: 'markerAnim', run: markerAnimSystem },
];

const HOUR = 3_600_000;
const now = Date.now();
const art = (id: string, hoursAgo: number) => ({
  id,
  title: `Story ${id}`,
  latitude: 10,
  longitude: hoursAgo,
  publishedAt: new Date(now - hoursAgo * HOUR).toISOString(),
});

function setup() {
  const t = createTestWorld();
  sendCommand({ type: 'setView', view: 'app' });
  sendCommand({ type: 'setMarkerFilter', filter: { hours: 24 * 30, maxMarkers: 1000 } });
  sendCommand({
    type: 'setArticles',
    articles: [art('h0', 0.5), art('h3', 3), art('h12', 12), art('d3', 72), art('d6', 150)],
  });
  let clock = 0;
  const frame = (ms = 16) => {
    clock += ms;
    runPipeline(t.world, clock, steps);
  };
  frame();
  const shown = () =>
    [...t.world.markers.filtered.subarray(0, t.world.markers.filteredCount)]
      .map((r) => t.world.markers.store.idOf(r))
      .sort();
  return { ...t, frame, shown };
}

describe('timeline filter {start, end}', () => {
  it('limits the markers (and their count) to the window; null returns to the hours window', () => {
    const { world, frame, shown } = setup();
    expect(shown()).toEqual(['d3', 'd6', 'h0', 'h12', 'h3']);
    sendCommand({ type: 'setTimeline', window: { startMs: now - 6 * HOUR, endMs: now } });
    frame();
    expect(shown()).toEqual(['h0', 'h3']);
    expect(timelineFilter.value).toEqual({ startMs: now - 6 * HOUR, endMs: now });
    // A window in the past: both ends count.
    sendCommand({
      type: 'setTimeline',
      window: { startMs: now - 100 * HOUR, endMs: now - 10 * HOUR },
    });
    frame();
    expect(shown()).toEqual(['d3', 'h12']);
    expect(world.markers.filteredCount).toBe(2);
    sendCommand({ type: 'setTimeline', window: null });
    frame();
    expect(shown()).toHaveLength(5);
    expect(timelineFilter.value).toBeNull();
  });

  it('a play step (same start, later end) lights the articles it passes with the live glow', () => {
    const { world, frame, shown } = setup();
    const start = now - 168 * HOUR;
    sendCommand({ type: 'setTimeline', window: { startMs: start, endMs: now - 100 * HOUR } });
    frame();
    expect(shown()).toEqual(['d6']);
    const s = world.markers.store;
    expect(s.intensity[s.rowOf('d6')]).toBe(0);
    sendCommand({ type: 'setTimeline', window: { startMs: start, endMs: now - 5 * HOUR } });
    frame();
    expect(shown()).toEqual(['d3', 'd6', 'h12']);
    // Passed by this step: glowing; already shown before it: not.
    expect(s.intensity[s.rowOf('d3')]).toBeGreaterThan(0.9);
    expect(s.intensity[s.rowOf('h12')]).toBeGreaterThan(0.9);
    expect(s.intensity[s.rowOf('d6')]).toBe(0);
    expect(world.markers.animating.has(s.rowOf('d3'))).toBe(true);
    // A jump to another start is not a play step: nothing new glows.
    sendCommand({ type: 'setTimeline', window: { startMs: now - HOUR, endMs: now } });
    frame();
    expect(shown()).toEqual(['h0']);
    expect(s.intensity[s.rowOf('h0')]).toBe(0);
  });
});
