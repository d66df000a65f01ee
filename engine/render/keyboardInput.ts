/**
 * The globe's keyboard listener (on window): queues key events for the controls system
 * (systems/controlsSystem.ts, keys in data/globe/keymap.ts) and toggles fullscreen on F itself,
 * because the browser grants fullscreen only inside the key event's handler.
 * Ignored: events typed into inputs, textareas, selects and contenteditable elements, and keys
 * with Ctrl, Alt or Meta (browser and page shortcuts such as Ctrl+R or Cmd+K).
 */
import type { ControlsInput } from '../controls';

/** Key events kept between two frames at most. */
export const MAX_QUEUED_KEYS = 64;

/** True when the event was meant for a text field, not for the globe. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

function toggleFullscreen(): void {
  if (document.fullscreenElement) {
    document.exitFullscreen().catch(() => undefined);
  } else {
    document.documentElement.requestFullscreen().catch(() => undefined);
  }
}

export function attachKeyboardInput(input: ControlsInput, target: Window = window): () => void {
  const handle = (e: KeyboardEvent, down: boolean): void => {
    if (e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return;
    // A focused button owns Space/Enter and the letters (settings: shortcuts never fire there).
    if (e.target instanceof HTMLElement && e.target.tagName === 'BUTTON' && e.key !== 'Escape') {
      return;
    }
    if (down && !e.repeat && (e.key === 'f' || e.key === 'F')) toggleFullscreen();
    if (input.keys.length >= MAX_QUEUED_KEYS) input.keys.shift();
    input.keys.push({ key: e.key, code: e.code, down, repeat: e.repeat, shift: e.shiftKey });
  };
  const onDown = (e: KeyboardEvent): void => handle(e, true);
  const onUp = (e: KeyboardEvent): void => handle(e, false);
  target.addEventListener('keydown', onDown);
  target.addEventListener('keyup', onUp);
  return () => {
    target.removeEventListener('keydown', onDown);
    target.removeEventListener('keyup', onUp);
  };
}
