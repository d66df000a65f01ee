/**
 * Gathers pointer input on the globe canvas between frames:
 * - into `world.pointer` for the picking system (position, inside, moved, clicked, touch). A
 *   click is a press shorter than CLICK_MAX_MS that moved less than DRAG_PX.
 * - when `controls` is given, raw samples (down/move/up/cancel with timestamps) and wheel events
 *   into `controls.input` for the controls system's gesture recogniser (data/globe/gestures.ts).
 *   A second finger on the screen (pinch) cancels the one-finger gesture; while two fingers are
 *   down, the change of their distance accumulates in `controls.pinch` (the controls system
 *   zooms by it).
 */
import type { ControlsInput } from '../controls';
import type { PointerState } from '../world';

/** Spec: a click is under 800 ms; moving more than 20 px makes it a drag. */
export const CLICK_MAX_MS = 800;
export const DRAG_PX = 20;
/** Samples kept between two frames at most (a stalled frame must not grow the queue forever). */
export const MAX_QUEUED_SAMPLES = 512;

function kindOf(e: PointerEvent): 'mouse' | 'touch' | 'pen' {
  return e.pointerType === 'touch' ? 'touch' : e.pointerType === 'pen' ? 'pen' : 'mouse';
}

export function attachPointerInput(
  canvas: HTMLCanvasElement,
  p: PointerState,
  controls?: ControlsInput,
): () => void {
  let downAt = -1;
  let downX = 0;
  let downY = 0;
  const touches = new Set<number>();
  // Where each finger is (CSS px) and the two fingers' distance at the last pinch step.
  const fingers = new Map<number, { x: number; y: number }>();
  let pinchDist = 0;
  const spread = (): number => {
    if (fingers.size !== 2) return 0;
    const [a, b] = [...fingers.values()];
    return a !== undefined && b !== undefined ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const push = (type: 'down' | 'move' | 'up' | 'cancel', e: PointerEvent): void => {
    if (!controls) return;
    const q = controls.pointers;
    // Coalesce: consecutive moves keep only the newest position (the recogniser needs no more).
    const last = q[q.length - 1];
    if (type === 'move' && last?.type === 'move') {
      last.t = e.timeStamp;
      last.x = p.x;
      last.y = p.y;
      return;
    }
    if (q.length >= MAX_QUEUED_SAMPLES) q.splice(0, q.length - MAX_QUEUED_SAMPLES + 1);
    q.push({ type, t: e.timeStamp, x: p.x, y: p.y, kind: kindOf(e), button: e.button });
  };
  const local = (e: PointerEvent): void => {
    const rect = canvas.getBoundingClientRect();
    p.x = e.clientX - rect.left;
    p.y = e.clientY - rect.top;
    p.touch = e.pointerType === 'touch';
  };
  const onMove = (e: PointerEvent): void => {
    local(e);
    const f = fingers.get(e.pointerId);
    if (f !== undefined) {
      f.x = e.clientX;
      f.y = e.clientY;
      const d = spread();
      if (controls && d > 0 && pinchDist > 0)
        controls.pinch = (controls.pinch ?? 1) * (d / pinchDist);
      if (d > 0) pinchDist = d;
    }
    p.inside = true;
    p.moved = true;
    push('move', e);
  };
  const onDown = (e: PointerEvent): void => {
    local(e);
    downAt = e.timeStamp;
    downX = p.x;
    downY = p.y;
    if (e.pointerType === 'touch') {
      touches.add(e.pointerId);
      fingers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      pinchDist = spread();
      if (touches.size > 1) {
        push('cancel', e);
        return;
      }
    }
    push('down', e);
  };
  const onUp = (e: PointerEvent): void => {
    local(e);
    if (
      downAt >= 0 &&
      e.timeStamp - downAt < CLICK_MAX_MS &&
      Math.hypot(p.x - downX, p.y - downY) < DRAG_PX
    ) {
      p.clicked = true;
    }
    downAt = -1;
    p.moved = true;
    const multi = touches.size > 1;
    touches.delete(e.pointerId);
    fingers.delete(e.pointerId);
    pinchDist = 0;
    if (!multi) push('up', e);
  };
  const onCancel = (e: PointerEvent): void => {
    touches.delete(e.pointerId);
    fingers.delete(e.pointerId);
    pinchDist = 0;
    downAt = -1;
    push('cancel', e);
  };
  const onLeave = (): void => {
    p.inside = false;
    p.moved = true;
  };
  const onWheel = (): void => {
    if (controls) controls.wheel++;
  };
  canvas.addEventListener('pointermove', onMove);
  canvas.addEventListener('pointerdown', onDown);
  canvas.addEventListener('pointerup', onUp);
  canvas.addEventListener('pointercancel', onCancel);
  canvas.addEventListener('pointerleave', onLeave);
  canvas.addEventListener('wheel', onWheel, { passive: true });
  return () => {
    canvas.removeEventListener('pointermove', onMove);
    canvas.removeEventListener('pointerdown', onDown);
    canvas.removeEventListener('pointerup', onUp);
    canvas.removeEventListener('pointercancel', onCancel);
    canvas.removeEventListener('pointerleave', onLeave);
    canvas.removeEventListener('wheel', onWheel);
  };
}
