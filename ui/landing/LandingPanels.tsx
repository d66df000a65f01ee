/**
 * The landing page's panels: the DATA sidebar, the GLOBE CONTROLS sidebar, the article bar, the
 * bottom timeline with the layer control, and the phone's 'Controls & Data' modal. Numbers that
 * change per frame (FPS, camera distance) follow their signals outside React (SignalText).
 */
import { computed } from '@preact/signals-core';
import { useSignals } from '@preact/signals-react/runtime';
import { formatTimeAgo } from '../../data/formatting';
import { distanceToKm } from '../../data/geoMath';
import { sendCommand } from '../../engine/commands';
import { cameraState, fps, layerState } from '../../engine/signals';
import { openArticleDialog } from '../article/dialogState';
import { SignalText } from '../components/SignalText';
import { Button, Dialog, EmptyState, LoadingState, Panel, Slider, Toggle } from '../components/kit';
import { connectionStatus } from '../shell/services';
import {
  LANDING_LAYERS,
  MOBILE_MODAL_ARTICLES,
  SIDEBAR_ARTICLES,
  VIEW_MODES,
  articleBarItems,
  controlsModalOpen,
  cutTitle,
  landingArticles,
  landingLayers,
  qualityMode,
  timelinePosition,
  viewMode,
  windowHours,
  type LandingArticle,
  type LandingLayer,
  type ViewMode,
} from './landingState';

const distanceText = computed(() => `${Math.round(distanceToKm(cameraState.value.distance))}`);
const fpsText = computed(() => `${Math.round(fps.value)}`);
const loadedCount = computed(() => `${landingArticles.value?.length ?? 0}`);

type GlobeToggle = 'grid' | 'labels' | 'solarSystem' | 'moon';
const GLOBE_TOGGLES: readonly { layer: GlobeToggle; label: string }[] = [
  { layer: 'grid', label: 'Grid' },
  { layer: 'labels', label: 'Labels' },
  { layer: 'solarSystem', label: 'Solar System' },
  { layer: 'moon', label: 'Moon' },
];
const globeToggles = computed(() => {
  const l = layerState.value;
  return {
    grid: l?.grid ?? false,
    labels: l?.labels ?? true,
    solarSystem: l?.solarSystem ?? false,
    moon: l?.moon ?? false,
  };
});

const QUALITY_MODES: readonly { mode: 'high' | 'medium' | 'low'; label: string }[] = [
  { mode: 'high', label: 'High Quality' },
  { mode: 'medium', label: 'Medium' },
  { mode: 'low', label: 'Performance' },
];

function ArticleList({ limit, onPick }: { limit: number; onPick?: () => void }) {
  useSignals();
  const list = landingArticles.value;
  if (list === null) return <LoadingState text="Loading articles..." />;
  if (list.length === 0) return <EmptyState title="No articles available" />;
  return (
    <ul className="landing-list" data-testid="landing-article-list">
      {list.slice(0, limit).map((a) => (
        <li key={a.id}>
          <button
            type="button"
            className="landing-list__item"
            title={a.title}
            onClick={() => {
              onPick?.();
              openArticleDialog(a.id, a.raw);
            }}
          >
            <span className="landing-list__title">{cutTitle(a.title)}</span>
            <span className="landing-list__place">{a.place ?? 'Unknown Location'}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Collapsible section (native details/summary: keyboard and screen readers for free). */
function Section({
  title,
  children,
  open = false,
}: {
  title: string;
  children: React.ReactNode;
  open?: boolean;
}) {
  return (
    <details className="landing-section" open={open}>
      <summary>{title}</summary>
      {children}
    </details>
  );
}

const SAMPLE_WEATHER = [
  ['London', '11°C, light rain'],
  ['Tokyo', '16°C, clear'],
  ['Nairobi', '24°C, scattered clouds'],
] as const;
const SAMPLE_TRANSIT = [
  ['Heathrow (LHR)', 'On time'],
  ['Singapore Changi (SIN)', '2 delays'],
  ['JFK (New York)', 'On time'],
] as const;
const SAMPLE_EVENTS = [
  ['UN General Assembly', 'New York'],
  ['World Health Summit', 'Berlin'],
  ['COP climate talks', 'Dubai'],
] as const;

function SampleList({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <>
      <p className="landing-section__note">Sample content</p>
      <ul className="landing-samples">
        {rows.map(([a, b]) => (
          <li key={a}>
            <span>{a}</span>
            <span>{b}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

function ConnectionBadge() {
  useSignals();
  const connected = connectionStatus.value === 'connected';
  return (
    <p
      className={connected ? 'landing-conn landing-conn--on' : 'landing-conn'}
      data-testid="landing-connection"
    >
      <span aria-hidden="true" className="landing-conn__dot" />
      {connected ? 'Connected' : 'Disconnected'}
    </p>
  );
}

export function DataSidebar() {
  return (
    <Panel
      as="aside"
      title="DATA"
      className="landing-side landing-side--left"
      data-testid="landing-data"
    >
      <input
        className="landing-search"
        type="search"
        placeholder="Search locations, articles..."
        aria-label="Search locations, articles"
      />
      <Section title="News Articles" open>
        <ArticleList limit={SIDEBAR_ARTICLES} />
      </Section>
      <Section title="Weather">
        <SampleList rows={SAMPLE_WEATHER} />
      </Section>
      <Section title="Transit">
        <SampleList rows={SAMPLE_TRANSIT} />
      </Section>
      <Section title="Events">
        <SampleList rows={SAMPLE_EVENTS} />
      </Section>
      <ConnectionBadge />
    </Panel>
  );
}

function GlobeControlsBody() {
  useSignals();
  const toggles = globeToggles.value;
  const mode = qualityMode.value;
  return (
    <>
      {GLOBE_TOGGLES.map((t) => (
        <Toggle
          key={t.layer}
          label={t.label}
          checked={toggles[t.layer]}
          testId={`landing-toggle-${t.layer}`}
          onChange={(on) => sendCommand({ type: 'setLayer', layer: t.layer, on })}
        />
      ))}
      <div className="landing-quality" role="group" aria-label="Quality Mode">
        <span className="landing-quality__label">Quality Mode</span>
        {QUALITY_MODES.map((q) => (
          <Button
            key={q.mode}
            size="small"
            variant={mode === q.mode ? 'primary' : 'default'}
            aria-pressed={mode === q.mode}
            onClick={() => sendCommand({ type: 'setQuality', mode: q.mode })}
          >
            {q.label}
          </Button>
        ))}
      </div>
      <dl className="landing-perf" data-testid="landing-perf">
        <dt>FPS</dt>
        <dd>
          <SignalText value={fpsText} />
        </dd>
        <dt>Articles</dt>
        <dd>
          <SignalText value={loadedCount} testId="landing-perf-articles" />
        </dd>
        <dt>Distance</dt>
        <dd>
          <SignalText value={distanceText} testId="landing-perf-distance" /> km
        </dd>
      </dl>
    </>
  );
}

export function ControlsSidebar() {
  return (
    <Panel
      as="aside"
      title="GLOBE CONTROLS"
      className="landing-side landing-side--right"
      data-testid="landing-controls"
    >
      <GlobeControlsBody />
    </Panel>
  );
}

function BarItem({ a }: { a: LandingArticle }) {
  return (
    <li>
      <button
        type="button"
        className="landing-bar__item"
        title={a.title}
        onClick={() => openArticleDialog(a.id, a.raw)}
      >
        <span>{cutTitle(a.title, 48)}</span>
        <small>
          {a.place ?? 'Unknown Location'} · {formatTimeAgo(new Date(a.createdMs), Date.now())}
        </small>
      </button>
    </li>
  );
}

export function ArticleBar() {
  useSignals();
  const items = articleBarItems.value;
  return (
    <div className="landing-bar" data-testid="landing-article-bar">
      {items === null ? (
        <LoadingState text="Loading articles..." />
      ) : items.length === 0 ? (
        <p className="landing-bar__empty">No articles in this time window</p>
      ) : (
        <ul aria-label="Latest stories" data-count={items.length}>
          {items.map((a) => (
            <BarItem key={a.id} a={a} />
          ))}
        </ul>
      )}
    </div>
  );
}

function setMode(mode: ViewMode): void {
  viewMode.value = mode;
  sendCommand({ type: 'setAutoRotate', on: mode === 'orbit' });
}

export function TimelineBar() {
  useSignals();
  const layers = landingLayers.value;
  const mode = viewMode.value;
  return (
    <div className="landing-timeline" data-testid="landing-timeline">
      <div className="landing-timeline__group" role="group" aria-label="Layers">
        {LANDING_LAYERS.map((l) => (
          <Button
            key={l.key}
            size="small"
            variant={layers[l.key] ? 'primary' : 'default'}
            aria-pressed={layers[l.key]}
            onClick={() => {
              const key: LandingLayer = l.key;
              landingLayers.value = { ...layers, [key]: !layers[key] };
            }}
          >
            {l.label}
          </Button>
        ))}
      </div>
      <div className="landing-timeline__slider">
        <Slider
          label="Time window"
          value={timelinePosition.value}
          min={0}
          max={1}
          step={0.05}
          format={(v) => `Last ${Math.round(windowHours(v))} h`}
          onChange={(v) => {
            timelinePosition.value = v;
          }}
          testId="landing-timeline-slider"
        />
      </div>
      <div className="landing-timeline__group" role="group" aria-label="View mode">
        {VIEW_MODES.map((m) => (
          <Button
            key={m.key}
            size="small"
            variant={mode === m.key ? 'primary' : 'default'}
            aria-pressed={mode === m.key}
            onClick={() => setMode(m.key)}
          >
            {m.label}
          </Button>
        ))}
      </div>
    </div>
  );
}

/** Phones: the floating plus button and the 'Controls & Data' modal (10 articles). */
export function MobileControls() {
  useSignals();
  const open = controlsModalOpen.value;
  const close = (): void => {
    controlsModalOpen.value = false;
  };
  return (
    <>
      <Button
        variant="primary"
        icon
        className="landing-fab"
        aria-label="Controls & Data"
        data-testid="landing-fab"
        onClick={() => {
          controlsModalOpen.value = true;
        }}
      >
        +
      </Button>
      <Dialog open={open} onClose={close} title="Controls & Data" testId="landing-controls-modal">
        <h3 className="landing-modal__heading">News Articles</h3>
        <ArticleList limit={MOBILE_MODAL_ARTICLES} onPick={close} />
        <h3 className="landing-modal__heading">Globe Controls</h3>
        <GlobeControlsBody />
      </Dialog>
    </>
  );
}
