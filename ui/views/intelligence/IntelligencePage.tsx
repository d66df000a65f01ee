/**
 * /intelligence: the knowledge graph of the chosen window (6 h ... 30 d) drawn by sigma.js
 * (WebGL) over graphology - node size by mentions, colour by type, edges by co-occurrence -
 * with search and type filters, neighbours highlighted on hover. Selecting a node lists its
 * articles (newest first, the feed's card) and flies the globe to them; trending entities and
 * the largest stories sit beside it. Guests see the graph; AI insights are for signed-in roles.
 * Leaving the page kills the sigma renderer (its WebGL context and listeners).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Sigma from 'sigma';
import type Graph from 'graphology';
import type { Article } from '../../../data/article';
import { normalizeArticle, type NormalizedArticle } from '../../../data/articleNormalizer';
import { can } from '../../../data/permissions';
import { sendCommand } from '../../../engine/commands';
import { user } from '../../auth/authState';
import { CACHE_TTL_MS } from '../../../data/api/client';
import { DataNotice } from '../../components/DataNotice';
import { Navbar } from '../../components/Navbar';
import { dataNotice, type NoticeTexts } from '../../dataState';
import { browserOnline } from '../../useArticleFeed';
import { useViewQuery } from '../useViewQuery';
import { Button, EmptyState, ErrorState, LoadingState, Panel, Toggle } from '../../components/kit';
import { FeedCard } from '../../feeds/FeedCard';
import {
  fetchJson,
  VIEW_WINDOWS,
  type GraphNodeType,
  type KnowledgeGraphData,
  type TrendsData,
} from '../viewData';
import {
  buildGraph,
  NODE_TYPES,
  TYPE_COLORS,
  TYPE_LABELS,
  type EdgeAttributes,
  type NodeAttributes,
} from './graphModel';
import '../../article/article.css';
import '../../feeds/feeds.css';
import '../views.css';

/** Nodes asked of the server: the graph stays readable and cheap to draw. */
export const GRAPH_NODES = 150;
const ARTICLE_LIMIT = 30;
/** Distance the globe flies to for a node's articles (a region, not a street). */
const FLY_DISTANCE = 420;

type AtlasGraph = Graph<NodeAttributes, EdgeAttributes>;

/** What the browser tests read off the graph's container. */
export interface GraphTestHandle {
  order: number;
  viewportOf(id: string): { x: number; y: number } | null;
}

interface Selection {
  id: string;
  label: string;
  articles: NormalizedArticle[] | null;
  total: number;
  error: string | null;
}

function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
}

/** The view's honest state in words (ui/dataState.ts); an empty window is said in the graph. */
const TEXTS: NoticeTexts = {
  what: 'the knowledge graph',
  loading: 'Loading the knowledge graph...',
  empty: 'No entities in this window',
  failed: (message) => `Failed to load the knowledge graph: ${message}`,
};

export default function IntelligencePage() {
  useSignals();
  const signedIn = can(user.value?.role ?? 'guest', 'aiInsights');
  const [hours, setHours] = useState(24);
  const [search, setSearch] = useState('');
  const [hiddenTypes, setHiddenTypes] = useState<ReadonlySet<GraphNodeType>>(new Set());
  const [selection, setSelection] = useState<Selection | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const sigmaRef = useRef<Sigma<NodeAttributes, EdgeAttributes> | null>(null);
  const view = useRef({ hovered: null as string | null, search: '', hidden: new Set<string>() });

  const views = useViewQuery(
    ['intelligence', 'graph', hours],
    async (signal) => {
      const q = `hours=${String(hours)}`;
      const [graph, trends] = await Promise.all([
        fetchJson<KnowledgeGraphData>(
          `/api/intelligence/knowledge-graph?${q}&limit=${String(GRAPH_NODES)}`,
          signal,
        ),
        fetchJson<TrendsData>(`/api/intelligence/trends?${q}&limit=12`, signal),
      ]);
      return { graph, trends };
    },
    CACHE_TTL_MS.intelligence,
  );
  const graphData = views.data?.graph ?? null;
  const trends = views.data?.trends ?? null;
  const notice = dataNotice(views.state, browserOnline.value, graphData === null ? 0 : 1, TEXTS);

  const graph = useMemo<AtlasGraph | null>(
    () => (graphData === null ? null : buildGraph(graphData)),
    [graphData],
  );

  const select = useCallback(
    (id: string) => {
      const label = graph?.hasNode(id) === true ? graph.getNodeAttribute(id, 'label') : id;
      setSelection({ id, label, articles: null, total: 0, error: null });
      const url = `/api/intelligence/entity-articles?id=${encodeURIComponent(id)}&hours=${String(hours)}&limit=${String(ARTICLE_LIMIT)}`;
      fetchJson<{ total: number; articles: Article[] }>(url)
        .then((body) => {
          const articles = body.articles
            .map((a) => normalizeArticle(a))
            .filter((a): a is NormalizedArticle => a !== null);
          setSelection({ id, label, articles, total: body.total, error: null });
          // Show them on the globe: put them in with the live glow (their markers light up), fly
          // to their middle, select the newest.
          sendCommand({ type: 'upsertArticles', articles: body.articles, live: true });
          const placed = body.articles.filter(
            (a) => typeof a.latitude === 'number' && typeof a.longitude === 'number',
          );
          const first = placed[0];
          if (first !== undefined) {
            sendCommand({
              type: 'flyTo',
              lat: mean(placed.map((a) => a.latitude ?? 0)),
              lon: mean(placed.map((a) => a.longitude ?? 0)),
              distance: FLY_DISTANCE,
            });
            sendCommand({ type: 'selectArticle', id: first.id });
          }
        })
        .catch((e: unknown) => {
          setSelection({
            id,
            label,
            articles: null,
            total: 0,
            error: e instanceof Error ? e.message : String(e),
          });
        });
    },
    [graph, hours],
  );

  // The renderer: made for each graph, killed when the graph changes or the page is left.
  useEffect(() => {
    const el = container.current;
    if (el === null || graph === null || graph.order === 0) return;
    const renderer = new Sigma<NodeAttributes, EdgeAttributes>(graph, el, {
      // A container hidden for a moment (a suspended route, a phone rotating) has no size: sigma
      // would throw; it draws once the ResizeObserver below sees a size.
      allowInvalidContainer: true,
      labelColor: { color: '#e6eefb' },
      labelSize: 12,
      labelRenderedSizeThreshold: 7,
      defaultEdgeColor: 'rgba(148, 163, 184, 0.35)',
      zIndex: true,
      nodeReducer: (node, attrs) => {
        const v = view.current;
        const out: Partial<typeof attrs> & typeof attrs = { ...attrs };
        if (v.hidden.has(attrs.nodeType)) return { ...out, hidden: true };
        const hovered = v.hovered;
        if (hovered !== null && node !== hovered && !graph.areNeighbors(node, hovered)) {
          return { ...out, color: '#1e293b', label: '', zIndex: 0 };
        }
        if (v.search !== '' && !attrs.label.toLowerCase().includes(v.search)) {
          return { ...out, color: '#1e293b', label: '', zIndex: 0 };
        }
        if (hovered === node || (v.search !== '' && hovered === null)) {
          return { ...out, highlighted: true, zIndex: 1 };
        }
        return out;
      },
      edgeReducer: (edge, attrs) => {
        const v = view.current;
        const [s, t] = graph.extremities(edge);
        const hiddenEnd =
          v.hidden.has(graph.getNodeAttribute(s, 'nodeType')) ||
          v.hidden.has(graph.getNodeAttribute(t, 'nodeType'));
        if (hiddenEnd) return { ...attrs, hidden: true };
        if (v.hovered !== null && s !== v.hovered && t !== v.hovered) {
          return { ...attrs, hidden: true };
        }
        return attrs;
      },
    });
    sigmaRef.current = renderer;
    const resize = new ResizeObserver(() => {
      renderer.resize();
      renderer.refresh();
    });
    resize.observe(el);
    renderer.on('enterNode', ({ node }) => {
      view.current.hovered = node;
      el.style.cursor = 'pointer';
      renderer.refresh({ skipIndexation: true });
    });
    renderer.on('leaveNode', () => {
      view.current.hovered = null;
      el.style.cursor = '';
      renderer.refresh({ skipIndexation: true });
    });
    renderer.on('clickNode', ({ node }) => select(node));
    const handle: GraphTestHandle = {
      order: graph.order,
      viewportOf: (id) => {
        if (!graph.hasNode(id)) return null;
        const a = graph.getNodeAttributes(id);
        return renderer.graphToViewport({ x: a.x, y: a.y });
      },
    };
    Object.defineProperty(el, 'atlasGraph', { value: handle, configurable: true });
    return () => {
      resize.disconnect();
      delete (el as unknown as { atlasGraph?: unknown }).atlasGraph;
      sigmaRef.current = null;
      renderer.kill();
    };
  }, [graph, select]);

  useEffect(() => {
    view.current.search = search.trim().toLowerCase();
    view.current.hidden = new Set(hiddenTypes);
    sigmaRef.current?.refresh({ skipIndexation: true });
  }, [search, hiddenTypes]);

  const toggleType = (type: GraphNodeType, on: boolean): void => {
    setHiddenTypes((prev) => {
      const next = new Set(prev);
      if (on) next.delete(type);
      else next.add(type);
      return next;
    });
  };

  const presentTypes = useMemo(
    () => NODE_TYPES.filter((t) => graphData?.nodes.some((n) => n.type === t) === true),
    [graphData],
  );
  const topConnected = useMemo(() => {
    if (graph === null) return [];
    return graph
      .nodes()
      .map((n) => ({ id: n, label: graph.getNodeAttribute(n, 'label'), degree: graph.degree(n) }))
      .sort((a, b) => b.degree - a.degree)
      .slice(0, 3);
  }, [graph]);
  const nowMs = Date.now();

  return (
    <div className="app-shell">
      <Navbar />
      <main className="view-page" data-testid="intelligence-page">
        <header className="view-page__header">
          <div>
            <h1>Intelligence</h1>
            <p className="view-page__sub">
              {graphData === null
                ? views.state.error !== null
                  ? 'Not loaded'
                  : 'Loading the knowledge graph…'
                : `${String(graphData.nodes.length)} entities · ${String(graphData.edges.length)} links · ${String(graphData.articleCount)} articles`}
            </p>
          </div>
          <div className="view-windows" role="group" aria-label="Time window">
            {VIEW_WINDOWS.map((w) => (
              <Button
                key={w.hours}
                variant={w.hours === hours ? 'primary' : 'default'}
                aria-pressed={w.hours === hours}
                onClick={() => setHours(w.hours)}
              >
                {w.label}
              </Button>
            ))}
          </div>
        </header>
        <DataNotice notice={notice} onRetry={views.retry} testId="view-state" />
        {graphData === null ? null : (
          <div className="intel-layout">
            <section aria-label="Knowledge graph">
              <div className="intel-controls">
                <input
                  type="search"
                  className="intel-search"
                  placeholder="Search entities"
                  aria-label="Search entities"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                />
                <div className="intel-types" role="group" aria-label="Entity types">
                  {presentTypes.map((t) => (
                    <Toggle
                      key={t}
                      label={
                        <span>
                          <span className="view-swatch" style={{ background: TYPE_COLORS[t] }} />
                          {TYPE_LABELS[t]}
                        </span>
                      }
                      checked={!hiddenTypes.has(t)}
                      onChange={(on) => toggleType(t, on)}
                    />
                  ))}
                </div>
              </div>
              <div
                ref={container}
                className="intel-graph"
                data-testid="intel-graph"
                data-nodes={graph?.order ?? 0}
              >
                {graphData.nodes.length === 0 ? (
                  <EmptyState title="No entities in this window" hint="Try a longer window." />
                ) : null}
              </div>
            </section>
            <div className="intel-side">
              {selection !== null ? (
                <Panel
                  title={selection.label}

                  data-testid="intel-selection"
                  actions={
                    <Button variant="ghost" size="small" onClick={() => setSelection(null)}>
                      Close
                    </Button>
                  }
                >
                  {selection.error !== null ? (
                    <ErrorState title="Articles unavailable" message={selection.error} />
                  ) : selection.articles === null ? (
                    <LoadingState text="Loading articles" />
                  ) : (
                    <>
                      <p className="view-muted">
                        {selection.total} article{selection.total === 1 ? '' : 's'}, newest first
                      </p>
                      <ul className="feeds__list view-list">
                        {selection.articles.map((a) => (
                          <FeedCard
                            key={a.id}
                            article={a}
                            nowMs={nowMs}
                            fresh={false}
                            onOpen={(art) => {
                              if (art.latitude !== null && art.longitude !== null) {
                                sendCommand({
                                  type: 'flyTo',
                                  lat: art.latitude,
                                  lon: art.longitude,
                                  distance: 300,
                                });
                              }
                              sendCommand({ type: 'selectArticle', id: art.id });
                            }}
                          />
                        ))}
                      </ul>
                    </>
                  )}
                </Panel>
              ) : null}
              <Panel title="Trending">
                {trends === null ? (
                  <LoadingState />
                ) : (
                  <ul className="view-list" data-testid="intel-trending">
                    {trends.trending.map((t) => (
                      <li key={t.id} className="intel-trend">
                        <button type="button" onClick={() => select(t.id)} title={t.label}>
                          <span
                            className="view-swatch"
                            style={{
                              background: TYPE_COLORS[t.type],
                            }}
                          />
                          {t.label}
                        </button>
                        <span className="intel-up">
                          {t.count} ({t.change >= 0 ? '+' : ''}
                          {t.change})
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </Panel>
              <Panel title="Largest stories">
                {trends === null ? (
                  <LoadingState />
                ) : trends.stories.length === 0 ? (
                  <p className="view-muted">No story is carried by several outlets yet.</p>
                ) : (
                  <ul className="view-list" data-testid="intel-stories">
                    {trends.stories.map((s) => (
                      <li key={s.article.id} className="intel-trend">
                        <span>{s.article.title}</span>
                        <span className="intel-up">{s.count} outlets</span>
                      </li>
                    ))}
                  </ul>
                )}
              </Panel>
              <Panel title="AI insights">
                {signedIn ? (
                  <p className="view-muted" data-testid="intel-insights">
                    {topConnected.length === 0
                      ? 'Nothing to connect yet.'
                      : `Most connected: ${topConnected.map((n) => `${n.label} (${String(n.degree)} links)`).join(', ')}.`}
                    {trends?.trending[0] !== undefined
                      ? ` Rising fastest: ${trends.trending[0].label} (+${String(trends.trending[0].change)} against the previous window).`
                      : ''}
                  </p>
                ) : (
                  <p className="view-muted" data-testid="intel-insights-locked">
                    Sign in to see AI insights.
                  </p>
                )}
              </Panel>
            </div>
          </div>
        )}
      </main>
    </div>
  );
}
