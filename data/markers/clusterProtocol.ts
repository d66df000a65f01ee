/**
 * Messages between the marker-cluster worker and the engine. Points travel as typed arrays
 * (transferred, not copied); replies carry the request id so stale ones can be dropped.
 */

export interface ClusterLoad {
  type: 'load';
  /** Bumped on every load; queries against an older load are answered empty. */
  generation: number;
  /** lon, lat pairs in degrees. */
  lonLat: Float32Array;
  /** The article store row of each point (same order). */
  ids: Int32Array;
}

export interface ClusterQuery {
  type: 'query';
  requestId: number;
  generation: number;
  zoom: number;
}

export type ClusterRequest = ClusterLoad | ClusterQuery;

export interface ClusterReply {
  type: 'clusters';
  requestId: number;
  generation: number;
  zoom: number;
  /** Per cluster: lon, lat, count, id (the store row when count is 1, else the cluster id). */
  data: Float64Array;
  /** Milliseconds the worker spent (index build on load, query on query). */
  ms: number;
}

export interface ClusterLoaded {
  type: 'loaded';
  generation: number;
  points: number;
  ms: number;
}

export type ClusterResponse = ClusterReply | ClusterLoaded;

/**
 * A worker message unanswered this long counts as a hung worker: clustering moves to the main
 * thread (spec section 8, "Worker failure or timeout"). A 1M-point index takes ~1.5 s.
 */
export const CLUSTER_WORKER_TIMEOUT_MS = 15_000;

/** Floats per cluster in `ClusterReply.data`. */
export const CLUSTER_STRIDE = 4;

/** Supercluster settings: a globe needs few levels (PERFORMANCE.md: build cost explodes past ~10). */
export const CLUSTER_MAX_ZOOM = 8;
export const CLUSTER_RADIUS_PX = 60;

/**
 * Web-Mercator-like zoom level for a camera at `distance` from the globe's centre: the whole Earth
 * fills the view around zoom 1 at distance 600; every halving of the altitude adds one level.
 */
export function clusterZoomForDistance(distance: number): number {
  const altitude = Math.max(1, distance - 200);
  const z = 1 + Math.log2(400 / altitude);
  return Math.max(0, Math.min(CLUSTER_MAX_ZOOM + 1, Math.floor(z)));
}
