import { describe, expect, it } from 'vitest';
import { sendCommand } from '../engine/commands';
import { runPipeline, type PipelineEntry } from '../engine/pipeline';
import type { XrPanelsInput, XrPanelsMode, XrPanelsRender } from '../engine/xrPanels';
import { commandSystem } from './commandSystem';
import { markerSpawnSystem } from './markerSpawnSystem';
import { createTestWorld } from './testWorld';
import { layerBits, xrPanelSystem } from './xrPanelSystem';

const steps: PipelineEntry[] = [
  { name: 'commands', run: commandSystem },
  { name: 'markerSpawn', run: markerSpawnSystem },
  { name: 'xrPanels', run: xrPanelSystem },
];

function setup() {
  const { world } = createTestWorld();
  const calls: { mode: XrPanelsMode; input: XrPanelsInput }[] = [];
  let inXr = false;
  const render: XrPanelsRender = {
    show: (mode, input) => calls.push({ mode, input }),
    inXr: () => inXr,
    info: () => ({ mode: 'off', built: false, card: null, close: null, toggles: [] }),
  };
  world.xrPanels.render = render;
  let clock = 0;
  const frame = () => {
    clock += 16;
    runPipeline(world, clock, steps);
  };
  sendCommand({ type: 'setView', view: 'app', variant: 'xr' });
  frame();
  return { world, calls, frame, setXr: (on: boolean) => (inXr = on) };
}

describe('xrPanelSystem', () => {
  it('does nothing while the panels are off', () => {
    const { calls, frame } = setup();
    for (let i = 0; i < 5; i++) frame();
    sendCommand({ type: 'setLayer', layer: 'rivers', on: true });
    frame();
    expect(calls).toEqual([]);
  });

  it('sends the preview once, then only on a change, and hides it once', () => {
    const { world, calls, frame } = setup();
    sendCommand({ type: 'setXrPanelsPreview', on: true });
    frame();
    frame();
    expect(calls.map((c) => c.mode)).toEqual(['preview']);
    expect(calls[0]?.input.record).toBe(null);
    sendCommand({ type: 'setLayer', layer: 'rivers', on: true });
    frame();
    expect(calls).toHaveLength(2);
    expect(calls[1]?.input.layers.rivers).toBe(true);
    sendCommand({
      type: 'setArticles',
      articles: [{ id: 'a', title: 'A story', latitude: 1, longitude: 2 }],
    });
    frame();
    sendCommand({ type: 'selectArticle', id: 'a' });
    frame();
    expect(calls).toHaveLength(3);
    expect(calls[2]?.input.record?.title).toBe('A story');
    sendCommand({ type: 'setXrPanelsPreview', on: false });
    frame();
    frame();
    expect(calls.map((c) => c.mode)).toEqual(['preview', 'preview', 'preview', 'off']);
    expect(world.xrPanels.sentMode).toBe('off');
  });

  it('shows them in a session, and leaving /xr ends the preview', () => {
    const { calls, frame, setXr } = setup();
    setXr(true);
    frame();
    expect(calls.map((c) => c.mode)).toEqual(['xr']);
    setXr(false);
    sendCommand({ type: 'setXrPanelsPreview', on: true });
    frame();
    sendCommand({ type: 'setView', view: 'app' });
    frame();
    expect(calls.map((c) => c.mode)).toEqual(['xr', 'preview', 'off']);
  });

  it('packs the layer switches into one number', () => {
    const a = layerBits({ ocean: true, land: false });
    expect(a).toBe(1);
    expect(layerBits({ ocean: true, land: true })).toBe(3);
    expect(layerBits({})).toBe(0);
  });
});
