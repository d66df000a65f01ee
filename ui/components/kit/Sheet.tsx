import { useId, useRef, type ReactNode } from 'react';
import { Button } from './Button';
import { isBackdropClick, useModal } from './useModal';

/** Spec globe.md section 9: a downward drag over 100 px closes a sheet. */
export const SHEET_DRAG_CLOSE_PX = 100;

export interface SheetProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Height as a CSS length, e.g. '60vh' or '90vh' (spec: Layers/Search 60vh, Articles/Settings 90vh). */
  height: string;
  children?: ReactNode;
  testId?: string;
  /** Extra class on the sheet (a page positions it, e.g. above its own bottom bar). */
  className?: string;
}

/**
 * A bottom sheet (native modal <dialog>): closes on a backdrop tap, on the close button, on Escape,
 * and on a downward drag of the handle beyond 100 px; while dragging it follows the finger
 * (a transform written straight to the element: no React render per pointer move).
 *
 * A shorter drag springs back (a CSS transition). The handle takes no text selection (a mouse
 * drag there used to select the sheet's text, and a later tap then only cleared the selection),
 * and a backdrop tap counts only when the press also went down on the backdrop (a drag that starts
 * in the sheet and ends above it, or a press on the sheet while it springs back, does not close).
 */
export function Sheet({ open, onClose, title, height, children, testId, className }: SheetProps) {
  const ref = useModal(open, onClose);
  const titleId = useId();
  const drag = useRef<{ id: number; y0: number; dy: number } | null>(null);
  const downOnBackdrop = useRef(false);
  if (!open) return null;

  const setOffset = (dy: number): void => {
    const el = ref.current;
    if (el !== null) el.style.transform = dy > 0 ? `translateY(${dy}px)` : '';
  };

  return (
    <dialog
      ref={ref}
      className={className === undefined ? 'kit-sheet' : `kit-sheet ${className}`}
      data-occludes=""
      style={{ height, maxHeight: height }}
      aria-labelledby={titleId}
      data-testid={testId}
      onPointerDown={(e) => {
        downOnBackdrop.current = isBackdropClick(e);
      }}
      onClick={(e) => {
        const fromBackdrop = downOnBackdrop.current;
        downOnBackdrop.current = false;
        if (fromBackdrop && isBackdropClick(e)) onClose();
      }}
    >
      <div
        className="kit-sheet__handle"
        data-testid={testId === undefined ? undefined : `${testId}-handle`}
        onPointerDown={(e) => {
          if ((e.target as HTMLElement).closest('button') !== null) return;
          // No text selection or focus move from a drag (touch-action: none covers touch).
          e.preventDefault();
          drag.current = { id: e.pointerId, y0: e.clientY, dy: 0 };
          e.currentTarget.setPointerCapture(e.pointerId);
          ref.current?.classList.add('kit-sheet--dragging');
        }}
        onPointerMove={(e) => {
          const d = drag.current;
          if (d === null || d.id !== e.pointerId) return;
          d.dy = Math.max(0, e.clientY - d.y0);
          setOffset(d.dy);
        }}
        onPointerUp={(e) => {
          const d = drag.current;
          if (d === null || d.id !== e.pointerId) return;
          drag.current = null;
          ref.current?.classList.remove('kit-sheet--dragging');
          if (d.dy > SHEET_DRAG_CLOSE_PX) onClose();
          else setOffset(0);
        }}
        onPointerCancel={(e) => {
          if (drag.current?.id !== e.pointerId) return;
          drag.current = null;
          ref.current?.classList.remove('kit-sheet--dragging');
          setOffset(0);
        }}
      >
        <div className="kit-sheet__grip" aria-hidden="true" />
        <div className="kit-sheet__header">
          <h2 id={titleId} className="kit-sheet__title">
            {title}
          </h2>
          <Button variant="ghost" icon aria-label="Close" onClick={onClose}>
            ×
          </Button>
        </div>
      </div>
      <div className="kit-sheet__body">{children}</div>
    </dialog>
  );
}
