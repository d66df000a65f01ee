/**
 * Spec globe.md section 9 (touch): a 500 ms long press shows what is under the finger. The engine
 * reports the press with the point of the globe and its country (the `gesture` signal); this card
 * shows them beside the finger for a few seconds.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { formatLatLon } from '../../data/globe/keymap';
import { gesture } from '../../engine/signals';
import { hapticTap } from './mobileState';

/** How long the card stays at most, ms (ours); the next touch anywhere also hides it. */
export const LONG_PRESS_CARD_MS = 6000;

export function LongPressCard() {
  useSignals();
  const g = gesture.value;
  const [hiddenAt, setHiddenAt] = useState(0);
  const at = g?.type === 'longpress' ? g.at : 0;
  useEffect(() => {
    if (at === 0) return undefined;
    hapticTap();
    const hide = (): void => setHiddenAt(at);
    const t = window.setTimeout(hide, LONG_PRESS_CARD_MS);
    // The finger that pressed is still down: hide on the next press, not on its release.
    const onDown = (): void => {
      window.removeEventListener('pointerdown', onDown, true);
      hide();
    };
    const arm = window.setTimeout(() => window.addEventListener('pointerdown', onDown, true), 0);
    return () => {
      window.clearTimeout(t);
      window.clearTimeout(arm);
      window.removeEventListener('pointerdown', onDown, true);
    };
  }, [at]);
  if (g === null || g.type !== 'longpress' || hiddenAt === g.at) return null;
  const lat = g.lat ?? null;
  const lon = g.lon ?? null;
  return (
    <div
      className="mobile-longpress"
      role="status"
      data-testid="mobile-longpress"
      style={{
        left: `clamp(8px, ${g.x - 110}px, calc(100vw - 228px))`,
        top: `max(56px, ${g.y - 96}px)`,
      }}
    >
      {lat !== null && lon !== null ? (
        <>
          <strong>{g.place !== undefined && g.place !== '' ? g.place : 'Open ocean'}</strong>
          <span>{formatLatLon(lat, lon)}</span>
        </>
      ) : (
        <strong>Space (off the globe)</strong>
      )}
    </div>
  );
}
