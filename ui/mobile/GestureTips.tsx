/**
 * Spec globe.md section 2 (mobile layout): the gesture tips - pinch to zoom, drag to rotate,
 * double tap to zoom - shown on a phone's first visit to the globe and remembered once dismissed.
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from '../components/kit';
import { hapticTap } from './mobileState';

export const TIPS_SEEN_KEY = 'atlas_mobile_tips_seen';
export const GESTURE_TIPS: readonly string[] = [
  'Pinch to zoom',
  'Drag to rotate',
  'Double tap to zoom',
];

function seen(): boolean {
  try {
    return localStorage.getItem(TIPS_SEEN_KEY) === 'true';
  } catch {
    return true; // no storage: never nag on every visit
  }
}

/** The tips card's height, published for the toast stack to sit above it (ui/mobile/mobile.css). */
const TIPS_HEIGHT_VAR = '--mobile-tips-h';

export function GestureTips() {
  const [open, setOpen] = useState(() => !seen());
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!open || el === null) return;
    const root = document.documentElement;
    const publish = (): void => root.style.setProperty(TIPS_HEIGHT_VAR, `${el.offsetHeight}px`);
    publish();
    const resize = new ResizeObserver(publish);
    resize.observe(el);
    return () => {
      resize.disconnect();
      root.style.removeProperty(TIPS_HEIGHT_VAR);
    };
  }, [open]);
  if (!open) return null;
  const dismiss = (): void => {
    hapticTap();
    try {
      localStorage.setItem(TIPS_SEEN_KEY, 'true');
    } catch {
      // Storage refused: the tips close for this visit only.
    }
    setOpen(false);
  };
  return (
    <aside
      ref={ref}
      className="mobile-tips"
      aria-label="Gesture tips"
      data-testid="mobile-tips"
      data-occludes=""
    >
      <ul>
        {GESTURE_TIPS.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
      <Button size="small" variant="primary" onClick={dismiss}>
        Got it
      </Button>
    </aside>
  );
}
