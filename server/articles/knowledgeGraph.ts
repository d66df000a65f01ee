/**
 * GET /api/intelligence/knowledge-graph: nodes are the things articles are about, edges count
 * how often two of them occur in the same article. Until analysis fills entities for every
 * article, nodes come from what articles have: country, category, and the person, organisation
 * and location names of hybridAnalysis.entityExtraction when present.
 */
import type { GraphSourceRow } from './queries';
import { parseAnalysis } from './rowToArticle';

export type GraphNodeType = 'country' | 'category' | 'person' | 'organization' | 'location';

export interface GraphNode {
  id: string;
  label: string;
  type: GraphNodeType;
  /** Articles mentioning the node. */
  weight: number;
}

export interface GraphEdge {
  source: string;
  target: string;
  /** Articles mentioning both. */
  weight: number;
}

/** Most names taken from one entity list: bounds the pairs one article can add. */
const MAX_NAMES_PER_LIST = 8;
const MAX_LABEL = 100;

/** The distinct nodes one article mentions (country, category, analysed entity names). */
export function articleEntities(
  row: GraphSourceRow,
): { id: string; label: string; type: GraphNodeType }[] {
  const out: { id: string; label: string; type: GraphNodeType }[] = [];
  const ids = new Set<string>();
  const add = (type: GraphNodeType, raw: unknown): void => {
    if (typeof raw !== 'string') return;
    const label = raw.trim().slice(0, MAX_LABEL);
    if (label === '') return;
    const id = `${type}:${label.toLowerCase()}`;
    if (ids.has(id)) return;
    ids.add(id);
    out.push({ id, label, type });
  };
  add('country', row.country);
  add('category', row.category);
  const entities = entityLists(parseAnalysis(row.hybrid_analysis));
  for (const name of entities.persons) add('person', name);
  for (const name of entities.organizations) add('organization', name);
  for (const name of entities.locations) add('location', name);
  return out;
}

export function buildKnowledgeGraph(
  rows: readonly GraphSourceRow[],
  maxNodes: number,
): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const nodes = new Map<string, GraphNode>();
  const perArticle: string[][] = [];
  for (const row of rows) {
    const found = articleEntities(row);
    for (const { id, label, type } of found) {
      const node = nodes.get(id);
      if (node === undefined) nodes.set(id, { id, label, type, weight: 1 });
      else node.weight += 1;
    }
    perArticle.push(found.map((e) => e.id));
  }

  // Heaviest first; the id breaks ties so the same data always gives the same graph.
  const kept = [...nodes.values()]
    .sort((a, b) => b.weight - a.weight || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, maxNodes);
  const keptIds = new Set(kept.map((n) => n.id));

  const edges = new Map<string, GraphEdge>();
  for (const ids of perArticle) {
    const present = ids.filter((id) => keptIds.has(id)).sort();
    for (let i = 0; i < present.length; i++) {
      for (let j = i + 1; j < present.length; j++) {
        const source = present[i];
        const target = present[j];
        if (source === undefined || target === undefined) continue;
        const key = `${source}\u0000${target}`;
        const edge = edges.get(key);
        if (edge === undefined) edges.set(key, { source, target, weight: 1 });
        else edge.weight += 1;
      }
    }
  }
  // At most 4 edges per node: a dense graph is unreadable and heavy to draw.
  const edgeList = [...edges.values()]
    .sort(
      (a, b) =>
        b.weight - a.weight ||
        (a.source + a.target < b.source + b.target
          ? -1
          : a.source + a.target > b.source + b.target
            ? 1
            : 0),
    )
    .slice(0, maxNodes * 4);
  return { nodes: kept, edges: edgeList };
}

interface EntityLists {
  persons: unknown[];
  organizations: unknown[];
  locations: unknown[];
}

/** entityExtraction lists; items may be names or {name} objects. Anything else is ignored. */
function entityLists(analysis: unknown): EntityLists {
  const empty: EntityLists = { persons: [], organizations: [], locations: [] };
  if (typeof analysis !== 'object' || analysis === null) return empty;
  const extraction = (analysis as { entityExtraction?: unknown }).entityExtraction;
  if (typeof extraction !== 'object' || extraction === null) return empty;
  const list = (key: keyof EntityLists): unknown[] => {
    const value = (extraction as Record<string, unknown>)[key];
    if (!Array.isArray(value)) return [];
    return value
      .slice(0, MAX_NAMES_PER_LIST)
      .map((item: unknown) =>
        typeof item === 'object' && item !== null ? (item as { name?: unknown }).name : item,
      );
  };
  return {
    persons: list('persons'),
    organizations: list('organizations'),
    locations: list('locations'),
  };
}
