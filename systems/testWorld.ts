/** Tiny worlds for system tests: a plain-object rig and a recording render table. */
import type { OrbitRig, RenderBindings } from '../engine/world';
import { createAtlasWorld, type AtlasWorld } from '../engine/world';

export interface TestRig extends OrbitRig {
  pointerDown: boolean;
  inputEnabled: boolean;
  inertiaStops: number;
}

export function createTestRig(): TestRig {
  return {
    alpha: Math.PI / 2,
    beta: Math.PI / 2,
    radius: 600,
    lowerRadiusLimit: 200.1,
    upperRadiusLimit: 2500,
    pointerDown: false,
    inputEnabled: true,
    inertiaStops: 0,
    stopInertia() {
      this.inertiaStops++;
    },
    setInputEnabled(on) {
      this.inputEnabled = on;
    },
  };
}

export interface TestRender extends RenderBindings {
  visible: Map<number, boolean>;
  requested: number[];
  calls: number;
}

export function createTestRender(): TestRender {
  return {
    visible: new Map(),
    requested: [],
    calls: 0,
    setVisible(handle, v) {
      this.calls++;
      this.visible.set(handle, v);
    },
    requestLod(lod) {
      this.requested.push(lod);
    },
  };
}

export function createTestWorld(): { world: AtlasWorld; rig: TestRig; render: TestRender } {
  const rig = createTestRig();
  const render = createTestRender();
  return { world: createAtlasWorld(rig, render), rig, render };
}
