import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { hasLocation, type NormalizedArticle } from '../../data/articleNormalizer';
import {
  clampFeedHours,
  DEFAULT_FEED_FILTERS,
  FEED_EMPTY_HINT,
  FEED_EMPTY_TITLE,
  FEED_HOURS_SLIDER,
  FEED_TABS,
  filterFeed,
  type FeedFilterState,
} from '../../data/feedFilters';
import { SENTIMENT_LABELS } from '../../data/analysis';
import { sendCommand } from '../../engine/commands';
import { openArticleDialog } from '../article/dialogState';
import { DataNotice } from '../components/DataNotice';
import { Navbar } from '../components/Navbar';
import { ARTICLE_TEXTS, dataNotice } from '../dataState';
import { articleFeedState, browserOnline } from '../useArticleFeed';
import { AreaBoundary } from '../shell/ErrorBoundary';
import { articleStore, useStoredArticles } from '../article/sharedStore';
import { FeedCard } from './FeedCard';
import { hoursLabel, QUICK_RANGES, TIME_PRESETS } from './feedCategory';
import { useLiveFeed } from './useLiveFeed';
import '../article/article.css';
import './feeds.css';

/** Spec: a feed click sets the selected location with zoom 300. */
export const FEED_CLICK_ZOOM = 300;
/** How often "time ago" and the hours window move on. */
const CLOCK_MS = 30_000;

const TAB_LABELS: Readonly<Record<(typeof FEED_TABS)[number], string>> = {
  all: 'All',
  breaking: 'Breaking',
  trending: 'Trending',
  verified: 'Verified',
};

function LiveIndicator({ feed }: { feed: ReturnType<typeof useLiveFeed> & { online: boolean } }) {
  if (feed.status === 'connected' && !feed.realtimeAllowed) {
    // Guests may connect but not subscribe (spec section 6: real-time data is for accounts).
    return (
      <span className="live-indicator live-indicator--off" data-testid="live-indicator">
        <span className="live-indicator__dot" aria-hidden="true" />
        Updates every 2 min · sign in for live
      </span>
    );
  }
  if (feed.status === 'connected') {
    return (
      <span className="live-indicator live-indicator--live" data-testid="live-indicator">
        <span className="live-indicator__dot" aria-hidden="true" />
        Live
      </span>
    );
  }
  return (
    <span className="live-indicator live-indicator--reconnecting" data-testid="live-indicator">
      <span className="live-indicator__dot" aria-hidden="true" />
      {feed.online ? 'Reconnecting' : 'Offline'}
    </span>
  );
}

/**
 * The 'Live Intelligence Feed' page (/feeds, spec section 2): the newest stories polled every
 * 120 s plus live socket arrivals, filtered and ordered by data/feedFilters.ts. A card click flies
 * the globe to the story (zoom 300), opens its detail dialog and goes to /app.
 */
export function FeedsPage() {
  useSignals();
  const feed = useLiveFeed();
  const articles = useStoredArticles();
  const [, navigate] = useLocation();
  const [filters, setFilters] = useState<FeedFilterState>({ ...DEFAULT_FEED_FILTERS });
  const [advanced, setAdvanced] = useState(false);
  const [nowMs, setNowMs] = useState(() => Date.now());
  const initialIds = useRef<Set<string> | null>(null);

  useEffect(() => {
    const t = setInterval(() => setNowMs(Date.now()), CLOCK_MS);
    return () => clearInterval(t);
  }, []);
  // What was there when the page first had its list: anything after that is highlighted as new.
  useEffect(() => {
    if (initialIds.current === null && !feed.load.loading) {
      initialIds.current = new Set(articles.map((a) => a.id));
    }
  }, [feed.load.loading, articles]);

  // A live arrival must be judged against a clock at least as new as itself: move the clock on
  // whenever the set changes, not only every 30 s.
  useEffect(() => setNowMs(Date.now()), [articles]);
  const now = nowMs;
  const visible = useMemo(() => filterFeed(articles, filters, now), [articles, filters, now]);
  const categories = useMemo(() => {
    const set = new Map<string, string>();
    for (const a of articles) for (const c of a.categories) set.set(c.toLowerCase(), c);
    return [...set.values()].sort((x, y) => x.localeCompare(y));
  }, [articles]);

  // The list's honest state (ui/dataState.ts): loading, failed with Retry, empty, offline, or
  // stale when a poll failed and the store's articles are shown (spec section 8 'Feed fetch
  // fails: live articles from the socket store'). Before its own first list, the page shows what
  // the globe's list put in the store, from the time that arrived.
  const notice = dataNotice(
    { ...feed.load, updatedAt: feed.load.updatedAt ?? articleFeedState.value.updatedAt },
    browserOnline.value,
    articles.length,
    ARTICLE_TEXTS,
  );

  const set = (patch: Partial<FeedFilterState>): void => setFilters((f) => ({ ...f, ...patch }));

  const open = (a: NormalizedArticle): void => {
    if (hasLocation(a)) {
      sendCommand({
        type: 'goToLocation',
        lat: a.latitude,
        lon: a.longitude,
        zoom: FEED_CLICK_ZOOM,
      });
    }
    openArticleDialog(a.id, articleStore.getRaw(a.id) ?? a);
    navigate('/app');
  };

  return (
    <>
      <AreaBoundary area="navbar">
        <Navbar />
      </AreaBoundary>
      <main className="feeds" data-testid="feeds-page">
        <header className="feeds__header">
          <div>
            <h1>Live Intelligence Feed</h1>
            <p className="feeds__sub">
              <LiveIndicator feed={{ ...feed, online: browserOnline.value }} />
              <span data-testid="feed-count">
                {visible.length} {visible.length === 1 ? 'article' : 'articles'}
              </span>
              {visible.length !== articles.length && (
                <span className="feeds__muted"> of {articles.length}</span>
              )}
            </p>
          </div>
          <input
            type="search"
            className="feeds__search"
            placeholder="Search the feed..."
            aria-label="Search the feed"
            data-testid="feed-search"
            value={filters.search}
            onChange={(e) => set({ search: e.target.value })}
          />
        </header>

        <section className="feeds__controls" aria-label="Filters">
          <div className="feeds__time">
            <div className="segmented" role="group" aria-label="Time range">
              {TIME_PRESETS.map((p) => (
                <button
                  key={p.label}
                  type="button"
                  aria-pressed={filters.hours === p.hours}
                  className={filters.hours === p.hours ? 'seg seg--on' : 'seg'}
                  onClick={() => set({ hours: p.hours })}
                >
                  {p.label}
                </button>
              ))}
            </div>
            <label className="feeds__slider">
              <input
                type="range"
                min={FEED_HOURS_SLIDER.min}
                max={FEED_HOURS_SLIDER.max}
                step={FEED_HOURS_SLIDER.step}
                value={clampFeedHours(filters.hours)}
                aria-label="Time range in hours"
                data-testid="feed-hours"
                onChange={(e) => set({ hours: clampFeedHours(Number(e.target.value)) })}
              />
              <span data-testid="feed-hours-label">Last {hoursLabel(filters.hours)}</span>
            </label>
            <div className="feeds__quick" role="group" aria-label="Quick ranges">
              {QUICK_RANGES.map((q) => (
                <button
                  key={q.label}
                  type="button"
                  className={filters.hours === q.hours ? 'seg seg--on' : 'seg'}
                  onClick={() => set({ hours: q.hours })}
                >
                  {q.label}
                </button>
              ))}
            </div>
          </div>
          <div className="feeds__tabs">
            {/* The Advanced toggle is not a tab: it sits beside the tab list, not in it. */}
            <div className="feeds__tablist" role="tablist" aria-label="Feed">
              {FEED_TABS.map((t) => (
                <button
                  key={t}
                  type="button"
                  role="tab"
                  aria-selected={filters.tab === t}
                  className={filters.tab === t ? 'tab tab--active' : 'tab'}
                  onClick={() => set({ tab: t })}
                >
                  {TAB_LABELS[t]}
                </button>
              ))}
            </div>
            <button
              type="button"
              className={
                advanced ? 'tab tab--active feeds__advanced-toggle' : 'tab feeds__advanced-toggle'
              }
              aria-expanded={advanced}
              onClick={() => setAdvanced((v) => !v)}
            >
              Advanced
            </button>
          </div>
          {advanced && (
            <div className="feeds__advanced" data-testid="feed-advanced">
              <label>
                Sentiment
                <select
                  value={filters.sentiment ?? ''}
                  data-testid="feed-sentiment"
                  onChange={(e) =>
                    set({ sentiment: e.target.value === '' ? null : e.target.value })
                  }
                >
                  <option value="">Any</option>
                  {SENTIMENT_LABELS.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                Category
                <select
                  value={filters.category ?? ''}
                  data-testid="feed-category"
                  onChange={(e) => set({ category: e.target.value === '' ? null : e.target.value })}
                >
                  <option value="">Any</option>
                  {categories.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </label>
              <label className="feeds__engagement">
                Minimum engagement <b>{Math.round(filters.minEngagement * 100)}%</b>
                <input
                  type="range"
                  min={0}
                  max={100}
                  step={1}
                  value={Math.round(filters.minEngagement * 100)}
                  data-testid="feed-min-engagement"
                  onChange={(e) => set({ minEngagement: Number(e.target.value) / 100 })}
                />
              </label>
            </div>
          )}
        </section>

        <DataNotice notice={notice} onRetry={feed.retry} testId="feed-state" />
        {articles.length === 0 ? null : visible.length === 0 ? (
          <div className="feeds__empty" data-testid="feed-empty">
            <h2>{FEED_EMPTY_TITLE}</h2>
            <p>{FEED_EMPTY_HINT}</p>
          </div>
        ) : (
          <ul className="feeds__list" data-testid="feed-list">
            {visible.map((a) => (
              <FeedCard
                key={a.id}
                article={a}
                nowMs={now}
                fresh={initialIds.current !== null && !initialIds.current.has(a.id)}
                onOpen={open}
              />
            ))}
          </ul>
        )}
      </main>
    </>
  );
}
