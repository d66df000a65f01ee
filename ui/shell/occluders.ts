/**
 * The rectangles the UI occupies over the globe, published to the engine (`setOccluders`) so no
 * place-name label is placed under a control. Every element marked `data-occludes` counts: the
 * navbar, panels, bars, floating buttons, open dialogs and sheets (the kit's Panel, Dialog and
 * Sheet carry the attribute).
 *
 * Measured with getBoundingClientRect only when something may have moved: a ResizeObserver on
 * each marked element, a window resize, a marked element added or removed (a route change, a
 * dialog opening), a class / hidden / open change on one, and the end of a CSS transition or
 * animation (a sheet sliding in). Changes are batched to one measurement per animation frame, and
 * the command is sent only when the rectangles changed: never per frame while nothing moves.
 * Text changes (the live readouts write textContent four times a second) are ignored.
 */
import { sendCommand } from '../../engine/commands';

/** The attribute that marks an element as covering the globe. */
export const OCCLUDES_ATTR = 'data-occludes';
const SELECTOR = `[${OCCLUDES_ATTR}]`;

export interface OccluderRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Visible rectangles of the marked elements (CSS px, viewport coordinates, whole pixels out). */
export function measureOccluders(root: ParentNode = document): OccluderRect[] {
  const out: OccluderRect[] = [];
  for (const el of root.querySelectorAll(SELECTOR)) {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0)
      continue;
    const x = Math.floor(r.left);
    const y = Math.floor(r.top);
    out.push({ x, y, width: Math.ceil(r.right) - x, height: Math.ceil(r.bottom) - y });
  }
  return out;
}

/** The rectangles last published (tooltips keep clear of them too). */
let current: readonly OccluderRect[] = [];
export function currentOccluders(): readonly OccluderRect[] {
  return current;
}

function same(a: readonly OccluderRect[], b: readonly OccluderRect[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((r, i) => {
    const o = b[i] as OccluderRect;
    return r.x === o.x && r.y === o.y && r.width === o.width && r.height === o.height;
  });
}

function touchesOccluder(n: Node): boolean {
  return n instanceof Element && (n.matches(SELECTOR) || n.querySelector(SELECTOR) !== null);
}

/** Starts publishing; returns the function that stops it. */
export function startOccluders(): () => void {
  let last: OccluderRect[] = [];
  let frame = 0;
  const observed = new Set<Element>();
  const resize = new ResizeObserver(() => schedule());

  const publish = (): void => {
    frame = 0;
    const now = new Set(document.querySelectorAll(SELECTOR));
    for (const el of observed) {
      if (!now.has(el)) {
        resize.unobserve(el);
        observed.delete(el);
      }
    }
    for (const el of now) {
      if (!observed.has(el)) {
        resize.observe(el);
        observed.add(el);
      }
    }
    const rects = measureOccluders();
    if (same(rects, last)) return;
    last = rects;
    current = rects;
    sendCommand({ type: 'setOccluders', rects });
  };
  function schedule(): void {
    if (frame === 0) frame = requestAnimationFrame(publish);
  }

  const mutations = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') {
        if (touchesOccluder(r.target)) return schedule();
        continue;
      }
      for (const n of r.addedNodes) if (touchesOccluder(n)) return schedule();
      for (const n of r.removedNodes) if (n instanceof Element) return schedule();
    }
  });
  mutations.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: [OCCLUDES_ATTR, 'class', 'hidden', 'open'],
  });
  const onEvent = (): void => schedule();
  window.addEventListener('resize', onEvent);
  document.addEventListener('transitionend', onEvent, true);
  document.addEventListener('animationend', onEvent, true);
  schedule();
  return () => {
    if (frame !== 0) cancelAnimationFrame(frame);
    mutations.disconnect();
    resize.disconnect();
    window.removeEventListener('resize', onEvent);
    document.removeEventListener('transitionend', onEvent, true);
    document.removeEventListener('animationend', onEvent, true);
  };
}
