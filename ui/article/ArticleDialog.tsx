import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { AnalysisFieldName } from '../../data/analysis';
import { ApiError } from '../../data/api/client';
import { normalizeArticle, type NormalizedArticle } from '../../data/articleNormalizer';
import { formatDate, formatPercent } from '../../data/formatting';
import { articleApi } from './api';
import { closeArticleDialog, dialogArticle } from './dialogState';
import { fieldProvenance, processingStatus, processingStatusText } from './provenance';
import { canAnalyse } from './session';
import { shareArticle, shareLink } from './share';
import { articleStore } from './sharedStore';
import './article.css';

export const ARTICLE_TABS = ['Overview', 'AI Analysis', 'Insights', 'Entities'] as const;
export type ArticleTab = (typeof ARTICLE_TABS)[number];

export const ANALYSIS_DONE = 'Article analysis completed';
export const NO_ENTITIES = 'No entities extracted for this article';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The server's own message for a failed call ({success:false, message}), else the client's. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && isObj(error.body) && typeof error.body['message'] === 'string') {
    return error.body['message'];
  }
  return error instanceof Error && error.message !== '' ? error.message : 'Unknown error';
}

/** A small label saying how a value was made, with the producer's one-line detail on hover. */
function Provenance({ raw, field }: { raw: unknown; field: AnalysisFieldName }) {
  const p = fieldProvenance(raw, field);
  if (p === null) return null;
  return (
    <span
      className={`provenance provenance--${p.method}`}
      title={p.detail === '' ? `Made by: ${p.method}` : `${p.method}: ${p.detail}`}
      data-testid={`provenance-${field}`}
    >
      {p.method}
    </span>
  );
}

function Section({
  title,
  children,
  raw,
  field,
}: {
  title: string;
  children: ReactNode;
  raw?: unknown;
  field?: AnalysisFieldName;
}) {
  return (
    <section className="article-dialog__section">
      <h3>
        {title}
        {field !== undefined && <Provenance raw={raw} field={field} />}
      </h3>
      {children}
    </section>
  );
}

function Meter({ label, value }: { label: string; value: number | null }) {
  const pct = value === null ? 0 : Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className="meter">
      <div className="meter__row">
        <span>{label}</span>
        <b>{formatPercent(value)}</b>
      </div>
      <div className="meter__track">
        <div className="meter__fill" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

function Overview({ a, raw }: { a: NormalizedArticle; raw: unknown }) {
  const [shareNote, setShareNote] = useState<string | null>(null);
  const onShare = (): void => {
    const url = shareLink(a.url, window.location.origin, a.id);
    void shareArticle(navigator, a.title, url).then((outcome) => {
      if (outcome === 'copied') setShareNote('Link copied');
      else if (outcome === 'failed') setShareNote(null);
    });
  };
  return (
    <>
      <Section title="Summary" raw={raw} field="contentSummary">
        <p className="article-dialog__summary">{a.summary}</p>
      </Section>
      {a.takeaways.length > 0 && (
        <Section title="Key Takeaways" raw={raw} field="keyTakeaways">
          <ul className="article-dialog__list" data-testid="takeaways">
            {a.takeaways.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </Section>
      )}
      {a.corroboration !== null && (
        <Section
          title={`Also reported by ${a.corroboration.count - 1} other ${a.corroboration.count - 1 === 1 ? 'outlet' : 'outlets'}`}
        >
          <ul className="article-dialog__list" data-testid="corroboration">
            {a.corroboration.sources.map((s) => (
              <li key={`${s.name}|${s.title}`}>
                <strong>{s.name}</strong>
                {': '}
                {s.url === null ? (
                  s.title
                ) : (
                  <a href={s.url} target="_blank" rel="noopener noreferrer">
                    {s.title}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </Section>
      )}
      {a.tags.length > 0 && (
        <Section title="Tags" raw={raw} field="tagExtraction">
          <div className="chips" data-testid="tags">
            {a.tags.map((t) => (
              <span key={t} className="chip">
                {t}
              </span>
            ))}
          </div>
        </Section>
      )}
      <div className="article-dialog__actions">
        {a.url !== null && (
          <a
            className="atl-btn atl-btn--primary"
            href={a.url}
            target="_blank"
            rel="noopener noreferrer"
          >
            Read Full Article
          </a>
        )}
        <button type="button" className="atl-btn" onClick={onShare}>
          Share
        </button>
        {shareNote !== null && (
          <span className="article-dialog__note" role="status">
            {shareNote}
          </span>
        )}
      </div>
    </>
  );
}

function AiAnalysis({ a, raw }: { a: NormalizedArticle; raw: unknown }) {
  const status = processingStatus(raw);
  return (
    <>
      <Section title="Credibility Assessment" raw={raw} field="credibilityAssessment">
        <Meter label="Trust Score" value={a.credibility} />
        <p className="article-dialog__muted">{a.credibilityExplanation}</p>
      </Section>
      <Section title="Engagement Prediction" raw={raw} field="engagementPrediction">
        <Meter label="Predicted engagement" value={a.engagement} />
      </Section>
      <Section title="Virality Potential" raw={raw} field="viralityPrediction">
        <Meter label="Virality" value={a.virality} />
      </Section>
      {a.quotes.length > 0 && (
        <Section title="Key Quotes" raw={raw} field="quoteExtraction">
          <div data-testid="quotes">
            {a.quotes.map((q) => (
              <blockquote key={q.text} className="article-dialog__quote">
                “{q.text}”{q.speaker !== null && <cite>— {q.speaker}</cite>}
              </blockquote>
            ))}
          </div>
        </Section>
      )}
      <Section title="Processing Status">
        <p className="article-dialog__status" data-testid="processing-status">
          <span className={`status-dot status-dot--${status.kind}`} aria-hidden="true" />
          {processingStatusText(status)}
          {status.kind === 'v5' && (
            <span className="article-dialog__muted"> · {status.schemas} schemas processed</span>
          )}
        </p>
      </Section>
    </>
  );
}

function Insights({ a, raw }: { a: NormalizedArticle; raw: unknown }) {
  const empty =
    a.commentary === null &&
    a.insights.length === 0 &&
    a.implications.length === 0 &&
    a.mentionedLocations.length === 0;
  if (empty) return <p className="article-dialog__muted">No AI insights for this article yet.</p>;
  return (
    <>
      {a.commentary !== null && (
        <Section title="AI Commentary" raw={raw} field="aiCommentary">
          <p>{a.commentary}</p>
        </Section>
      )}
      {a.insights.length > 0 && (
        <Section title="AI Insights" raw={raw} field="aiInsights">
          <ul className="article-dialog__list">
            {a.insights.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </Section>
      )}
      {a.implications.length > 0 && (
        <Section title="Implications" raw={raw} field="aiImplications">
          <ul className="article-dialog__list">
            {a.implications.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </Section>
      )}
      {a.mentionedLocations.length > 0 && (
        <Section title="Geographic Analysis" raw={raw} field="geographicAnalysis">
          <ul className="article-dialog__places" data-testid="places">
            {a.mentionedLocations.map((p) => (
              <li key={p.name}>
                <span>📍 {p.name}</span>
                <b>{formatPercent(p.relevance)}</b>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </>
  );
}

function Entities({ a, raw }: { a: NormalizedArticle; raw: unknown }) {
  const groups = [
    { title: 'People', items: a.entities.people },
    { title: 'Organizations', items: a.entities.organizations },
    { title: 'Locations', items: a.entities.locations },
  ].filter((g) => g.items.length > 0);
  if (groups.length === 0) return <p className="article-dialog__muted">{NO_ENTITIES}</p>;
  return (
    <>
      {groups.map((g) => (
        <Section key={g.title} title={g.title} raw={raw} field="entityExtraction">
          <ul className="article-dialog__entities" data-testid={`entities-${g.title}`}>
            {g.items.map((e) => (
              <li key={e.name}>
                <span>{e.name}</span>
                <span className="article-dialog__muted">{e.role ?? e.type}</span>
              </li>
            ))}
          </ul>
        </Section>
      ))}
    </>
  );
}

/**
 * The header's sentiment badge. When an analysis scored the sentiment, its label and score go
 * together (the article's own label may come from the feed and disagree with the score);
 * otherwise the article's label and whatever score it carries.
 */
function badgeSentiment(raw: Obj, a: NormalizedArticle): { label: string; score: number | null } {
  const analysis = raw['hybridAnalysis'];
  const scored = isObj(analysis) ? analysis['sentimentAnalysis'] : undefined;
  if (isObj(scored)) {
    const label = normalizeArticle({ id: a.id, sentiment: scored['overall'] })?.sentiment;
    const score = scored['score'];
    if (label !== undefined && typeof score === 'number' && Number.isFinite(score)) {
      return { label, score };
    }
  }
  return { label: a.sentiment, score: a.sentimentScore };
}

type AnalysisState =
  { phase: 'idle' } | { phase: 'analyzing' } | { phase: 'done'; ok: boolean; message: string };

/**
 * The article detail dialog (spec globe.md section 2): four tabs, the detail limits, the spec's
 * fallbacks, Read Full Article (http(s) only, new tab, no opener), Share, Re-analyse. Every article
 * text is rendered as React text, never as HTML: feed content is untrusted.
 */
export function ArticleDialog({ onPin }: { onPin?: (id: string) => void }) {
  useSignals();
  const current = dialogArticle.value;
  const id = current?.id ?? null;
  const [tab, setTab] = useState<ArticleTab>('Overview');
  const [full, setFull] = useState<{ id: string; raw: Obj } | null>(null);
  const [analysis, setAnalysis] = useState<AnalysisState>({ phase: 'idle' });
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // Re-render when the store changes: an analysis that arrives over the socket shows at once.
  useSyncExternalStore(articleStore.subscribe, articleStore.getSnapshot);

  // A new article starts on Overview with no stale analysis message, and fetches the full record
  // (content and hybridAnalysis are left out of the lists).
  useEffect(() => {
    setTab('Overview');
    setAnalysis({ phase: 'idle' });
    if (id === null) return undefined;
    const controller = new AbortController();
    articleApi
      .articleById(id, controller.signal)
      .then((body) => {
        if (isObj(body)) setFull({ id, raw: body });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn(`Article ${id}: ${failureMessage(error)}`);
      });
    dialogRef.current?.focus();
    return () => controller.abort();
  }, [id]);

  useEffect(() => {
    if (id === null) return undefined;
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') closeArticleDialog();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [id]);

  if (current === null || id === null) return null;
  const stored = articleStore.getRaw(id);
  // The lists leave the analysis out, so an analysis the store holds came later than the lists:
  // over the socket (article:analyzed) or from a re-analysis; it wins over the fetched record.
  const storedAnalysis = stored?.['hybridAnalysis'];
  const raw: Obj = {
    ...(isObj(current.raw) ? current.raw : {}),
    ...(stored ?? {}),
    ...(full?.id === id ? full.raw : {}),
    ...(isObj(storedAnalysis) ? { hybridAnalysis: storedAnalysis } : {}),
  };
  const a = normalizeArticle({ ...raw, id }) as NormalizedArticle;

  const reanalyse = (): void => {
    setAnalysis({ phase: 'analyzing' });
    articleApi
      .analyzeArticle(id)
      .then((body) => {
        const result = isObj(body) ? body['analysis'] : undefined;
        if (isObj(result)) {
          setFull({ id, raw: { ...raw, hybridAnalysis: result } });
          articleStore.applyAnalysis({ articleId: id, analysis: result });
        }
        setAnalysis({ phase: 'done', ok: true, message: ANALYSIS_DONE });
      })
      .catch((error: unknown) => {
        setAnalysis({
          phase: 'done',
          ok: false,
          message: `Analysis failed: ${failureMessage(error)}`,
        });
      });
  };

  const date = formatDate(a.publishedAt ?? a.createdAt);
  const sentiment = badgeSentiment(raw, a);
  return (
    <div
      className="article-dialog__backdrop"
      data-testid="article-panel"
      onClick={(event) => {
        if (event.target === event.currentTarget) closeArticleDialog();
      }}
    >
      <div
        ref={dialogRef}
        className="article-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid="article-dialog"
      >
        <header className="article-dialog__header">
          <span className="article-dialog__emoji" aria-hidden="true">
            {a.emoji}
          </span>
          <div className="article-dialog__meta">
            <span data-testid="article-location">📍 {a.location.name}</span>
            <span data-testid="article-date">{date}</span>
            <span data-testid="article-publisher">{a.publisher}</span>
            {a.isSample && (
              <span
                className="badge badge--sample"
                data-testid="article-sample"
                title="Fictional sample article bundled with ATLAS for the first run, not real news"
              >
                Sample data
              </span>
            )}
            <span
              className={`sentiment sentiment--${sentiment.label}`}
              data-testid="article-sentiment"
            >
              {sentiment.label}
              {sentiment.score !== null && ` ${formatPercent(Math.abs(sentiment.score))}`}
              <Provenance raw={raw} field="sentimentAnalysis" />
            </span>
          </div>
          {onPin !== undefined && (
            <button type="button" className="atl-btn atl-btn--small" onClick={() => onPin(id)}>
              Pin
            </button>
          )}
          <button
            type="button"
            className="article-dialog__close"
            aria-label="Close"
            onClick={closeArticleDialog}
          >
            ×
          </button>
        </header>
        <h2 id={titleId} className="article-dialog__title" data-testid="article-title">
          {a.title}
        </h2>
        <div className="article-dialog__tabs" role="tablist">
          {ARTICLE_TABS.map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              aria-selected={tab === t}
              className={tab === t ? 'tab tab--active' : 'tab'}
              onClick={() => setTab(t)}
            >
              {t}
            </button>
          ))}
        </div>
        <div className="article-dialog__body" role="tabpanel" data-testid="article-tabpanel">
          {tab === 'Overview' && <Overview a={a} raw={raw} />}
          {tab === 'AI Analysis' && <AiAnalysis a={a} raw={raw} />}
          {tab === 'Insights' && <Insights a={a} raw={raw} />}
          {tab === 'Entities' && <Entities a={a} raw={raw} />}
        </div>
        {canAnalyse.value && (
          <footer className="article-dialog__footer">
            <button
              type="button"
              className="atl-btn"
              disabled={analysis.phase === 'analyzing'}
              onClick={reanalyse}
            >
              {analysis.phase === 'analyzing' ? 'Analysing…' : 'Re-analyse'}
            </button>
            {analysis.phase === 'done' && (
              <span
                role="status"
                data-testid="analysis-message"
                className={analysis.ok ? 'analysis-ok' : 'analysis-failed'}
              >
                {analysis.message}
              </span>
            )}
          </footer>
        )}
      </div>
    </div>
  );
}
