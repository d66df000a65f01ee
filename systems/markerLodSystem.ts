/**
 * markerLodSystem - each individually drawn marker's detail level from its distance to the camera
 * (data/markers/markerLod.ts: spec distances 100/500/2000/10000, with hysteresis). The shader
 * draws emoji, outline and halo, a plain badge, or a dot by level.
 * Reads: markers.visible, Marker lat/lon/lod, camera. Writes: Marker.lod, markers.changed.
 * Order: after the cull (new entities get their level the frame they appear), before sync.
 * Cadence: when the camera moved or the drawn set changed.
 */
import { latLonToXyzInto } from '../data/geoMath';
import { markerLodLevel } from '../data/markers/markerLod';
import { Marker } from '../engine/markers/markerComponents';
import type { AtlasWorld } from '../engine/world';
import { MARKER_RADIUS } from './markerGeometry';

const cam = new Float64Array(3);
const DEG = Math.PI / 180;
let lastLat = NaN;
let lastLon = NaN;
let lastVersion = -1;

export function markerLodSystem(world: AtlasWorld): void {
  const m = world.markers;
  const c = world.camera;
  if (c.distance === m.lodDistance && c.lat === lastLat && c.lon === lastLon) {
    if (m.version === lastVersion) return;
  }
  m.lodDistance = c.distance;
  lastLat = c.lat;
  lastLon = c.lon;
  lastVersion = m.version;
  latLonToXyzInto(c.lat, c.lon, c.distance, cam);
  const cx = cam[0] as number;
  const cy = cam[1] as number;
  const cz = cam[2] as number;
  for (const e of m.visible) {
    const lat = (Marker.lat[e] as number) * DEG;
    const lon = (Marker.lon[e] as number) * DEG;
    const cl = Math.cos(lat);
    const d = Math.hypot(
      MARKER_RADIUS * cl * Math.sin(lon) - cx,
      MARKER_RADIUS * Math.sin(lat) - cy,
      MARKER_RADIUS * cl * Math.cos(lon) - cz,
    );
    const level = markerLodLevel(d, Marker.lod[e] as number);
    if (level !== Marker.lod[e]) {
      Marker.lod[e] = level;
      m.changed.add(e);
    }
  }
}
