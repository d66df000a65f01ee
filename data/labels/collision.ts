/**
 * The one screen-space collision index of a placement pass, in CSS pixels:
 * - obstacles (markers, cluster badges, the user marker, the rectangles the UI occupies) are
 *   rasterised into an occupancy bitmap of OBSTACLE_CELL_PX cells - thousands of small squares
 *   cost a few cell writes each, and a cell touched by an obstacle is never given to a label
 *   (conservative: a label box that overlaps an obstacle always shares a cell with it);
 * - labels are boxes in a uniform grid: each placed box is filed under every cell it touches; a
 *   new box is tested against the obstacle cells under it, then only against the boxes in its own
 *   grid cells, so placing n labels costs about O(n) instead of O(n^2).
 * Obstacles go in first, so they always win. Nothing is allocated per pass once the arrays have
 * grown to the viewport and the busiest view.
 */

/** Cell size in CSS px: about one label's height times four, a few boxes per cell. */
export const COLLISION_CELL_PX = 64;
/** Obstacle bitmap cell size in CSS px. */
export const OBSTACLE_CELL_PX = 4;

export interface ScreenBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function boxesOverlap(a: ScreenBox, b: ScreenBox): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

export class CollisionGrid {
  private cols = 0;
  private rows = 0;
  private cells: number[][] = [];
  private readonly boxes: ScreenBox[] = [];
  /** Stamp per box of the last query that tested it (a box in two cells is tested once). */
  private seen = new Int32Array(256);
  private stamp = 0;
  private occCols = 0;
  private occRows = 0;
  private occ = new Uint8Array(0);

  /** Clears the grid for a viewport of `width` x `height` CSS px (reuses the arrays). */
  reset(width: number, height: number): void {
    const oc = Math.max(1, Math.ceil(width / OBSTACLE_CELL_PX));
    const or = Math.max(1, Math.ceil(height / OBSTACLE_CELL_PX));
    if (oc * or > this.occ.length) this.occ = new Uint8Array(oc * or);
    else this.occ.fill(0, 0, oc * or);
    this.occCols = oc;
    this.occRows = or;
    const cols = Math.max(1, Math.ceil(width / COLLISION_CELL_PX));
    const rows = Math.max(1, Math.ceil(height / COLLISION_CELL_PX));
    if (cols !== this.cols || rows !== this.rows) {
      this.cols = cols;
      this.rows = rows;
      this.cells = Array.from({ length: cols * rows }, () => []);
    } else {
      for (const c of this.cells) c.length = 0;
    }
    this.boxes.length = 0;
  }

  get size(): number {
    return this.boxes.length;
  }

  private range(box: ScreenBox): [number, number, number, number] {
    // Both ends clamped into the grid: a box partly or wholly off screen lives in the edge cells
    // (otherwise two off-screen boxes would never meet).
    const col = (x: number): number =>
      Math.min(this.cols - 1, Math.max(0, Math.floor(x / COLLISION_CELL_PX)));
    const row = (y: number): number =>
      Math.min(this.rows - 1, Math.max(0, Math.floor(y / COLLISION_CELL_PX)));
    return [col(box.x0), col(box.x1), row(box.y0), row(box.y1)];
  }

  /** Marks the rectangle (CSS px) as occupied by an obstacle; off-screen parts are dropped. */
  block(x0: number, y0: number, x1: number, y1: number): void {
    const w = this.occCols;
    const h = this.occRows;
    if (x1 < 0 || y1 < 0 || x0 >= w * OBSTACLE_CELL_PX || y0 >= h * OBSTACLE_CELL_PX) return;
    const c0 = Math.max(0, Math.floor(x0 / OBSTACLE_CELL_PX));
    const c1 = Math.min(w - 1, Math.floor(x1 / OBSTACLE_CELL_PX));
    const r0 = Math.max(0, Math.floor(y0 / OBSTACLE_CELL_PX));
    const r1 = Math.min(h - 1, Math.floor(y1 / OBSTACLE_CELL_PX));
    for (let r = r0; r <= r1; r++) this.occ.fill(1, r * w + c0, r * w + c1 + 1);
  }

  /** Whether `box` touches a cell occupied by an obstacle. */
  blocked(box: ScreenBox): boolean {
    const w = this.occCols;
    const h = this.occRows;
    const c0 = Math.max(0, Math.floor(box.x0 / OBSTACLE_CELL_PX));
    const c1 = Math.min(w - 1, Math.floor(box.x1 / OBSTACLE_CELL_PX));
    const r0 = Math.max(0, Math.floor(box.y0 / OBSTACLE_CELL_PX));
    const r1 = Math.min(h - 1, Math.floor(box.y1 / OBSTACLE_CELL_PX));
    const occ = this.occ;
    for (let r = r0; r <= r1; r++) {
      const row = r * w;
      for (let c = c0; c <= c1; c++) if (occ[row + c] !== 0) return true;
    }
    return false;
  }

  /** Whether `box` overlaps an obstacle or any placed box. */
  collides(box: ScreenBox): boolean {
    if (this.blocked(box)) return true;
    const [c0, c1, r0, r1] = this.range(box);
    this.stamp++;
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        for (const i of this.cells[r * this.cols + c] as number[]) {
          if (this.seen[i] === this.stamp) continue;
          this.seen[i] = this.stamp;
          if (boxesOverlap(box, this.boxes[i] as ScreenBox)) return true;
        }
      }
    }
    return false;
  }

  /** Places `box` unless it overlaps a placed one; returns whether it was placed. The box object
   * is kept by reference until the next reset. */
  tryPlace(box: ScreenBox): boolean {
    if (this.collides(box)) return false;
    const i = this.boxes.length;
    this.boxes.push(box);
    if (this.seen.length <= i) {
      const grown = new Int32Array(this.seen.length * 2);
      grown.set(this.seen);
      this.seen = grown;
    }
    const [c0, c1, r0, r1] = this.range(box);
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) (this.cells[r * this.cols + c] as number[]).push(i);
    }
    return true;
  }
}
