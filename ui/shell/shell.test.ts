import { describe, expect, it } from 'vitest';
import { NAVBAR_IDLE_MS, NAVBAR_LEAVE_MS, NavbarAutoHide, type Timers } from './autoHide';
import { blurFilter, revealPlan } from './blur';

/** Fake clock: timers fire when `advance` passes them. */
function fakeTimers(): Timers & { advance(ms: number): void; pending(): number } {
  let now = 0;
  let id = 0;
  const queue = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimeout(fn, ms) {
      id += 1;
      queue.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout(h) {
      queue.delete(h as number);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const next = [...queue.entries()].sort((a, b) => a[1].at - b[1].at)[0];
        if (!next || next[1].at > end) break;
        queue.delete(next[0]);
        now = next[1].at;
        next[1].fn();
      }
      now = end;
    },
    pending: () => queue.size,
  };
}

describe('navbar auto-hide (spec section 4)', () => {
  it('minimises after 60 s idle, expands on hover, re-minimises 5 s after leaving', () => {
    const t = fakeTimers();
    const changes: boolean[] = [];
    const h = new NavbarAutoHide((m) => changes.push(m), t);
    h.start();
    t.advance(NAVBAR_IDLE_MS - 1);
    expect(h.isMinimized).toBe(false);
    t.advance(1);
    expect(h.isMinimized).toBe(true);
    h.pointerEnter();
    expect(h.isMinimized).toBe(false);
    t.advance(10 * NAVBAR_IDLE_MS); // hovering: never hides
    expect(h.isMinimized).toBe(false);
    h.pointerLeave();
    t.advance(NAVBAR_LEAVE_MS - 1);
    expect(h.isMinimized).toBe(false);
    t.advance(1);
    expect(h.isMinimized).toBe(true);
    expect(changes).toEqual([true, false, true]);
  });

  it('a manual toggle disables auto-hide', () => {
    const t = fakeTimers();
    const h = new NavbarAutoHide(() => undefined, t);
    h.start();
    h.toggle();
    expect(h.isMinimized).toBe(true);
    h.toggle();
    expect(h.isMinimized).toBe(false);
    expect(h.isAuto).toBe(false);
    h.pointerEnter();
    h.pointerLeave();
    t.advance(2 * NAVBAR_IDLE_MS);
    expect(h.isMinimized).toBe(false);
    expect(t.pending()).toBe(0);
  });
});

describe('reveal plan (spec section 2 shell states)', () => {
  it('blurs / heavily with the UI hidden, and steps /app to sharp then shows the UI', () => {
    expect(revealPlan('landing', false)).toEqual({ steps: [{ atMs: 0, px: 8 }], uiAtMs: null });
    const app = revealPlan('app', false);
    expect(app.steps.map((s) => s.px)).toEqual([4, 2, 0]);
    expect(app.steps[0]?.atMs).toBe(0);
    expect(app.uiAtMs).toBe(1000);
    expect(Math.max(...app.steps.map((s) => s.atMs))).toBeLessThan(1000);
    expect(revealPlan('app', true).steps.map((s) => s.px)).toEqual([6, 4, 2, 0]);
    expect(revealPlan('background', false).uiAtMs).toBe(0);
    // A direct visit: the globe is already on screen, sharp; the UI fades in without a blur.
    expect(revealPlan('app', false, true)).toEqual({ steps: [{ atMs: 0, px: 0 }], uiAtMs: 0 });
    expect(revealPlan('app', true, true).steps.map((s) => s.px)).toEqual([0]);
    // The landing stays blurred whatever came before.
    expect(revealPlan('landing', false, true).steps.map((s) => s.px)).toEqual([8]);
    expect(blurFilter(0)).toBe('none');
    expect(blurFilter(4)).toBe('blur(4px)');
  });
});
