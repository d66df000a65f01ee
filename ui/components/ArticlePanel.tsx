import { useSignals } from '@preact/signals-react/runtime';
import { timeAgo } from '../../data/markers/markerFilter';
import { sendCommand } from '../../engine/commands';
import { selectedArticle } from '../../engine/signals';

type Obj = Record<string, unknown>;
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** Only http(s) links are followed (feed content is untrusted). */
export function safeHttpUrl(v: unknown): string | null {
  const s = text(v);
  if (s === null) return null;
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/** The selected article, in brief (the full four-tab dialog is the application's work). */
export function ArticlePanel() {
  useSignals();
  const sel = selectedArticle.value;
  if (!sel) return null;
  const a = (typeof sel.article === 'object' && sel.article !== null ? sel.article : {}) as Obj;
  const source = a['source'];
  const publisher =
    text(source) ??
    (typeof source === 'object' && source !== null ? text((source as Obj)['name']) : null);
  const published = text(a['publishedAt']) ?? text(a['createdAt']);
  const url = safeHttpUrl(a['url']);
  return (
    <aside className="article-panel" aria-label="Selected article" data-testid="article-panel">
      <button
        type="button"
        className="article-panel__close"
        aria-label="Close"
        onClick={() => sendCommand({ type: 'selectArticle', id: null })}
      >
        ×
      </button>
      <h2>{text(a['title']) ?? 'Untitled Article'}</h2>
      <p className="article-panel__meta">
        {publisher ?? 'Unknown Publisher'}
        {published !== null ? ` · ${timeAgo(new Date(published).getTime(), Date.now())}` : ''}
      </p>
      <p>{text(a['description']) ?? 'No description available'}</p>
      {url !== null && (
        <a href={url} target="_blank" rel="noopener noreferrer">
          Read Full Article
        </a>
      )}
    </aside>
  );
}
