import type { NormalizedArticle } from '../../data/articleNormalizer';
import { feedBadges, TRENDING_BADGE } from '../../data/feedFilters';
import { formatPercent, formatTimeAgo } from '../../data/formatting';
import { categoryStyle } from './feedCategory';

/** Spec: up to 3 tags on a card. */
export const CARD_TAGS = 3;

/** The card's AI line: the first insight, else the commentary, else the summary. */
function insightOf(a: NormalizedArticle): { label: string; text: string } {
  const first = a.insights[0];
  if (first !== undefined) return { label: 'AI insight', text: first };
  if (a.commentary !== null) return { label: 'AI insight', text: a.commentary };
  return { label: 'Summary', text: a.summary };
}

/**
 * One story of the Live Intelligence Feed (spec section 2): category icon, sentiment, AI insight,
 * engagement / virality / trust percentages, time ago, location, 'Trending' and '✓ Verified'
 * badges, up to 3 tags. The whole card is one button.
 */
export function FeedCard({
  article: a,
  nowMs,
  fresh,
  onOpen,
}: {
  article: NormalizedArticle;
  nowMs: number;
  /** Arrived over the socket since the page opened: briefly highlighted. */
  fresh: boolean;
  onOpen: (a: NormalizedArticle) => void;
}) {
  const style = categoryStyle(a.category);
  const insight = insightOf(a);
  return (
    <li>
      <button
        type="button"
        className={fresh ? 'feed-card feed-card--fresh' : 'feed-card'}
        data-testid="feed-card"
        data-id={a.id}
        onClick={() => onOpen(a)}
      >
        <span
          className="feed-card__icon"
          style={{ color: style.color, borderColor: style.color }}
          title={a.category}
          aria-hidden="true"
        >
          {style.icon}
        </span>
        <span className="feed-card__main">
          <span className="feed-card__top">
            <span className="feed-card__category" style={{ color: style.color }}>
              {a.category}
            </span>
            <span className={`sentiment sentiment--${a.sentiment}`} data-testid="card-sentiment">
              {a.sentiment}
            </span>
            {feedBadges(a).map((b) => (
              <span
                key={b}
                className={b === TRENDING_BADGE ? 'badge badge--trending' : 'badge badge--verified'}
              >
                {b}
              </span>
            ))}
            {a.corroboration !== null && (
              <span
                className="badge badge--sources"
                data-testid="card-sources"
                title={`Also reported by ${a.corroboration.sources.map((s) => s.name).join(', ')}`}
              >
                {a.corroboration.count} sources
              </span>
            )}
            {a.isSample && (
              <span className="badge badge--sample" data-testid="card-sample">
                Sample
              </span>
            )}
            <span className="feed-card__time">{formatTimeAgo(a.timestamp, nowMs)}</span>
          </span>
          <span className="feed-card__title">{a.title}</span>
          <span className="feed-card__insight">
            <b>{insight.label}:</b> {insight.text}
          </span>
          <span className="feed-card__stats">
            <span>
              Engagement <b>{formatPercent(a.engagement)}</b>
            </span>
            <span>
              Virality <b>{formatPercent(a.virality)}</b>
            </span>
            <span>
              Trust <b>{formatPercent(a.credibility)}</b>
            </span>
            <span className="feed-card__place">📍 {a.location.name}</span>
          </span>
          {a.tags.length > 0 && (
            <span className="chips">
              {a.tags.slice(0, CARD_TAGS).map((t) => (
                <span key={t} className="chip">
                  #{t}
                </span>
              ))}
            </span>
          )}
        </span>
      </button>
    </li>
  );
}
