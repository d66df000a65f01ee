import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CollisionGrid, boxesOverlap, type ScreenBox } from './collision';

const box = (x: number, y: number, w: number, h: number): ScreenBox => ({
  x0: x,
  y0: y,
  x1: x + w,
  y1: y + h,
});

describe('CollisionGrid', () => {
  it('rejects an overlapping box and accepts touching or distant ones', () => {
    const g = new CollisionGrid();
    g.reset(1280, 720);
    expect(g.tryPlace(box(100, 100, 80, 20))).toBe(true);
    expect(g.tryPlace(box(150, 110, 80, 20))).toBe(false);
    expect(g.tryPlace(box(180, 100, 40, 20))).toBe(true); // touches the right edge only
    expect(g.tryPlace(box(600, 400, 80, 20))).toBe(true);
    expect(g.size).toBe(3);
    g.reset(1280, 720);
    expect(g.size).toBe(0);
    expect(g.tryPlace(box(150, 110, 80, 20))).toBe(true);
  });

  it('finds overlaps with boxes spanning many cells', () => {
    const g = new CollisionGrid();
    g.reset(1280, 720);
    expect(g.tryPlace(box(10, 10, 600, 30))).toBe(true);
    expect(g.tryPlace(box(500, 20, 10, 10))).toBe(false);
  });

  it('never places two overlapping boxes, and places every box that fits (property)', () => {
    const arbBox = fc
      .record({
        x: fc.double({ min: -50, max: 1300, noNaN: true }),
        y: fc.double({ min: -50, max: 760, noNaN: true }),
        w: fc.double({ min: 1, max: 300, noNaN: true }),
        h: fc.double({ min: 1, max: 40, noNaN: true }),
      })
      .map(({ x, y, w, h }) => box(x, y, w, h));
    fc.assert(
      fc.property(fc.array(arbBox, { maxLength: 300 }), (boxes) => {
        const g = new CollisionGrid();
        g.reset(1280, 720);
        const placed: ScreenBox[] = [];
        for (const b of boxes) {
          const fits = !placed.some((p) => boxesOverlap(p, b));
          const ok = g.tryPlace(b);
          // The grid answers exactly what a brute-force check answers.
          expect(ok).toBe(fits);
          if (ok) placed.push(b);
        }
        for (let i = 0; i < placed.length; i++) {
          for (let j = i + 1; j < placed.length; j++) {
            expect(boxesOverlap(placed[i] as ScreenBox, placed[j] as ScreenBox)).toBe(false);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('never places a box over an obstacle (markers and UI win), and reset clears them', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.float({ min: -50, max: 1300, noNaN: true }),
            fc.float({ min: -50, max: 750, noNaN: true }),
            fc.float({ min: 1, max: 60, noNaN: true }),
          ),
          { maxLength: 60 },
        ),
        fc.array(
          fc.tuple(
            fc.float({ min: 0, max: 1280, noNaN: true }),
            fc.float({ min: 0, max: 720, noNaN: true }),
            fc.float({ min: 5, max: 200, noNaN: true }),
          ),
          { maxLength: 60 },
        ),
        (obstacles, labels) => {
          const g = new CollisionGrid();
          g.reset(1280, 720);
          const obs = obstacles.map(([x, y, s]) => box(x, y, s, s));
          for (const o of obs) g.block(o.x0, o.y0, o.x1, o.y1);
          for (const [x, y, w] of labels) {
            const b = box(x, y, w, 16);
            // The placement keeps labels inside the viewport (EDGE_MARGIN_PX).
            if (b.x1 > 1278 || b.y1 > 718) continue;
            if (!g.tryPlace(b)) continue;
            for (const o of obs) expect(boxesOverlap(b, o)).toBe(false);
          }
        },
      ),
    );
    const g = new CollisionGrid();
    g.reset(1280, 720);
    g.block(100, 100, 140, 140);
    expect(g.tryPlace(box(90, 90, 20, 20))).toBe(false);
    expect(g.tryPlace(box(150, 100, 20, 20))).toBe(true);
    g.reset(1280, 720);
    expect(g.tryPlace(box(90, 90, 20, 20))).toBe(true);
  });
});
