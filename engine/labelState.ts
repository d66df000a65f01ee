/**
 * The place-name labels as the ECS sees them (systems/labelSystem.ts): the catalogue, the labels
 * on screen with their fade state, and the label GPU buffer's interface. No Babylon here; the
 * render side is engine/render/labelMesh.ts.
 */
import { CollisionGrid } from '../data/labels/collision';
import type { LabelCatalogue } from '../data/labels/catalogue';
import type { LabelLife } from '../data/labels/fade';
import type { LabelKind } from '../data/labels/labelRules';

export interface LabelViewport {
  width: number;
  height: number;
  fovY: number;
}

/**
 * The label GPU buffer: slots of one merged quad mesh drawn from a label atlas. A slot holds an
 * anchor point, a text (looked up or drawn in the atlas) and an opacity.
 */
export interface LabelGpu {
  /** Size of `text` as drawn for `kind`, halo included, in CSS px (written into `out`). */
  measure(text: string, kind: number, out: { width: number; height: number }): void;
  /** Viewport size in CSS px and the camera's vertical field of view in radians. */
  viewport(out: LabelViewport): void;
  setCount(count: number): void;
  /** Writes one slot; alpha 0 hides it. */
  /** Writes one slot; alpha 0 hides it. `offsetY` moves the text down from its anchor (CSS px,
   * negative = up): the placement may shift a label off its anchor to avoid a collision. */
  writeSlot(
    slot: number,
    x: number,
    y: number,
    z: number,
    text: string,
    kind: number,
    alpha: number,
    offsetY: number,
  ): void;
  /** Shows or hides the whole layer (the labels layer / L key). */
  setVisible(on: boolean): void;
  /** Uploads what changed since the last flush. */
  flush(): void;
}

export const NOOP_LABEL_GPU: LabelGpu = {
  measure: (text, _kind, out) => {
    out.width = text.length * 8;
    out.height = 16;
  },
  viewport: (out) => {
    out.width = 0;
    out.height = 0;
    out.fovY = Math.PI / 4;
  },
  setCount: () => undefined,
  writeSlot: () => undefined,
  setVisible: () => undefined,
  flush: () => undefined,
};

/** A label placed this frame, as automation reports it (CSS px box, top-left origin). */
export interface PlacedLabel {
  kind: LabelKind;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ActiveLabel {
  slot: number;
  life: LabelLife;
  /** Opacity last written to the GPU (rewrite only on change). */
  written: number;
  /** Vertical offset from the anchor (CSS px) chosen by the placement, and the one written. */
  offsetY: number;
  writtenOffset: number;
}

export interface LabelState {
  /** Null until the gazetteer has loaded (or failed: then an empty catalogue). */
  catalogue: LabelCatalogue | null;
  /** Frame time (ms) the label system first ran: the load delays count from it. -1 = not yet. */
  startedAt: number;
  /** Catalogue index -> label being drawn (placed, held or fading). */
  active: Map<number, ActiveLabel>;
  freeSlots: number[];
  slotCount: number;
  /** Frame number each catalogue index was last placed (sized with the catalogue). */
  placedFrame: Int32Array;
  /** Catalogue indices placed by the last placement pass, with their boxes and offsets. */
  placedIndex: number[];
  placedOffset: number[];
  placed: PlacedLabel[];
  grid: CollisionGrid;
  /** Inputs of the last placement pass; an identical frame reuses its result. */
  key: Float64Array;
  /** Frame time (ms) of the last placement pass (adaptive quality spaces the passes while the
   * camera moves on a struggling device). */
  placedAt: number;
  /** Text widths per catalogue index (CSS px), measured on first use; NaN = not yet. */
  width: Float32Array;
  height: Float32Array;
  /** The layer state last sent to the GPU (-1 = never). */
  visibleSent: number;
  /** Placement passes run (tests and stats). */
  passes: number;
}

export function createLabelState(): LabelState {
  return {
    catalogue: null,
    startedAt: -1,
    active: new Map(),
    freeSlots: [],
    slotCount: 0,
    placedFrame: new Int32Array(0),
    placedIndex: [],
    placedOffset: [],
    placed: [],
    grid: new CollisionGrid(),
    key: new Float64Array(8).fill(NaN),
    placedAt: -Infinity,
    width: new Float32Array(0),
    height: new Float32Array(0),
    visibleSent: -1,
    passes: 0,
  };
}

/** Installs a catalogue (resets what depends on its indices). */
export function setLabelCatalogue(state: LabelState, catalogue: LabelCatalogue): void {
  state.catalogue = catalogue;
  state.placedFrame = new Int32Array(catalogue.size).fill(-1);
  state.width = new Float32Array(catalogue.size).fill(NaN);
  state.height = new Float32Array(catalogue.size).fill(NaN);
  state.placedIndex = [];
  state.placedOffset = [];
  state.placed = [];
  state.key.fill(NaN);
}
