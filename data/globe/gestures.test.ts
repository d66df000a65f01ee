import { describe, expect, it } from 'vitest';
import {
  classifyPress,
  clampVelocity,
  createDoubleTapDetector,
  createGestureRecognizer,
  createMomentum,
  createVelocityTracker,
  detectSwipe,
  doubleTapZoom,
  FRAME_MS,
  MOMENTUM_DECAY,
  MOMENTUM_MAX_VELOCITY,
} from './gestures';
import type { GestureEvent } from './gestures';

const types = (events: readonly GestureEvent[]): string[] => events.map((e) => e.type);

describe('double tap', () => {
  it('fires for two taps within 300 ms and 50 px, once per pair', () => {
    const d = createDoubleTapDetector();
    expect(d.tap(1000, 100, 100)).toBe(false);
    expect(d.tap(1300, 130, 140)).toBe(true); // 300 ms, 50 px: both limits inclusive
    expect(d.tap(1400, 130, 140)).toBe(false); // a third tap starts a new pair
    expect(d.tap(1500, 130, 140)).toBe(true);
  });

  it('does not fire when too slow or too far', () => {
    const d = createDoubleTapDetector();
    d.tap(0, 0, 0);
    expect(d.tap(301, 0, 0)).toBe(false);
    expect(d.tap(400, 51, 0)).toBe(false);
    expect(d.tap(450, 51, 10)).toBe(true);
  });

  it('zooms to 300 when farther than 400, else to 600, over 500 ms', () => {
    expect(doubleTapZoom(600)).toEqual({ targetDistance: 300, durationMs: 500 });
    expect(doubleTapZoom(400.01).targetDistance).toBe(300);
    expect(doubleTapZoom(400)).toEqual({ targetDistance: 600, durationMs: 500 });
    expect(doubleTapZoom(250).targetDistance).toBe(600);
  });
});

describe('swipe', () => {
  it('needs at least 50 px within 300 ms', () => {
    expect(detectSwipe(0, 0, 0, 300, 50, 0)).toEqual({
      direction: 'right',
      dx: 50,
      dy: 0,
      durationMs: 300,
    });
    expect(detectSwipe(0, 0, 0, 301, 80, 0)).toBeNull();
    expect(detectSwipe(0, 0, 0, 100, 49, 0)).toBeNull();
    expect(detectSwipe(0, 100, 100, 120, 90, 20)?.direction).toBe('up');
    expect(detectSwipe(0, 100, 100, 120, 90, 200)?.direction).toBe('down');
    expect(detectSwipe(0, 100, 100, 120, 20, 110)?.direction).toBe('left');
  });
});

describe('click vs drag (country selection)', () => {
  it('a short, still press is a click', () => {
    expect(classifyPress({ durationMs: 200, maxDisplacementPx: 3, netDisplacementPx: 3 })).toBe(
      'click',
    );
    expect(classifyPress({ durationMs: 799, maxDisplacementPx: 20, netDisplacementPx: 20 })).toBe(
      'click',
    );
  });

  it('moving over 20 px makes it a drag, even if it comes back', () => {
    expect(
      classifyPress({ durationMs: 100, maxDisplacementPx: 20.5, netDisplacementPx: 20.5 }),
    ).toBe('drag');
    expect(classifyPress({ durationMs: 100, maxDisplacementPx: 25, netDisplacementPx: 2 })).toBe(
      'drag',
    );
  });

  it('800 ms or longer is not a click', () => {
    expect(classifyPress({ durationMs: 800, maxDisplacementPx: 0, netDisplacementPx: 0 })).toBe(
      'hold',
    );
  });

  it('the 30 px bound applies when the drag threshold is raised', () => {
    const p = { durationMs: 100, maxDisplacementPx: 32, netDisplacementPx: 30 };
    expect(classifyPress(p, 40)).toBe('hold');
    expect(classifyPress({ ...p, netDisplacementPx: 29 }, 40)).toBe('click');
  });
});

describe('velocity and momentum', () => {
  it('measures release velocity in px per 60 Hz frame over the last 100 ms', () => {
    const v = createVelocityTracker();
    // 0.3 px/ms = 5 px per frame, after a slow start that is outside the window.
    v.add(0, 0, 0);
    v.add(500, 1, 0);
    for (let t = 510; t <= 600; t += 10) v.add(t, 1 + (t - 500) * 0.3, 0);
    const { vx, vy } = v.velocity();
    expect(vx).toBeCloseTo(0.3 * FRAME_MS, 9);
    expect(vy).toBe(0);
    v.reset();
    expect(v.velocity()).toEqual({ vx: 0, vy: 0 });
  });

  it('clamps velocity to 20 keeping its direction', () => {
    const c = clampVelocity(30, 40);
    expect(Math.hypot(c.vx, c.vy)).toBeCloseTo(MOMENTUM_MAX_VELOCITY, 12);
    expect(c.vx / c.vy).toBeCloseTo(0.75, 12);
    expect(clampVelocity(3, 4)).toEqual({ vx: 3, vy: 4 });
  });

  it('decays x0.95 per frame and stops', () => {
    const m = createMomentum();
    m.release(100, 0);
    expect(m.vx).toBe(20);
    const first = m.step();
    expect(first.dx).toBeCloseTo(20, 12);
    expect(m.vx).toBeCloseTo(20 * MOMENTUM_DECAY, 12);
    m.step();
    expect(m.vx).toBeCloseTo(20 * MOMENTUM_DECAY ** 2, 12);
    let frames = 2;
    while (m.active && frames < 1000) {
      m.step();
      frames++;
    }
    expect(m.active).toBe(false);
    // 20 * 0.95^n < 0.05 -> n > 116.8
    expect(frames).toBe(117);
    expect(m.step()).toEqual({ dx: 0, dy: 0 });
  });

  it('decays by real elapsed time at other frame rates', () => {
    const a = createMomentum();
    const b = createMomentum();
    a.release(10, 5);
    b.release(10, 5);
    let da = 0;
    for (let k = 0; k < 4; k++) da += a.step().dx; // four 60 Hz frames
    const db = b.step(4 * FRAME_MS).dx; // one 15 Hz frame
    expect(b.vx).toBeCloseTo(a.vx, 12);
    expect(db).toBeGreaterThan(da * 0.9);
    b.stop();
    expect(b.active).toBe(false);
  });
});

describe('gesture recognizer (fake clock)', () => {
  it('tap: click; second quick tap: click + doubletap with the zoom target', () => {
    const g = createGestureRecognizer();
    expect(g.down(0, 100, 100)).toEqual([]);
    expect(types(g.up(80, 102, 101, 600))).toEqual(['click']);
    g.down(200, 110, 105);
    const events = g.up(260, 110, 105, 600);
    expect(types(events)).toEqual(['click', 'doubletap']);
    expect(events[1]).toMatchObject({ targetDistance: 300, durationMs: 500 });
  });

  it('drag: dragstart past 20 px, dragend with clamped velocity, and a swipe when fast', () => {
    const g = createGestureRecognizer();
    g.down(0, 0, 0);
    expect(g.move(16, 10, 0)).toEqual([]);
    expect(g.dragging).toBe(false);
    expect(types(g.move(32, 21, 0))).toEqual(['dragstart']);
    expect(g.dragging).toBe(true);
    expect(g.move(48, 60, 0)).toEqual([]);
    const end = g.up(64, 200, 0);
    expect(types(end)).toEqual(['dragend', 'swipe']);
    const dragEnd = end[0];
    if (dragEnd?.type !== 'dragend') throw new Error('expected dragend');
    expect(dragEnd.vx).toBeCloseTo(MOMENTUM_MAX_VELOCITY, 9);
    expect(end[1]).toMatchObject({ direction: 'right' });
    expect(g.dragging).toBe(false);
  });

  it('a slow drag is not a swipe, and a drag is never a click', () => {
    const g = createGestureRecognizer();
    g.down(0, 0, 0);
    g.move(100, 25, 0);
    g.move(600, 0, 0);
    expect(types(g.up(700, 0, 0))).toEqual(['dragend']);
  });

  it('long press after 500 ms held still (touch), and no click on release', () => {
    const g = createGestureRecognizer();
    g.down(0, 50, 50);
    expect(g.tick(499)).toEqual([]);
    expect(types(g.move(300, 55, 52))).toEqual([]);
    expect(types(g.tick(500))).toEqual(['longpress']);
    expect(g.tick(520)).toEqual([]);
    expect(g.up(650, 55, 52)).toEqual([]);
  });

  it('a touch held 600 ms without ticks still reports the long press at release', () => {
    const g = createGestureRecognizer();
    g.down(0, 50, 50);
    expect(types(g.up(600, 50, 50))).toEqual(['longpress']);
  });

  it('a mouse press held 600 ms is a click (country click allows 800 ms)', () => {
    const g = createGestureRecognizer();
    g.down(0, 50, 50, 'mouse');
    expect(g.tick(600)).toEqual([]);
    expect(types(g.up(600, 52, 50))).toEqual(['click']);
    g.down(1000, 50, 50, 'mouse');
    expect(g.up(1800, 50, 50)).toEqual([]);
  });

  it('moving away before 500 ms cancels the long press', () => {
    const g = createGestureRecognizer();
    g.down(0, 0, 0);
    expect(types(g.move(200, 30, 0))).toEqual(['dragstart']);
    expect(g.tick(800)).toEqual([]);
  });

  it('cancel abandons the press (second finger for a pinch)', () => {
    const g = createGestureRecognizer();
    g.down(0, 0, 0);
    g.cancel();
    expect(g.tick(1000)).toEqual([]);
    expect(g.up(1100, 0, 0)).toEqual([]);
    expect(g.move(1200, 100, 0)).toEqual([]);
  });
});
