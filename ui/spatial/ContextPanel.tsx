/**
 * The spatial workspace's right contextual panel (spec globe.md section 2; starts collapsed).
 * With a selected article: location badge with close, title, time ago, category, summary, the AI
 * summary card (3 impacts), AI Analysis (3 key insights, up to 3 groups of 3 key entities, 3
 * explore-further questions), the three action buttons answered by POST /api/articles/:id/ask,
 * and Vocabulary / Post. Without one: the location card (the place under the camera, from
 * GET /api/geo/reverse), SYSTEM STATUS, UPCOMING, QUICK TOOLS and the 'Explore the Globe' hint.
 */
import { computed } from '@preact/signals-core';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { normalizeArticle, type NormalizedArticle } from '../../data/articleNormalizer';
import { ASK_LABELS, ASK_QUESTIONS, type AskAnswer, type AskQuestion } from '../../data/askArticle';
import { formatTimeAgo } from '../../data/formatting';
import { sendCommand } from '../../engine/commands';
import {
  cameraState,
  entityCount,
  fps,
  layerState,
  qualityInfo,
  selectedArticle,
} from '../../engine/signals';
import { Button, Panel } from '../components/kit';
import { SignalText } from '../components/SignalText';
import { settingsOpen } from '../shell/shellState';
import { askArticle, askErrorText } from './askApi';
import { leftPanelOpen, rightPanelOpen, vocabulary } from './workspaceState';
import { addVocabulary, safeStorage } from './workspaceData';

/** Spec: UPCOMING shows static sample events. */
const UPCOMING = [
  { when: 'Mon 09:00 UTC', what: 'UN Security Council briefing' },
  { when: 'Wed 13:30 UTC', what: 'US inflation figures (CPI)' },
  { when: 'Fri 07:00 UTC', what: 'ECB monetary policy statement' },
];

const qualityMode = computed(() => (qualityInfo.value?.mode ?? 'auto').toUpperCase());
const cameraPoint = computed(() => {
  const c = cameraState.value;
  return `${Math.round(c.lat * 10) / 10},${Math.round(c.lon * 10) / 10}`;
});

/** Up to 3 groups (people, organisations, places) of up to 3 names. */
function entityGroups(a: NormalizedArticle): { label: string; names: string[] }[] {
  const groups = [
    { label: 'People', names: a.entities.people.map((e) => e.name) },
    { label: 'Organizations', names: a.entities.organizations.map((e) => e.name) },
    { label: 'Places', names: a.entities.locations.map((e) => e.name) },
  ];
  return groups
    .map((g) => ({ label: g.label, names: g.names.slice(0, 3) }))
    .filter((g) => g.names.length > 0);
}

/** Three explore-further questions from the article's own place, entities and category. */
export function exploreQuestions(a: NormalizedArticle): string[] {
  const place =
    a.location.name !== '' && a.location.name !== 'Unknown Location'
      ? a.location.name
      : 'the region';
  const who = a.entities.people[0]?.name ?? a.entities.organizations[0]?.name ?? null;
  return [
    `What happens next in ${place}?`,
    who === null
      ? 'Who are the main actors in this story?'
      : `What is ${who}'s role in this story?`,
    `How have similar ${a.category.toLowerCase()} stories developed elsewhere?`,
  ];
}

function AskActions({ article }: { article: NormalizedArticle }) {
  const [answers, setAnswers] = useState<Partial<Record<AskQuestion, AskAnswer | string>>>({});
  const [busy, setBusy] = useState<AskQuestion | null>(null);
  useEffect(() => setAnswers({}), [article.id]);
  const ask = (q: AskQuestion): void => {
    setBusy(q);
    askArticle(article.id, q)
      .then((a) => setAnswers((prev) => ({ ...prev, [q]: a })))
      .catch((e: unknown) => setAnswers((prev) => ({ ...prev, [q]: askErrorText(e) })))
      .finally(() => setBusy(null));
  };
  return (
    <div className="ws-actions">
      {ASK_QUESTIONS.map((q) => {
        const a = answers[q];
        return (
          <div key={q} className="ws-ask">
            <Button size="small" onClick={() => ask(q)} disabled={busy !== null}>
              {busy === q ? 'Asking...' : ASK_LABELS[q]}
            </Button>
            {typeof a === 'string' && (
              <p className="ws-ask__error" role="status">
                {a}
              </p>
            )}
            {a !== undefined && typeof a !== 'string' && (
              <div className="ws-ask__answer" data-testid={`ws-answer-${q}`} role="status">
                <span
                  className={`provenance provenance--${a.provenance}`}
                  title={a.detail}
                  data-testid={`ws-answer-provenance-${q}`}
                >
                  {a.provenance}
                </span>
                <p>{a.answer}</p>
                {a.related.length > 0 && (
                  <p className="ws-muted">
                    Related: {a.related.map((r) => `${r.title} (${r.reason})`).join('; ')}
                  </p>
                )}
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}

export function ArticleContext({ article }: { article: NormalizedArticle }) {
  const impacts = (
    article.implications.length > 0 ? article.implications : article.takeaways
  ).slice(0, 3);
  const insights = (article.insights.length > 0 ? article.insights : article.takeaways).slice(0, 3);
  const groups = entityGroups(article);
  const [saved, setSaved] = useState<number | null>(null);
  useEffect(() => setSaved(null), [article.id]);
  return (
    <div className="ws-article" data-testid="ws-article">
      <div className="ws-badge">
        <span>📍 {article.location.name || 'Unknown Location'}</span>
        <Button
          size="small"
          variant="ghost"
          aria-label="Close article"
          onClick={() => sendCommand({ type: 'selectArticle', id: null })}
        >
          ×
        </Button>
      </div>
      <h3 className="ws-article__title">{article.title}</h3>
      <p className="ws-muted">
        {formatTimeAgo(article.timestamp, Date.now())} · {article.category}
      </p>
      <p>{article.summary}</p>
      <section className="ws-card" aria-label="AI summary">
        <h4 className="ws-heading">AI SUMMARY</h4>
        {impacts.length === 0 ? (
          <p className="ws-muted">No impacts analysed for this article yet.</p>
        ) : (
          <ul>
            {impacts.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        )}
      </section>
      <section className="ws-card" aria-label="AI Analysis">
        <h4 className="ws-heading">AI ANALYSIS</h4>
        <h5 className="ws-subheading">Key insights</h5>
        {insights.length === 0 ? (
          <p className="ws-muted">No insights yet.</p>
        ) : (
          <ul>
            {insights.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        )}
        <h5 className="ws-subheading">Key entities</h5>
        {groups.length === 0 ? (
          <p className="ws-muted">No entities found.</p>
        ) : (
          groups.map((g) => (
            <p key={g.label}>
              <span className="ws-muted">{g.label}:</span> {g.names.join(', ')}
            </p>
          ))
        )}
        <h5 className="ws-subheading">Explore further</h5>
        <ul>
          {exploreQuestions(article).map((q) => (
            <li key={q}>{q}</li>
          ))}
        </ul>
      </section>
      <AskActions article={article} />
      <div className="ws-row-buttons">
        <Button
          size="small"
          onClick={() => {
            const terms = groups.flatMap((g) => g.names);
            const before = vocabulary.value.length;
            vocabulary.value = addVocabulary(safeStorage(), terms);
            setSaved(vocabulary.value.length - before);
          }}
        >
          Vocabulary
        </Button>
        <Button size="small" onClick={() => window.alert('Create Post feature coming soon!')}>
          Post
        </Button>
      </div>
      {saved !== null && (
        <p className="ws-muted" role="status">
          {saved === 0
            ? 'These terms are already in your vocabulary.'
            : `${saved} term${saved === 1 ? '' : 's'} added to your vocabulary.`}
        </p>
      )}
    </div>
  );
}

interface ReversePlace {
  name: string;
  admin1: string | null;
  country: string;
  distanceKm: number;
}

/** The place under the camera (GET /api/geo/reverse), refreshed when the camera settles. */
function LocationCard() {
  useSignals();
  // A string signal: only a change of the rounded point re-renders (not every camera publish).
  const [lat, lon] = cameraPoint.value.split(',').map(Number) as [number, number];
  const [place, setPlace] = useState<ReversePlace | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    const t = setTimeout(() => {
      fetch(`/api/geo/reverse?lat=${lat}&lon=${lon}`, { signal: ctl.signal })
        .then(async (r) => (r.ok ? ((await r.json()) as ReversePlace) : null))
        .then(setPlace)
        .catch(() => {
          if (!ctl.signal.aborted) setPlace(null);
        });
    }, 600);
    return () => {
      clearTimeout(t);
      ctl.abort();
    };
  }, [lat, lon]);
  return (
    <section className="ws-card" aria-label="Location" data-testid="ws-location">
      <h4 className="ws-heading">LOCATION</h4>
      <p className="ws-article__title">{place?.name ?? 'Unknown Location'}</p>
      {place !== null && (
        <p className="ws-muted">
          {[place.admin1, place.country].filter((v) => v !== null && v !== '').join(', ')}
        </p>
      )}
      <p className="ws-muted">
        {lat.toFixed(1)}°, {lon.toFixed(1)}°
      </p>
    </section>
  );
}

function NoSelection() {
  useSignals();
  const [, navigate] = useLocation();
  const layers = layerState.value;
  const toggle = (layer: 'grid' | 'dayNight'): void =>
    sendCommand({ type: 'setLayer', layer, on: !(layers?.[layer] ?? false) });
  return (
    <>
      <LocationCard />
      <section className="ws-card" aria-label="System status" data-testid="ws-system-status">
        <h4 className="ws-heading">SYSTEM STATUS</h4>
        <dl className="ws-stats">
          <dt>FPS</dt>
          <dd>
            <SignalText value={fps} testId="ws-fps" />
          </dd>
          <dt>MODE</dt>
          <dd>
            <SignalText value={qualityMode} />
          </dd>
          <dt>OBJECTS</dt>
          <dd>
            <SignalText value={entityCount} testId="ws-objects" />
          </dd>
        </dl>
      </section>
      <section className="ws-card" aria-label="Upcoming">
        <h4 className="ws-heading">UPCOMING</h4>
        <ul>
          {UPCOMING.map((u) => (
            <li key={u.what}>
              <span className="ws-muted">{u.when}</span> {u.what}
            </li>
          ))}
        </ul>
      </section>
      <section className="ws-card" aria-label="Quick tools">
        <h4 className="ws-heading">QUICK TOOLS</h4>
        <div className="ws-grid-buttons">
          <Button size="small" onClick={() => navigate('/analytics')}>
            Analytics
          </Button>
          <Button size="small" onClick={() => (leftPanelOpen.value = true)}>
            Filters
          </Button>
          <Button
            size="small"
            onClick={() => {
              leftPanelOpen.value = true;
              requestAnimationFrame(() =>
                document.getElementById('ws-layers')?.scrollIntoView({ block: 'nearest' }),
              );
            }}
          >
            Layers
          </Button>
          <Button size="small" onClick={() => (settingsOpen.value = true)}>
            Settings
          </Button>
          <Button size="small" aria-pressed={layers?.grid ?? false} onClick={() => toggle('grid')}>
            Grid
          </Button>
          <Button
            size="small"
            aria-pressed={layers?.dayNight ?? false}
            onClick={() => toggle('dayNight')}
          >
            Day/Night
          </Button>
        </div>
      </section>
      <p className="ws-hint">
        <strong>Explore the Globe</strong> - drag to rotate, scroll to zoom, click a marker or a
        story in LIVE DATA to see it here.
      </p>
    </>
  );
}

export function ContextPanel() {
  useSignals();
  const sel = selectedArticle.value;
  const article = useMemo(() => (sel === null ? null : normalizeArticle(sel.article)), [sel]);
  // A new selection opens the panel (spec: the article shows in the right-hand panel).
  useEffect(() => {
    if (sel !== null) rightPanelOpen.value = true;
  }, [sel]);
  if (!rightPanelOpen.value) {
    return (
      <button
        type="button"
        className="ws-tab ws-tab--right"
        aria-expanded="false"
        aria-controls="ws-context"
        onClick={() => (rightPanelOpen.value = true)}
      >
        CONTEXT
      </button>
    );
  }
  return (
    <Panel
      as="aside"
      id="ws-context"
      className="ws-panel ws-panel--right"
      aria-label="Context"
      title={article === null ? 'CONTEXT' : 'ARTICLE'}
      actions={
        <Button
          size="small"
          variant="ghost"
          aria-label="Collapse context panel"
          aria-expanded="true"
          onClick={() => (rightPanelOpen.value = false)}
        >
          ▶
        </Button>
      }
    >
      {article === null ? <NoSelection /> : <ArticleContext article={article} />}
    </Panel>
  );
}
