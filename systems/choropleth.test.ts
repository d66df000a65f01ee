import { describe, expect, it } from 'vitest';
import { sendCommand } from '../engine/commands';
import type { ChoroplethBinding, ChoroplethColor } from '../engine/controls';
import { runPipeline, type PipelineEntry } from '../engine/pipeline';
import { commandSystem } from './commandSystem';
import { countrySystem } from './countrySystem';
import { createTestWorld } from './testWorld';

const steps: PipelineEntry[] = [
  { name: 'commands', run: commandSystem },
  { name: 'country', run: countrySystem },
];

function setup() {
  const t = createTestWorld();
  const calls: Map<string, ChoroplethColor>[] = [];
  const binding: ChoroplethBinding = {
    setFills: (fills) => void calls.push(new Map(fills)),
    get filled() {
      return calls.at(-1)?.size ?? 0;
    },
  };
  t.world.controls.choroplethRender = binding;
  let clock = 0;
  const frame = (): void => {
    clock += 16;
    runPipeline(t.world, clock, steps);
  };
  frame();
  return { ...t, calls, frame };
}

describe('choropleth fills (setChoropleth -> countrySystem -> render)', () => {
  it('hands valid fills to the render side once per command, never per frame', () => {
    const { world, calls, frame } = setup();
    expect(calls).toHaveLength(0);
    sendCommand({
      type: 'setChoropleth',
      fills: {
        JP: [1, 0, 0, 0.6],
        DE: [0, 1, 0, 0.6],
        // Not an ISO alpha-2 code, a short colour, a non-finite channel: dropped.
        usa: [0, 0, 1, 0.6],
        FR: [0, 0, 1] as unknown as [number, number, number, number],
        IT: [Number.NaN, 0, 0, 1],
      },
    });
    frame();
    frame();
    frame();
    expect(calls).toHaveLength(1);
    expect([...(calls[0]?.keys() ?? [])].sort()).toEqual(['DE', 'JP']);
    expect(calls[0]?.get('JP')).toEqual([1, 0, 0, 0.6]);
    expect(world.controls.choropleth.fills.size).toBe(2);
    // Cleared: an empty map goes to the render side.
    sendCommand({ type: 'setChoropleth', fills: {} });
    frame();
    expect(calls).toHaveLength(2);
    expect(calls[1]?.size).toBe(0);
  });

  it('is a layer that starts off', () => {
    const { world } = setup();
    expect(world.layers.choropleth).toBe(false);
    sendCommand({ type: 'setLayer', layer: 'choropleth', on: true });
    runPipeline(world, 100, steps);
    expect(world.layers.choropleth).toBe(true);
  });
});
