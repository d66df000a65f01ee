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
  /** Writes one slot; alpha 0 hides it. `offsetX`/`offsetY` move the text right/down from its
   * anchor (CSS px, whole pixels): the placement may move a label to a free anchor beside its
   * point. A `sky` label (sun, moon, planets) is not on the globe: no far-side test. */
  writeSlot(
    slot: number,
    x: number,
    y: number,
    z: number,
    text: string,
    kind: number,
    alpha: number,
    offsetX: number,
    offsetY: number,
    sky?: boolean,
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
  /** The label's kind; 'sky' for the sun, moon and planets. */
  kind: LabelKind | 'sky';
  name: string;
  /** The selected country's name (placed first, like a badge). */
  selected?: boolean;
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
  /** Offset from the anchor (CSS px, right and down) chosen by the placement, and the one
   * written (as offsetKey(x, y)). */
  offsetX: number;
  offsetY: number;
  writtenOffset: number;
}

/** One number per offset pair (whole CSS px), to see whether a slot must be rewritten. */
export const offsetKey = (x: number, y: number): number => Math.round(x) * 8192 + Math.round(y);

/** Most UI rectangles the label placement keeps out of (setOccluders). */
export const MAX_OCCLUDERS = 64;

/** What an obstacle of the placement is (automation reports them by kind). */
export const OBSTACLE_UI = 0;
export const OBSTACLE_MARKER = 1;
export const OBSTACLE_USER = 2;

/** Sky labels (sun, moon, planets) use label indices from the catalogue's size on. */
export const SKY_LABELS = 9;

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
  /** Offsets (x, y pairs, CSS px) of the placed labels. */
  placedOffset: number[];
  placed: PlacedLabel[];
  /** UI rectangles to keep clear (x0, y0, x1, y1 per rectangle, CSS px), their count, and a
   * version bumped by each setOccluders (a change re-runs the placement). */
  ui: Float32Array;
  uiCount: number;
  uiVersion: number;
  /** Obstacles of the last placement pass (x0, y0, x1, y1 per obstacle, CSS px) and their kind
   * (OBSTACLE_*); grown by doubling, never shrunk. */
  obstacles: Float32Array;
  obstacleKind: Uint8Array;
  obstacleCount: number;
  /** Sky labels this pass: name and scene position per SKY_LABELS index. */
  skyName: string[];
  skyPos: Float64Array;
  /** The selected country's label index (catalogue) placed first, -1 = none. */
  selectedLabel: number;
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
    ui: new Float32Array(MAX_OCCLUDERS * 4),
    uiCount: 0,
    uiVersion: 0,
    obstacles: new Float32Array(1024),
    obstacleKind: new Uint8Array(256),
    obstacleCount: 0,
    skyName: new Array<string>(SKY_LABELS).fill(''),
    skyPos: new Float64Array(SKY_LABELS * 3),
    selectedLabel: -1,
    grid: new CollisionGrid(),
    key: new Float64Array(12).fill(NaN),
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
  state.placedFrame = new Int32Array(catalogue.size + SKY_LABELS).fill(-1);
  state.width = new Float32Array(catalogue.size + SKY_LABELS).fill(NaN);
  state.height = new Float32Array(catalogue.size + SKY_LABELS).fill(NaN);
  state.placedIndex = [];
  state.placedOffset = [];
  state.placed = [];
  state.key.fill(NaN);
}
