/**
 * The launch (boot) console (spec application.md section 2 'Launch (boot) screen', section 4
 * 'Landing to launch'; the script and its timings in ./launchSequence.ts). Mounted when the landing
 * launches; re-renders at the progress tick (8 a second), never per frame. Any key or click skips
 * to the destination at once.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { engineReady } from '../../engine/signals';
import { INTRO_FLAG_KEY } from '../shell/blur';
import { countryTotal, storyTotal } from './landingState';
import {
  ASCII_DELAY_MS,
  ASCII_LOGO,
  FLAG_DELAY_MS,
  FORCED_NAV_MS,
  INTRO_EVENT,
  LOGO_FADE_MS,
  NORMAL_NAV_MS,
  PROGRESS_TICK_MS,
  navigationDue,
  visibleLines,
  type NavReason,
} from './launchSequence';
import { playTone } from './sound';

function setIntroFlag(): void {
  try {
    sessionStorage.setItem(INTRO_FLAG_KEY, 'true');
  } catch {
    // No session storage: /app uses the plain blur steps.
  }
}

export function LaunchConsole({ target }: { target: string }) {
  useSignals();
  const [, navigate] = useLocation();
  const [progress, setProgress] = useState(0);
  const [ascii, setAscii] = useState<'hidden' | 'shown' | 'faded'>('hidden');
  const [finished, setFinished] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const done = useRef(false);
  const logRef = useRef<HTMLOListElement>(null);

  const go = (reason: NavReason): void => {
    if (done.current) return;
    done.current = true;
    if (reason === 'normal' && !engineReady.peek()) {
      console.warn('ATLAS: the globe has not reported fully loaded after 25 s; entering anyway');
    } else if (reason === 'forced') {
      console.error('ATLAS: launch critical timeout (60 s); entering anyway');
    } else if (reason === 'skip') {
      setIntroFlag();
    }
    navigate(target);
  };

  // The progress tick and the elapsed time (one interval for both).
  useEffect(() => {
    const timer = window.setInterval(() => {
      setProgress((p) => Math.min(100, p + 1));
      setElapsed((e) => e + PROGRESS_TICK_MS);
    }, PROGRESS_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);

  // 99 %: the ASCII logo after 500 ms. 100 %: the flag and the event after 2 s, the fade after 9 s.
  const at99 = progress >= 99;
  const at100 = progress >= 100;
  useEffect(() => {
    if (!at99) return undefined;
    const t = window.setTimeout(
      () => setAscii((a) => (a === 'hidden' ? 'shown' : a)),
      ASCII_DELAY_MS,
    );
    return () => window.clearTimeout(t);
  }, [at99]);
  useEffect(() => {
    if (!at100) return undefined;
    playTone(880, 0.15);
    const flag = window.setTimeout(() => {
      setIntroFlag();
      window.dispatchEvent(new Event(INTRO_EVENT));
      setFinished(true);
    }, FLAG_DELAY_MS);
    const fade = window.setTimeout(() => setAscii('faded'), LOGO_FADE_MS);
    return () => {
      window.clearTimeout(flag);
      window.clearTimeout(fade);
    };
  }, [at100]);

  // Navigation: ready (finished and the globe loaded), else 25 s, at the latest 60 s.
  const loaded = engineReady.value;
  useEffect(() => {
    const reason = navigationDue(elapsed, finished, loaded);
    if (reason !== null) go(reason);
  });
  useEffect(() => {
    const forced = window.setTimeout(() => go('forced'), FORCED_NAV_MS);
    const normal = window.setTimeout(() => go('normal'), NORMAL_NAV_MS);
    return () => {
      window.clearTimeout(forced);
      window.clearTimeout(normal);
    };
  }, []);

  // Skip: any key or click.
  useEffect(() => {
    const skip = (): void => go('skip');
    window.addEventListener('keydown', skip);
    window.addEventListener('pointerdown', skip);
    return () => {
      window.removeEventListener('keydown', skip);
      window.removeEventListener('pointerdown', skip);
    };
  }, []);

  const lines = visibleLines(progress, {
    stories: storyTotal.value,
    countries: countryTotal.value,
  });
  useEffect(() => {
    const el = logRef.current;
    if (el !== null) el.scrollTop = el.scrollHeight;
  }, [lines.length]);

  return (
    <div
      className="launch"
      data-testid="launch-console"
      role="dialog"
      aria-modal="true"
      aria-label="Launching ATLAS"
    >
      <div className="launch__frame">
        <div className="launch__header">
          <span>ATLAS://boot</span>
          <span data-testid="launch-percent">{progress}%</span>
        </div>
        <div
          className="launch__progress"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
        >
          <div className="launch__bar" style={{ transform: `scaleX(${progress / 100})` }} />
        </div>
        <ol className="launch__log" ref={logRef} data-testid="launch-log">
          {lines.map((l) => (
            <li key={l}>
              <span aria-hidden="true">&gt; </span>
              {l}
            </li>
          ))}
        </ol>
        {ascii !== 'hidden' ? (
          <pre
            className={ascii === 'faded' ? 'launch__ascii launch__ascii--faded' : 'launch__ascii'}
            data-testid="launch-ascii"
            aria-label="ATLAS"
          >
            {ASCII_LOGO}
          </pre>
        ) : null}
        <p className="launch__skip">
          <button type="button" className="launch__skip-button" data-testid="launch-skip">
            Skip — press any key or click
          </button>
        </p>
      </div>
    </div>
  );
}
