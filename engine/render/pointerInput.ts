/**
 * Gathers pointer input on the globe canvas between frames into `world.pointer` for the picking
 * system. A click is a press shorter than CLICK_MAX_MS that moved less than DRAG_PX.
 */
import type { PointerState } from '../world';

/** Spec: a click is under 800 ms; moving more than 20 px makes it a drag. */
export const CLICK_MAX_MS = 800;
export const DRAG_PX = 20;

export function attachPointerInput(canvas: HTMLCanvasElement, p: PointerState): () => void {
  let downAt = -1;
  let downX = 0;
  let downY = 0;
  const local = (e: PointerEvent): void => {
    const rect = canvas.getBoundingClientRect();
    p.x = e.clientX - rect.left;
    p.y = e.clientY - rect.top;
    p.touch = e.pointerType === 'touch';
  };
  const onMove = (e: PointerEvent): void => {
    local(e);
    p.inside = true;
    p.moved = true;
  };
  const onDown = (e: PointerEvent): void => {
    local(e);
    downAt = e.timeStamp;
    downX = p.x;
    downY = p.y;
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
  };
  const onLeave = (): void => {
    p.inside = false;
    p.moved = true;
  };
  canvas.addEventListener('pointermove', onMove);
  canvas.addEventListener('pointerdown', onDown);
  canvas.addEventListener('pointerup', onUp);
  canvas.addEventListener('pointerleave', onLeave);
  return () => {
    canvas.removeEventListener('pointermove', onMove);
    canvas.removeEventListener('pointerdown', onDown);
    canvas.removeEventListener('pointerup', onUp);
    canvas.removeEventListener('pointerleave', onLeave);
  };
}
