import { useSignals } from '@preact/signals-react/runtime';
import { loadIssues, retryLoadIssues } from '../../data/loadStatus';
import { articleFeedState, browserOnline, offlineText } from '../useArticleFeed';
import { Button } from './kit';
import './loadStatus.css';

/**
 * What the globe is missing, on the globe pages (not behind a page's own content, which says its
 * own states): an offline line while the browser has no network (it goes once the connection is
 * back and the list refreshes), and what failed to load and was
 * skipped (data/loadStatus.ts: a geo tier's file, the place names, the country outlines, an Earth
 * layer's asset, the articles), with one Retry. The globe keeps working without them; nothing
 * shows while everything loaded.
 */
export function LoadStatus() {
  useSignals();
  const issues = loadIssues.value;
  const online = browserOnline.value;
  const { updatedAt } = articleFeedState.value;
  if (issues.length === 0 && online) return null;
  const names = issues.map((i) => i.name).join(', ');
  return (
    <div className="load-status-stack">
      {!online && (
        <div
          className="load-status load-status--offline"
          role="status"
          data-testid="offline-status"
          data-occludes=""
        >
          <span className="load-status__text">{offlineText(updatedAt)}</span>
        </div>
      )}
      {issues.length > 0 && (
        <div className="load-status" role="status" data-testid="load-status" data-occludes="">
          <span className="load-status__text">
            Not loaded: {names}
            <span className="load-status__detail">{issues[0]?.message}</span>
          </span>
          <Button size="small" onClick={retryLoadIssues}>
            Retry
          </Button>
        </div>
      )}
    </div>
  );
}
