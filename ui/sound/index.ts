/**
 * Sound with the Web Audio API, no downloaded assets (issue 24): interface clicks, a soft cue when
 * a live article lands, an optional ambient bed. Volumes come from the settings' audio group
 * (master 0.7, sfx 0.5, ambient 0.3). Browsers only start audio after a user gesture, so the
 * context is created on the first interaction and nothing plays before it.
 *
 * API for other modules (the landing page's and footer's Sound ON/OFF toggles bind to it):
 * `sound.enabled` (a signal: read it, or `sound.setEnabled(on)`), `playClick()`, `playCue()`.
 */
import { computed, effect } from '@preact/signals-core';
import { saveSettings, settings, withSetting } from '../../engine/settings';

let ctx: AudioContext | null = null;
let master: GainNode | null = null;
let ambientNodes: { osc: OscillatorNode[]; gain: GainNode } | null = null;
let unlocked = false;

const enabled = computed(() => settings.value.audio.enabled);

function audio(): AudioContext | null {
  if (!unlocked || typeof AudioContext === 'undefined') return null;
  if (ctx === null) {
    ctx = new AudioContext();
    master = ctx.createGain();
    master.connect(ctx.destination);
  }
  return ctx;
}

function tone(freq: number, durationS: number, volume: number, type: OscillatorType): void {
  const ac = audio();
  if (ac === null || master === null || !enabled.peek()) return;
  const a = settings.peek().audio;
  const t = ac.currentTime;
  const osc = ac.createOscillator();
  const gain = ac.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t);
  gain.gain.setValueAtTime(0, t);
  gain.gain.linearRampToValueAtTime(volume * a.sfx * a.master, t + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + durationS);
  osc.connect(gain).connect(master);
  osc.start(t);
  osc.stop(t + durationS + 0.02);
}

/** A short interface click. */
export function playClick(): void {
  tone(1800, 0.04, 0.25, 'square');
}

/** The soft two-note cue for a live article (or an alert). */
export function playCue(): void {
  tone(660, 0.25, 0.3, 'sine');
  setTimeout(() => tone(990, 0.3, 0.22, 'sine'), 120);
}

function syncAmbient(): void {
  const a = settings.peek().audio;
  const want = enabled.peek() && a.ambientEnabled;
  const ac = audio();
  if (ac === null || master === null) return;
  if (want && ambientNodes === null) {
    // Two detuned low sines through a gentle gain: a quiet bed, no samples.
    const gain = ac.createGain();
    gain.gain.value = 0;
    gain.connect(master);
    const osc = [110, 110.6].map((f) => {
      const o = ac.createOscillator();
      o.type = 'sine';
      o.frequency.value = f;
      o.connect(gain);
      o.start();
      return o;
    });
    ambientNodes = { osc, gain };
  }
  if (ambientNodes !== null) {
    const level = want ? 0.15 * a.ambient * a.master : 0;
    ambientNodes.gain.gain.setTargetAtTime(level, ac.currentTime, 0.5);
    if (!want) {
      const n = ambientNodes;
      ambientNodes = null;
      setTimeout(() => n.osc.forEach((o) => o.stop()), 2000);
    }
  }
}

export const sound = {
  /** Sound on/off (the settings' audio.enabled, persisted). */
  enabled,
  setEnabled(on: boolean): void {
    const next = withSetting(settings.peek(), 'audio', 'enabled', on);
    saveSettings(next);
    settings.value = next;
  },
  /** True once a user gesture allowed audio. */
  get unlocked(): boolean {
    return unlocked;
  },
};

let started = false;

/** Waits for the first interaction, then clicks on buttons and keeps the ambient bed in step. */
export function startSound(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const unlock = (): void => {
    unlocked = true;
    void audio()?.resume();
    syncAmbient();
  };
  window.addEventListener('pointerdown', unlock, { once: true, capture: true });
  window.addEventListener('keydown', unlock, { once: true, capture: true });
  // Interface clicks: any button or link the user activates.
  window.addEventListener(
    'click',
    (e) => {
      const t = e.target instanceof Element ? e.target.closest('button, a, [role="tab"]') : null;
      if (t !== null) playClick();
    },
    { capture: true },
  );
  // Re-run when the audio settings change (read here so the effect tracks them).
  let lastAudio: unknown = null;
  effect(() => {
    const a = settings.value.audio;
    if (a === lastAudio) return;
    lastAudio = a;
    syncAmbient();
  });
}
