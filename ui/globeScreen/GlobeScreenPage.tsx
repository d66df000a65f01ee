/**
 * The desktop globe screen (spec application.md / globe.md section 2, 'Globe screen (desktop,
 * variant)'; routes /globe and /globe-optimized): navbar, article list 320 px on the left, the
 * globe in the centre, the article detail 380 px on the right, a timeline bar 80 px high at the
 * bottom (position 1 = the last 24 h, otherwise (2 - position) x 24 h), floating Reset View, Locate
 * Me, Share View and Help on the right. The screen fades in about 500 ms after mount. Phones get
 * the /app page here until the mobile globe screen replaces it.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useState } from 'react';
import { normalizeArticle } from '../../data/articleNormalizer';
import { formatTimeAgo } from '../../data/formatting';
import { globeScreenHours, inTimeline } from '../../data/markers/timeline';
import { sendCommand } from '../../engine/commands';
import { selectedArticle, timelineFilter } from '../../engine/signals';
import { useStoredArticles } from '../article/sharedStore';
import { user } from '../auth/authState';
import { Button, EmptyState, Panel } from '../components/kit';
import { GlobeHeading } from '../components/GlobeFocus';
import { Navbar } from '../components/Navbar';
import { AppPage } from '../pages/AppPage';
import { AreaBoundary } from '../shell/ErrorBoundary';
import { layout } from '../shell/layout';
import { shareOpen } from '../shell/shellState';
import { ArticleContext } from '../spatial/ContextPanel';
import { selectFromList } from '../spatial/workspaceState';
import '../spatial/spatial.css';
import './globeScreen.css';

const HOUR = 3_600_000;

function setWindow(position: number): void {
  const now = Date.now();
  sendCommand({
    type: 'setTimeline',
    window: { startMs: now - globeScreenHours(position) * HOUR, endMs: now },
  });
}

function GlobeScreen() {
  useSignals();
  const role = user.value?.role ?? 'guest';
  const [position, setPosition] = useState(1);
  const articles = useStoredArticles();
  const w = timelineFilter.value;
  const listed = useMemo(
    () => articles.filter((a) => a.timestamp !== null && inTimeline(a.timestamp, w)),
    [articles, w],
  );
  const sel = selectedArticle.value;
  const article = useMemo(() => (sel === null ? null : normalizeArticle(sel.article)), [sel]);
  useEffect(() => {
    sendCommand({ type: 'setRole', role });
  }, [role]);
  useEffect(() => {
    setWindow(position);
    const t = setInterval(() => setWindow(position), 60_000);
    return () => clearInterval(t);
  }, [position]);
  useEffect(() => () => sendCommand({ type: 'setTimeline', window: null }), []);
  const hours = globeScreenHours(position);
  return (
    <div className="gs-shell" data-testid="globe-screen">
      <AreaBoundary area="navbar">
        <Navbar />
      </AreaBoundary>
      <Panel as="aside" className="gs-list" title="ARTICLES" aria-label="Articles">
        <p className="ws-muted">
          {listed.length} in the last {hours} hours
        </p>
        {listed.length === 0 ? (
          <EmptyState title={`No articles found in the last ${hours} hours`} />
        ) : (
          <ul className="ws-list">
            {listed.slice(0, 50).map((a) => (
              <li key={a.id}>
                <button type="button" className="ws-row" onClick={() => selectFromList(a)}>
                  <span className="ws-row__emoji" aria-hidden="true">
                    {a.emoji}
                  </span>
                  <span className="ws-row__body">
                    <span className="ws-row__title">{a.title}</span>
                    <span className="ws-row__meta">
                      {a.location.name} · {formatTimeAgo(a.timestamp, Date.now())}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel as="aside" className="gs-detail" title="DETAIL" aria-label="Article detail">
        {article === null ? (
          <p className="ws-muted">Select an article in the list or on the globe.</p>
        ) : (
          <ArticleContext article={article} />
        )}
      </Panel>
      <main>
        <GlobeHeading />
        <div className="gs-floating" role="group" aria-label="Globe actions" data-occludes="">
          <Button size="small" onClick={() => sendCommand({ type: 'resetView' })}>
            Reset View
          </Button>
          <Button size="small" onClick={() => sendCommand({ type: 'locateMe' })}>
            Locate Me
          </Button>
          <Button size="small" onClick={() => (shareOpen.value = true)}>
            Share View
          </Button>
          <Button
            size="small"
            onClick={() => sendCommand({ type: 'setShortcutsOpen', open: true })}
          >
            Help
          </Button>
        </div>
      </main>
      <footer className="gs-timeline" aria-label="Timeline" data-occludes="">
        <label htmlFor="gs-timeline-range" className="ws-heading">
          TIMELINE
        </label>
        <input
          id="gs-timeline-range"
          type="range"
          min={0}
          max={1}
          step={0.1}
          value={position}
          data-testid="gs-timeline"
          onChange={(e) => setPosition(Number(e.currentTarget.value))}
        />
        <span className="ws-timeline__label" data-testid="gs-timeline-label">
          Last {hours} h
        </span>
      </footer>
    </div>
  );
}

export default function GlobeScreenPage() {
  useSignals();
  return layout.value === 'phone' ? <AppPage /> : <GlobeScreen />;
}
