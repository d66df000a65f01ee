import { useId, type ReactNode } from 'react';
import { Button } from './Button';
import { isBackdropClick, useModal } from './useModal';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom (Save / Cancel...). */
  footer?: ReactNode;
  /** Controls beside the title (export, reset...). */
  headerActions?: ReactNode;
  /** Extra class on the <dialog> (width overrides live in the page's stylesheet). */
  className?: string;
  /** Closing on a backdrop click (default true). */
  closeOnBackdrop?: boolean;
  testId?: string;
}

/**
 * The kit's modal dialog (native <dialog> + showModal): focus is trapped by the browser, Escape
 * and the close button call onClose, a backdrop click too (unless closeOnBackdrop is false), and
 * focus returns to the opener. Full-screen on phones (kit.css).
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  headerActions,
  className,
  closeOnBackdrop = true,
  testId,
}: DialogProps) {
  const ref = useModal(open, onClose);
  const titleId = useId();
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={className === undefined ? 'kit-dialog' : `kit-dialog ${className}`}
      data-occludes=""
      aria-labelledby={titleId}
      data-testid={testId}
      onClick={(e) => {
        if (closeOnBackdrop && isBackdropClick(e)) onClose();
      }}
    >
      <div className="kit-dialog__header">
        <h2 id={titleId} className="kit-dialog__title">
          {title}
        </h2>
        {headerActions}
        <Button variant="ghost" icon aria-label="Close" onClick={onClose}>
          ×
        </Button>
      </div>
      <div className="kit-dialog__body">{children}</div>
      {footer !== undefined ? <div className="kit-dialog__footer">{footer}</div> : null}
    </dialog>
  );
}
