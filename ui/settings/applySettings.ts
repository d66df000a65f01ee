/**
 * Settings -> engine and page. The saved settings (engine/settings.ts `settings`) are applied at
 * start and whenever they change: engine switches through commands, page switches (font size,
 * accent colour, UI opacity) as attributes and custom properties on <html>. The dialog previews a
 * draft through the same functions and re-applies the saved settings on Cancel.
 * `prefers-reduced-motion` is followed live while the motion setting is 'system'.
 */
import { effect } from '@preact/signals-core';
import { sendCommand } from '../../engine/commands';
import { defaultSettings, settings, settingsCommands, type Settings } from '../../engine/settings';
import { showClocks } from '../components/TimezoneClocks';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia(REDUCED_MOTION).matches;
}

/** Page-level settings: font size, accent colour, opacity of the overlay panels, the clocks. */
export function applyToPage(s: Settings): void {
  showClocks.value = s.display.showClocks;
  const root = document.documentElement;
  root.dataset['fontSize'] = s.display.fontSize;
  root.style.setProperty('--accent', s.display.accentColor);
  root.style.setProperty('--ui-opacity', String(s.display.uiOpacity));
}

export function applySettings(s: Settings): void {
  for (const c of settingsCommands(s, prefersReducedMotion())) sendCommand(c);
  applyToPage(s);
}

/**
 * At start only the settings the user moved off their defaults (and reduced motion) are sent: a
 * default means "the view's own choice", so the landing's simplified globe, the background view's
 * grid, a variant's preset and a `?debug=` flag stand until the user changes that setting. Each
 * command is compared with the one the defaults would give, without reduced motion.
 */
export function changedSettingsCommands(
  s: Settings,
  prefersReduced: boolean,
): ReturnType<typeof settingsCommands> {
  const base = settingsCommands(defaultSettings(), false).map((c) => JSON.stringify(c));
  return settingsCommands(s, prefersReduced).filter((c, i) => JSON.stringify(c) !== base[i]);
}

let started = false;

/** Applies the saved settings' changes now, then every saved change in full; idempotent. */
export function startSettings(): void {
  if (started) return;
  started = true;
  let first = true;
  effect(() => {
    const s = settings.value;
    if (!first) {
      applySettings(s);
      return;
    }
    first = false;
    for (const c of changedSettingsCommands(s, prefersReducedMotion())) sendCommand(c);
    applyToPage(s);
  });
  if (typeof matchMedia === 'function') {
    matchMedia(REDUCED_MOTION).addEventListener('change', () => applySettings(settings.peek()));
  }
}
