/**
 * The knowledge graph as graphology holds it for sigma: node size by mentions, colour by type,
 * edge size by co-occurrence, positions from ForceAtlas2 run to a fixed number of iterations
 * (deterministic: the seed positions are a spiral by weight, not random).
 */
import Graph from 'graphology';
import forceAtlas2 from 'graphology-layout-forceatlas2';
import type { GraphNodeType, KnowledgeGraphData } from '../viewData';

export const TYPE_COLORS: Readonly<Record<GraphNodeType, string>> = {
  country: '#38bdf8',
  category: '#a78bfa',
  person: '#f472b6',
  organization: '#facc15',
  location: '#4ade80',
};

export const TYPE_LABELS: Readonly<Record<GraphNodeType, string>> = {
  country: 'Countries',
  category: 'Categories',
  person: 'People',
  organization: 'Organisations',
  location: 'Places',
};

export const NODE_TYPES = Object.keys(TYPE_COLORS) as GraphNodeType[];

export interface NodeAttributes {
  label: string;
  nodeType: GraphNodeType;
  weight: number;
  x: number;
  y: number;
  size: number;
  color: string;
}

export interface EdgeAttributes {
  weight: number;
  size: number;
  color: string;
}

/** Iterations of ForceAtlas2: enough for a few hundred nodes to settle, ~100 ms for 500. */
export const LAYOUT_ITERATIONS = 120;

export function buildGraph(data: KnowledgeGraphData): Graph<NodeAttributes, EdgeAttributes> {
  const graph = new Graph<NodeAttributes, EdgeAttributes>({ type: 'undirected' });
  const maxWeight = Math.max(1, ...data.nodes.map((n) => n.weight));
  data.nodes.forEach((n, i) => {
    // Golden-angle spiral, heaviest in the middle.
    const r = Math.sqrt(i + 1) * 10;
    const a = i * 2.399963;
    graph.addNode(n.id, {
      label: n.label,
      nodeType: n.type,
      weight: n.weight,
      x: r * Math.cos(a),
      y: r * Math.sin(a),
      size: 3 + 17 * Math.sqrt(n.weight / maxWeight),
      color: TYPE_COLORS[n.type],
    });
  });
  const maxEdge = Math.max(1, ...data.edges.map((e) => e.weight));
  for (const e of data.edges) {
    if (!graph.hasNode(e.source) || !graph.hasNode(e.target)) continue;
    if (graph.hasEdge(e.source, e.target)) continue;
    graph.addEdge(e.source, e.target, {
      weight: e.weight,
      size: 0.5 + 3 * (e.weight / maxEdge),
      color: 'rgba(148, 163, 184, 0.35)',
    });
  }
  if (graph.order > 1) {
    forceAtlas2.assign(graph, {
      iterations: LAYOUT_ITERATIONS,
      settings: {
        ...forceAtlas2.inferSettings(graph),
        barnesHutOptimize: graph.order > 200,
        edgeWeightInfluence: 1,
        // Keeps entities that share no article with the rest near the middle.
        strongGravityMode: true,
      },
    });
  }
  return graph;
}
