/**
 * The marker cluster index (supercluster) and its zoom query, shared by the cluster worker
 * (engine/markers/clusterWorker.ts) and its main-thread fallback (engine/markers/clusterClient.ts:
 * used when the worker fails or stops answering, spec section 8 "Worker failure or timeout"), so
 * both draw the same clusters for the same points.
 */
import Supercluster from 'supercluster';
import { CLUSTER_MAX_ZOOM, CLUSTER_RADIUS_PX, CLUSTER_STRIDE } from './clusterProtocol';

interface PointProps {
  id: number;
}

export type ClusterIndex = Supercluster<PointProps>;

/** Builds the index over points given as lon/lat pairs (degrees) and the store row of each. */
export function buildClusterIndex(lonLat: Float32Array, ids: Int32Array): ClusterIndex {
  const n = ids.length;
  const features: Supercluster.PointFeature<PointProps>[] = new Array<
    Supercluster.PointFeature<PointProps>
  >(n);
  for (let i = 0; i < n; i++) {
    features[i] = {
      type: 'Feature',
      properties: { id: ids[i] as number },
      geometry: {
        type: 'Point',
        coordinates: [lonLat[i * 2] as number, lonLat[i * 2 + 1] as number],
      },
    };
  }
  const index = new Supercluster<PointProps>({
    maxZoom: CLUSTER_MAX_ZOOM,
    radius: CLUSTER_RADIUS_PX,
  });
  index.load(features);
  return index;
}

/**
 * The clusters of the whole globe at `zoom`, CLUSTER_STRIDE floats each: lon, lat, count, id (the
 * store row when count is 1, else the cluster id). An empty array without an index.
 */
export function clustersAt(index: ClusterIndex | null, zoom: number): Float64Array {
  const clusters = index === null ? [] : index.getClusters([-180, -85, 180, 85], zoom);
  const data = new Float64Array(clusters.length * CLUSTER_STRIDE);
  clusters.forEach((c, i) => {
    const [lon, lat] = c.geometry.coordinates as [number, number];
    const p = c.properties as Partial<Supercluster.ClusterProperties> & Partial<PointProps>;
    const isCluster = p.cluster === true;
    data[i * CLUSTER_STRIDE] = lon;
    data[i * CLUSTER_STRIDE + 1] = lat;
    data[i * CLUSTER_STRIDE + 2] = isCluster ? (p.point_count ?? 1) : 1;
    data[i * CLUSTER_STRIDE + 3] = isCluster ? (p.cluster_id ?? -1) : (p.id ?? -1);
  });
  return data;
}
