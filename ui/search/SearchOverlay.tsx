import { useSignals } from '@preact/signals-react/runtime';
import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react';
import { useLocation } from 'wouter';
import { hasLocation, type NormalizedArticle } from '../../data/articleNormalizer';
import { formatTimeAgo } from '../../data/formatting';
import {
  debounce,
  noResultsMessage,
  searchArticles,
  SEARCH_DEBOUNCE_MS,
  type SearchResult,
} from '../../data/search';
import { sendCommand } from '../../engine/commands';
import { openArticleDialog } from '../article/dialogState';
import { articleStore, ensureArticlesLoaded, useStoredArticles } from '../article/sharedStore';
import { closeSearch, openSearch, searchOpen } from '../shell/shellState';
import './search.css';

/** Spec: selecting a result zooms the globe to distance 300. */
export const SEARCH_FLY_DISTANCE = 300;
/** The overlay reuses a list loaded within this long (the feed polls every 120 s too). */
const LIST_MAX_AGE_MS = 120_000;
/** Pages whose globe is the interactive app globe: choosing a result stays there. */
const GLOBE_PATH = '/app';

/** True for Cmd+K (macOS) or Ctrl+K (elsewhere). */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  return (event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k';
}

function ResultRow({
  result,
  active,
  onChoose,
}: {
  result: SearchResult;
  active: boolean;
  onChoose: (a: NormalizedArticle) => void;
}) {
  const a = result.article;
  return (
    <li>
      <button
        type="button"
        className={active ? 'search-result search-result--active' : 'search-result'}
        data-testid="search-result"
        data-relevance={result.relevance}
        onClick={() => onChoose(a)}
      >
        <span
          className={`relevance-dot relevance-dot--${result.relevance}`}
          title={`Relevance score ${result.score}`}
          aria-label={`relevance ${result.relevance}`}
        />
        <span className="search-result__emoji" aria-hidden="true">
          {a.emoji}
        </span>
        <span className="search-result__text">
          <span className="search-result__title">{a.title}</span>
          <span className="search-result__meta">
            {a.location.name} · {a.publisher} · {formatTimeAgo(a.timestamp, Date.now())}
          </span>
        </span>
      </button>
    </li>
  );
}

/**
 * The Cmd/Ctrl+K search overlay (spec sections 2, 4, 5): opens from the shortcut or the navbar's
 * search box (`searchOpen`), searches the client's articles with the spec's scoring after 300 ms
 * of quiet typing, shows the top 20 with relevance dots, and on a choice flies the globe to the
 * article at distance 300, selects it and closes. Escape closes.
 */
export function SearchOverlay() {
  useSignals();
  const open = searchOpen.value;
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [loadError, setLoadError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const articles = useStoredArticles();
  const [location, navigate] = useLocation();
  const debounced = useMemo(() => debounce((q: string) => setQuery(q), SEARCH_DEBOUNCE_MS), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (isSearchShortcut(event)) {
        event.preventDefault();
        openSearch();
      } else if (event.key === 'Escape' && searchOpen.peek()) {
        event.stopPropagation();
        closeSearch();
      }
    };
    // Capture phase: Escape closes the overlay before anything underneath reacts to it.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  useEffect(() => {
    if (!open) {
      debounced.cancel();
      return;
    }
    inputRef.current?.focus();
    setLoadError(null);
    ensureArticlesLoaded(LIST_MAX_AGE_MS).catch((error: unknown) => {
      setLoadError(error instanceof Error ? error.message : String(error));
    });
  }, [open, debounced]);

  const results = useMemo(() => searchArticles(articles, query), [articles, query]);
  useEffect(() => setActive(0), [query]);

  if (!open) return null;

  const onInput = (value: string): void => {
    setInput(value);
    // Spec: blank input clears the results at once; anything else waits for 300 ms of quiet.
    if (value.trim() === '') {
      debounced.cancel();
      setQuery('');
    } else {
      debounced.call(value);
    }
  };

  const choose = (a: NormalizedArticle): void => {
    closeSearch();
    if (location !== GLOBE_PATH) navigate(GLOBE_PATH);
    if (hasLocation(a)) {
      sendCommand({
        type: 'flyTo',
        lat: a.latitude,
        lon: a.longitude,
        distance: SEARCH_FLY_DISTANCE,
      });
    }
    openArticleDialog(a.id, articleStore.getRaw(a.id) ?? a);
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(results.length - 1, i + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === 'Enter') {
      const chosen = results[active];
      if (chosen !== undefined) choose(chosen.article);
    }
  };

  const searched = query.trim() !== '';
  return (
    <div
      className="search-overlay"
      data-testid="search-overlay"
      onClick={(event) => {
        if (event.target === event.currentTarget) closeSearch();
      }}
    >
      <div className="search-panel" role="dialog" aria-modal="true" aria-label="Search articles">
        <div className="search-panel__field">
          <span aria-hidden="true">⌕</span>
          <input
            ref={inputRef}
            type="search"
            value={input}
            placeholder="Search articles, places, people, sources..."
            aria-label="Search articles"
            data-testid="search-input"
            onChange={(event) => onInput(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <kbd>Esc</kbd>
        </div>
        {loadError !== null && (
          <p className="search-panel__empty" role="alert">
            Failed to load articles: {loadError}
          </p>
        )}
        {searched && results.length === 0 && (
          <p className="search-panel__empty" data-testid="search-empty">
            {noResultsMessage(query)}
          </p>
        )}
        {results.length > 0 && (
          <ul className="search-panel__results" data-testid="search-results">
            {results.map((r, i) => (
              <ResultRow key={r.article.id} result={r} active={i === active} onChoose={choose} />
            ))}
          </ul>
        )}
        {!searched && (
          <p className="search-panel__hint">
            {articles.length} articles · titles, text, people, places and sources · <kbd>↑</kbd>
            <kbd>↓</kbd> <kbd>Enter</kbd>
          </p>
        )}
      </div>
    </div>
  );
}
