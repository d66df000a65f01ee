import { useEffect, useRef, type RefObject } from 'react';

/**
 * Opens and closes a native <dialog> as a modal with the browser's own guarantees: showModal()
 * makes the rest of the page inert (Tab cannot leave the dialog), Escape fires 'cancel'. On close,
 * focus goes back to the element that had it when the dialog opened.
 */
export function useModal(open: boolean, onClose: () => void): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const onCancel = (event: Event): void => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      if (opener !== null && opener.isConnected) opener.focus();
    };
  }, [open]);

  return ref;
}

/** True when a click on the dialog element landed on its ::backdrop (outside the box). */
export function isBackdropClick(event: {
  target: EventTarget;
  currentTarget: EventTarget;
  clientX: number;
  clientY: number;
}): boolean {
  if (event.target !== event.currentTarget) return false;
  const el = event.currentTarget as HTMLElement;
  const r = el.getBoundingClientRect();
  return (
    event.clientX < r.left ||
    event.clientX > r.right ||
    event.clientY < r.top ||
    event.clientY > r.bottom
  );
}
