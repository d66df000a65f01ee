/**
 * The landing page (spec application.md section 2 'Landing page', section 4 'Landing to launch'
 * and 'Location flow (landing)'; globe.md section 2 'Landing-page globe'): the globe fades in from
 * black, the hero types its tagline, the live counter polls the public articles call, and LAUNCH
 * ATLAS (or a feature card, Space, Enter) fires atlasStartLoading and shows the launch console.
 * Desktop shows the DATA and GLOBE CONTROLS sidebars; phones get the floating plus button and the
 * 'Controls & Data' modal instead. All state lives in signals (./landingState.ts).
 */
import { computed, signal } from '@preact/signals-core';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { closeArticleDialog } from '../article/dialogState';
import { ArticlePanel } from '../components/ArticlePanel';
import { SignalText } from '../components/SignalText';
import { Button, Dialog } from '../components/kit';
import { layout } from '../shell/layout';
import { START_LOADING_EVENT } from '../shell/shellState';
import './landing.css';
import {
  ArticleBar,
  ControlsSidebar,
  DataSidebar,
  MobileControls,
  TimelineBar,
} from './LandingPanels';
import { LaunchConsole } from './LaunchConsole';
import {
  bottomOpen,
  controlsModalOpen,
  countryTotal,
  launchTarget,
  leftOpen,
  recentStats,
  recentStatsText,
  rightOpen,
  setSound,
  soundOn,
  startCounterPolling,
  storyTotal,
} from './landingState';
import {
  declineLocation,
  enableLocation,
  landingLocation,
  locationPromptOpen,
  recentreOnUser,
  requestLandingLocation,
  startLocationFlow,
} from './location';
import { playTone } from './sound';

export const TAGLINE = 'Where the Planet becomes the Platform';
export const TYPE_MS = 50;

export const FEATURES: readonly { title: string; text: string; href: string }[] = [
  {
    title: '3D Globe View',
    text: 'Click and explore stories on an interactive Earth.',
    href: '/app',
  },
  { title: 'Live Feed', text: 'Chronological stream of breaking news worldwide.', href: '/feeds' },
  {
    title: 'AI Analysis',
    text: 'Discover patterns and predictions in real-time.',
    href: '/intelligence',
  },
];

const PERFECT_FOR: readonly { who: string; why: string }[] = [
  { who: 'Journalists', why: 'See where a story is breaking and who else is covering it.' },
  { who: 'Researchers', why: 'Follow coverage of a region or topic over hours and days.' },
  { who: 'Analysts', why: 'Spot clusters and shifts in sentiment as they form.' },
  { who: 'Curious Minds', why: 'Spin the planet and read what is happening anywhere.' },
];

const FOOTER_COLUMNS: readonly { title: string; links: readonly [string, string][] }[] = [
  {
    title: 'Product',
    links: [
      ['Live Feed', '/feeds'],
      ['Intelligence', '/intelligence'],
      ['Analytics', '/analytics'],
    ],
  },
  {
    title: 'Company',
    links: [
      ['About', '/about'],
      ['Documentation', '/docs'],
    ],
  },
  {
    title: 'Legal',
    links: [
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
    ],
  },
];

/** Starts the launch: atlasStartLoading (articles, full detail, borders) and the console. */
export function launch(target = '/app'): void {
  if (launchTarget.peek() !== null) return;
  playTone(440, 0.12);
  window.dispatchEvent(new Event(START_LOADING_EVENT));
  launchTarget.value = target;
}

/** The tagline typed a character every 50 ms, written straight to the DOM (no React renders). */
function TypedTagline() {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    let n = 0;
    const timer = window.setInterval(() => {
      n++;
      if (ref.current !== null) ref.current.textContent = TAGLINE.slice(0, n);
      if (n >= TAGLINE.length) window.clearInterval(timer);
    }, TYPE_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <p className="landing__tagline">
      <span className="visually-hidden">{TAGLINE}</span>
      <span ref={ref} data-testid="landing-tagline" aria-hidden="true" />
      <span className="landing__caret" aria-hidden="true" />
    </p>
  );
}

/** Controls and text a press on the hero column must keep (links, buttons, fields, the cards). */
const KEEP_PRESS = 'a, button, input, select, textarea, label, [role="button"], [tabindex]';

/**
 * The hero column spans the globe between the side panels (and scrolls on short screens), so a
 * mouse drag that starts on its empty space or its plain text turns the globe: the press is handed
 * to the globe's canvas, which then captures the pointer for the rest of the drag. Touch keeps
 * scrolling the column (phones scroll it; the globe has its own area above).
 */
function passDragToGlobe(event: React.PointerEvent<HTMLElement>): void {
  if (event.pointerType === 'touch' || event.button !== 0) return;
  const target = event.target;
  if (target instanceof Element && target.closest(KEEP_PRESS) !== null) return;
  const canvas = document.getElementById('atlas-globe');
  if (!(canvas instanceof HTMLCanvasElement)) return;
  event.preventDefault(); // no text selection while dragging
  canvas.dispatchEvent(new PointerEvent('pointerdown', event.nativeEvent));
  try {
    canvas.setPointerCapture(event.pointerId);
  } catch {
    // The pointer is already gone (released between the press and here): nothing to follow.
  }
}

function LiveCounter() {
  useSignals();
  const stories = storyTotal.value;
  const countries = countryTotal.value;
  const recent = recentStats.value;
  return (
    <>
      <p className="landing__counter" data-testid="landing-counter" aria-live="polite">
        <span className="landing__live-dot" aria-hidden="true" />
        <b>{stories === null ? '...' : stories}</b> stories tracked across{' '}
        <b>{countries === null ? '...' : countries}</b> countries
      </p>
      {recent !== null && (
        <p className="landing__counter-recent" data-testid="landing-counter-recent">
          {recentStatsText(recent)}
        </p>
      )}
    </>
  );
}

const clock = signal('');
const placeName = computed(() => landingLocation.value?.name.toUpperCase() ?? '');

function two(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

function TopBar() {
  useSignals();
  const known = landingLocation.value !== null;
  useEffect(() => {
    const tick = (): void => {
      const d = new Date();
      clock.value = `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
    };
    tick();
    const t = window.setInterval(tick, 1000);
    return () => window.clearInterval(t);
  }, []);
  return (
    <header className="landing-top">
      <span className="landing-top__logo">ATLAS</span>
      <nav className="landing-top__menu" aria-label="Site">
        <Link href="/about">About</Link>
        <Link href="/docs">Docs</Link>
        <Link href="/feeds">Feed</Link>
        <Link href="/login">Sign in</Link>
      </nav>
      <span className="landing-top__spacer" />
      {known ? (
        <Button
          size="small"
          className="landing-top__place"
          data-testid="landing-place"
          title="Centre the globe on your location"
          onClick={recentreOnUser}
        >
          <SignalText value={placeName} />
          <span aria-hidden="true">·</span>
          <SignalText value={clock} testId="landing-clock" />
        </Button>
      ) : null}
      <Button size="small" data-testid="landing-enable-location" onClick={enableLocation}>
        Enable Location
      </Button>
    </header>
  );
}

function LocationPrompt() {
  useSignals();
  return (
    <Dialog
      open={locationPromptOpen.value}
      onClose={declineLocation}
      title="See stories near you?"
      testId="location-prompt"
      footer={
        <>
          <Button onClick={declineLocation}>Not now</Button>
          <Button variant="primary" onClick={() => void requestLandingLocation()}>
            Share location
          </Button>
        </>
      }
    >
      <p>
        ATLAS can turn the globe to where you are. Your location stays in this browser; it is not
        sent to our servers except to look up your place&apos;s name in our own offline gazetteer.
      </p>
    </Dialog>
  );
}

function Footer() {
  useSignals();
  return (
    <footer className="landing-footer" data-testid="landing-footer">
      <div className="landing-footer__cols">
        {FOOTER_COLUMNS.map((c) => (
          <nav key={c.title} aria-label={c.title}>
            <h3>{c.title}</h3>
            <ul>
              {c.links.map(([label, href]) => (
                <li key={href}>
                  <Link href={href}>{label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="landing-footer__bottom">
        <span>© {new Date().getFullYear()} ATLAS. The world&apos;s events, live on one globe.</span>
        <Button
          size="small"
          aria-pressed={soundOn.value}
          data-testid="landing-sound"
          onClick={() => setSound(!soundOn.value)}
        >
          Sound {soundOn.value ? 'ON' : 'OFF'}
        </Button>
      </div>
    </footer>
  );
}

function isEditable(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  return t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName);
}

/** Spec keys on the landing: Space/Enter enter, Ctrl+R register, Ctrl+L/B/P panels, Escape. */
function useLandingKeys(navigate: (to: string) => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (launchTarget.peek() !== null || isEditable(e.target)) return;
      const ctrl = e.ctrlKey || e.metaKey;
      if (ctrl && !e.altKey && !e.shiftKey) {
        const k = e.key.toLowerCase();
        if (k === 'r') navigate('/register');
        else if (k === 'l') leftOpen.value = !leftOpen.peek();
        else if (k === 'b') bottomOpen.value = !bottomOpen.peek();
        else if (k === 'p') rightOpen.value = !rightOpen.peek();
        else return;
        e.preventDefault();
        return;
      }
      if (e.key === 'Escape') {
        controlsModalOpen.value = false;
        closeArticleDialog();
        return;
      }
      if (e.key !== ' ' && e.key !== 'Enter') return;
      // A focused button or link answers Space/Enter itself.
      if (e.target instanceof HTMLElement && e.target.closest('button, a, [role="button"]')) return;
      e.preventDefault();
      launch('/app');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);
}

export function LandingPage() {
  useSignals();
  const [, navigate] = useLocation();
  useLandingKeys(navigate);
  useEffect(() => startCounterPolling(), []);
  useEffect(() => startLocationFlow(), []);
  useEffect(
    () => () => {
      launchTarget.value = null;
    },
    [],
  );
  const desktop = layout.value === 'desktop';
  const target = launchTarget.value;
  const classes = ['landing'];
  if (!leftOpen.value) classes.push('landing--no-left');
  if (!rightOpen.value) classes.push('landing--no-right');
  if (!bottomOpen.value) classes.push('landing--no-bottom');
  return (
    <div className={classes.join(' ')} data-testid="landing" data-layout={layout.value}>
      <div className="landing__cover" aria-hidden="true" />
      <TopBar />
      {desktop && leftOpen.value ? <DataSidebar /> : null}
      {desktop && rightOpen.value ? <ControlsSidebar /> : null}
      <main className="landing__main" onPointerDown={passDragToGlobe}>
        <section className="landing__hero">
          <h1 className="landing__logo">ATLAS</h1>
          <TypedTagline />
          <p className="landing__subtitle">
            The World&apos;s First AI Native Spatial Media Application
          </p>
          <p className="landing__line">Real-time global news visualization powered by AI</p>
          <LiveCounter />
          <Button
            variant="primary"
            className="landing__launch"
            data-testid="landing-launch"
            onClick={() => launch('/app')}
          >
            LAUNCH ATLAS
          </Button>
          <p className="landing__hint">or press Space / Enter</p>
        </section>
        <section className="landing__features" aria-label="Features">
          {FEATURES.map((f) => (
            <button
              key={f.title}
              type="button"
              className="kit-panel landing-card"
              onClick={() => launch(f.href)}
            >
              <h3>{f.title}</h3>
              <p>{f.text}</p>
            </button>
          ))}
        </section>
        <section className="landing__perfect" aria-labelledby="perfect-for">
          <h2 id="perfect-for">Perfect For</h2>
          <ul>
            {PERFECT_FOR.map((p) => (
              <li key={p.who}>
                <b>{p.who}</b>
                <span>{p.why}</span>
              </li>
            ))}
          </ul>
        </section>
        <Footer />
      </main>
      {bottomOpen.value ? (
        <div className="landing-dock">
          <ArticleBar />
          {layout.value !== 'phone' ? <TimelineBar /> : null}
        </div>
      ) : null}
      {!desktop ? <MobileControls /> : null}
      <ArticlePanel />
      <LocationPrompt />
      {target !== null ? <LaunchConsole target={target} /> : null}
    </div>
  );
}
