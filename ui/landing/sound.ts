/**
 * The landing's sound effects (Sound ON/OFF in the footer; off by default, the browser only plays
 * after a user gesture anyway): a short sine tone through Web Audio, no audio files.
 */
import { soundOn } from './landingState';

let ctx: AudioContext | null = null;

export function playTone(hz: number, seconds: number): void {
  if (!soundOn.peek() || typeof AudioContext === 'undefined') return;
  try {
    ctx ??= new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.08, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + seconds);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + seconds);
  } catch {
    // No audio device: silence.
  }
}
