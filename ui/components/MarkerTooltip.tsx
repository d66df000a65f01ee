import { useSignals } from '@preact/signals-react/runtime';
import { timeAgo } from '../../data/markers/markerFilter';
import { hoveredMarker } from '../../engine/signals';

/** Spec: max width 300 px. */
const MAX_WIDTH = 300;
/** Gap between the pointer and the tooltip, px. */
const OFFSET = 14;

/** Spec: title and first category, max width 300 px, time ago. Flips to stay on screen. */
export function MarkerTooltip() {
  useSignals();
  const h = hoveredMarker.value;
  if (!h) return null;
  const flipX = h.x + OFFSET + MAX_WIDTH > window.innerWidth;
  const flipY = h.y + OFFSET + 90 > window.innerHeight;
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
