import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { timeAgo } from '../../data/markers/markerFilter';
import { hoveredMarker } from '../../engine/signals';
import { currentOccluders, type OccluderRect } from '../shell/occluders';

/** Spec: max width 300 px. */
const MAX_WIDTH = 300;
/** Height reserved for the tooltip when choosing its side, px. */
const HEIGHT = 90;
/** Gap between the pointer and the tooltip, px. */
const OFFSET = 14;

const overlaps = (a: OccluderRect, b: OccluderRect): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Where the tooltip goes around the pointer (x, y): the first of below-right, below-left,
 * above-right, above-left that stays on screen and clear of every control (the rectangles the UI
 * publishes, ui/shell/occluders.ts); the least bad on-screen one when none is clear.
 */
export function tooltipSide(
  x: number,
  y: number,
  viewW: number,
  viewH: number,
  occluders: readonly OccluderRect[],
): { flipX: boolean; flipY: boolean } {
  let fallback: { flipX: boolean; flipY: boolean } | null = null;
  for (const flipY of [false, true]) {
    for (const flipX of [false, true]) {
      const box = {
        x: flipX ? x - OFFSET - MAX_WIDTH : x + OFFSET,
        y: flipY ? y - OFFSET - HEIGHT : y + OFFSET,
        width: MAX_WIDTH,
        height: HEIGHT,
      };
      const onScreen =
        box.x >= 0 && box.y >= 0 && box.x + box.width <= viewW && box.y + box.height <= viewH;
      if (!onScreen) continue;
      fallback ??= { flipX, flipY };
      if (!occluders.some((o) => overlaps(box, o))) return { flipX, flipY };
    }
  }
  return fallback ?? { flipX: x + OFFSET + MAX_WIDTH > viewW, flipY: y + OFFSET + HEIGHT > viewH };
}

/** Spec: title and first category, max width 300 px, time ago. Stays on screen and off the
 * controls; a click (anywhere) dismisses it until another marker is hovered. */
export function MarkerTooltip() {
  useSignals();
  const h = hoveredMarker.value;
  const [dismissed, setDismissed] = useState<string | null>(null);
  useEffect(() => {
    const onDown = (): void => setDismissed(hoveredMarker.peek()?.id ?? null);
    window.addEventListener('pointerdown', onDown, true);
    return () => window.removeEventListener('pointerdown', onDown, true);
  }, []);
  if (!h || h.id === dismissed) return null;
  const { flipX, flipY } = tooltipSide(
    h.x,
    h.y,
    window.innerWidth,
    window.innerHeight,
    currentOccluders(),
  );
  const style = {
    ...(flipX ? { right: window.innerWidth - h.x + OFFSET } : { left: h.x + OFFSET }),
    ...(flipY ? { bottom: window.innerHeight - h.y + OFFSET } : { top: h.y + OFFSET }),
  };
  return (
    <div className="marker-tooltip" role="tooltip" data-testid="marker-tooltip" style={style}>
      <div className="marker-tooltip__title">{h.title}</div>
      <div className="marker-tooltip__meta">
        <span className="marker-tooltip__category">{h.category}</span> ·{' '}
        <span>{timeAgo(h.publishedMs, Date.now())}</span>
      </div>
    </div>
  );
}
