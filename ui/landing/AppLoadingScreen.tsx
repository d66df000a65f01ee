/**
 * The application loading screen (spec application.md section 2 'Loading pages', section 4
 * 'Application loading screen', section 9): a console of planet facts scrolls while progress runs
 * from 0 to 100 in simulated random steps; 1.5 s after 100 % the ENTER ATLAS button fades in; a
 * click fades the screen out and completes 1.2 s later (here: enters /app). Served at /landing,
 * the spec's 'Landing alternative'.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../components/kit';
import { START_LOADING_EVENT } from '../shell/shellState';
import './landing.css';

export const ENTER_DELAY_MS = 1500;
export const FADE_OUT_MS = 1200;
export const STEP_MS = 150;

export const PLANET_FACTS: readonly string[] = [
  'Earth turns once every 23 h 56 min 4 s relative to the stars.',
  'The equatorial circumference is 40,075 km; the poles are 43 km closer to the centre.',
  'About 71 % of the surface is ocean.',
  'Light from the Sun takes about 8 min 20 s to reach Earth.',
  'The Moon drifts 3.8 cm further from Earth every year.',
  'There are 38 time-zone offsets in use, from UTC-12 to UTC+14.',
  'More than 8 billion people live on the planet.',
  'Mount Everest stands 8,849 m above sea level; the Challenger Deep lies 10,935 m below it.',
  'Earth travels around the Sun at about 30 km/s.',
  'The atmosphere is 78 % nitrogen and 21 % oxygen.',
];

/** The fact shown at `progress` (one per 10 %). */
export function factsUpTo(progress: number): readonly string[] {
  return PLANET_FACTS.slice(0, Math.min(PLANET_FACTS.length, Math.floor(progress / 10) + 1));
}

export function AppLoadingScreen() {
  const [, navigate] = useLocation();
  const [progress, setProgress] = useState(0);
  const [enterShown, setEnterShown] = useState(false);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    const timer = window.setInterval(() => {
      setProgress((p) => Math.min(100, p + 1 + Math.floor(Math.random() * 4)));
    }, STEP_MS);
    return () => window.clearInterval(timer);
  }, []);
  const done = progress >= 100;
  useEffect(() => {
    if (!done) return undefined;
    const t = window.setTimeout(() => setEnterShown(true), ENTER_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [done]);
  useEffect(() => {
    if (!leaving) return undefined;
    const t = window.setTimeout(() => {
      window.dispatchEvent(new Event(START_LOADING_EVENT));
      navigate('/app');
    }, FADE_OUT_MS);
    return () => window.clearTimeout(t);
  }, [leaving, navigate]);

  return (
    <main
      className={leaving ? 'launch app-loading app-loading--leaving' : 'launch app-loading'}
      data-testid="app-loading"
    >
      <h1 className="visually-hidden">Loading ATLAS</h1>
      <div className="launch__frame">
        <div className="launch__header">
          <span>ATLAS://planet</span>
          <span data-testid="app-loading-percent">{progress}%</span>
        </div>
        <div
          className="launch__progress"
          role="progressbar"
          aria-label="Loading"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
        >
          <div className="launch__bar" style={{ transform: `scaleX(${progress / 100})` }} />
        </div>
        <ol className="launch__log" data-testid="app-loading-facts">
          {factsUpTo(progress).map((f) => (
            <li key={f}>
              <span aria-hidden="true">&gt; </span>
              {f}
            </li>
          ))}
        </ol>
        {enterShown ? (
          <Button
            variant="primary"
            className="app-loading__enter"
            data-testid="app-loading-enter"
            disabled={leaving}
            onClick={() => setLeaving(true)}
          >
            ENTER ATLAS
          </Button>
        ) : null}
      </div>
    </main>
  );
}
