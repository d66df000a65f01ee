/**
 * Frame recording for the profiler overlay and `window.atlas.profile`: while on, every frame's
 * per-system milliseconds (and Babylon's render) are kept, up to MAX_PROFILE_FRAMES.
 */
import { MAX_PROFILE_FRAMES, type ProfileRecording } from '../data/profile';
import type { AtlasWorld } from './world';

export function startProfile(world: AtlasWorld): void {
  world.profile.frames = [];
  world.profile.startedAt = new Date().toISOString();
}

export function stopProfile(world: AtlasWorld, renderer: string): ProfileRecording {
  const rec: ProfileRecording = {
    version: 1,
    startedAt: world.profile.startedAt,
    renderer,
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    frames: world.profile.frames ?? [],
  };
  world.profile.frames = null;
  world.profile.last = rec;
  return rec;
}

/** Called once per frame after render while recording. */
export function recordProfileFrame(world: AtlasWorld): void {
  const frames = world.profile.frames;
  if (frames === null) return;
  if (frames.length >= MAX_PROFILE_FRAMES) frames.shift();
  frames.push({
    t: world.time.now,
    dt: world.time.dt * 1000,
    systems: { ...world.stats.lastMs },
    drawCalls: world.stats.drawCalls,
  });
}
