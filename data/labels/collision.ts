/**
 * Screen-space label collision: a uniform grid over the viewport. Each placed box is filed under
 * every cell it touches; a new box is tested only against the boxes in its own cells, so placing
 * n labels costs about O(n) instead of O(n^2). Boxes are axis-aligned, in CSS pixels.
 */

/** Cell size in CSS px: about one label's height times four, a few boxes per cell. */
export const COLLISION_CELL_PX = 64;

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

  /** Clears the grid for a viewport of `width` x `height` CSS px (reuses the arrays). */
  reset(width: number, height: number): void {
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

  /** Whether `box` overlaps any placed box. */
  collides(box: ScreenBox): boolean {
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
