import { describe, expect, it } from 'vitest';
import { parseShareParams } from '../../data/shareUrl';
import { screenshotFileName, shareTargets } from './shareTargets';
import {
  WALKTHROUGH_SEEN_KEY,
  WALKTHROUGH_STEPS,
  walkthroughReducer,
  walkthroughSeen,
} from './walkthrough';

describe('walkthrough steps', () => {
  it('has the spec three steps and moves with Next / Previous / Get Started', () => {
    expect(WALKTHROUGH_STEPS.map((s) => s.title)).toEqual([
      'Welcome',
      'Navigate the Globe',
      'Control Layers & Data',
    ]);
    let s = walkthroughReducer({ open: false, step: 0 }, 'show');
    expect(s).toEqual({ open: true, step: 0 });
    s = walkthroughReducer(s, 'previous');
    expect(s.step).toBe(0); // Previous is disabled at step 1
    s = walkthroughReducer(walkthroughReducer(s, 'next'), 'next');
    expect(s).toEqual({ open: true, step: 2 });
    expect(walkthroughReducer(s, 'previous').step).toBe(1);
    expect(walkthroughReducer(s, 'next').open).toBe(false); // Get Started at the last step
    expect(walkthroughReducer(s, 'finish').open).toBe(false);
  });

  it('remembers being seen', () => {
    const m = new Map<string, string>();
    const storage = { getItem: (k: string) => m.get(k) ?? null };
    expect(walkthroughSeen(storage)).toBe(false);
    m.set(WALKTHROUGH_SEEN_KEY, 'true');
    expect(walkthroughSeen(storage)).toBe(true);
  });
});

describe('share targets', () => {
  it('carry the encoded link to a microblog, a social network, a chat app and mail', () => {
    const url = 'http://127.0.0.1:3000/app?lat=48.8500&lon=2.3500&altitude=300&layers=grid';
    const targets = shareTargets(url);
    expect(targets.map((t) => t.id)).toEqual(['microblog', 'social', 'chat', 'mail']);
    for (const t of targets) expect(t.href).toContain(encodeURIComponent(url));
    expect(targets[3]?.href.startsWith('mailto:')).toBe(true);
    // The encoded link decodes back to the same camera.
    const back = new URL(targets[1]?.href ?? '').searchParams.get('u') ?? '';
    expect(parseShareParams(new URL(back).search).camera).toEqual({
      lat: 48.85,
      lon: 2.35,
      altitude: 300,
    });
  });

  it('names screenshots with a file-safe timestamp', () => {
    expect(screenshotFileName(new Date('2026-11-22T07:05:39.123Z'))).toBe(
      'atlas-view-2026-11-22T07-05-39.png',
    );
  });
});
