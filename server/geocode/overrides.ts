/**
 * Places taught by moderators (issue #30): when an admin corrects an article's place, the place
 * name the geocoder had chosen is stored with the right coordinates (geocode_overrides). Later
 * articles whose primary place has that name land there too. The table is small (one row per
 * corrected name) and read into memory; the pipeline refreshes it every 30 s, so a correction
 * made on an API node reaches the workers within that time.
 */
import type { Kysely } from 'kysely';
import type { Geocoder, GeocodeResult } from '../pipeline/contracts';
import type { Database } from '../db/schema';
import { nameKey } from './text';

export const OVERRIDES_REFRESH_MS = 30_000;

interface Override {
  lat: number;
  lon: number;
  country: string | null;
}

export class GeocodeOverrides {
  private map = new Map<string, Override>();

  get size(): number {
    return this.map.size;
  }

  async refresh(db: Kysely<Database>): Promise<void> {
    const rows = await db
      .selectFrom('geocode_overrides')
      .select(['name_key', 'latitude', 'longitude', 'country'])
      .execute();
    const next = new Map<string, Override>();
    for (const r of rows)
      next.set(r.name_key, { lat: r.latitude, lon: r.longitude, country: r.country });
    this.map = next;
  }

  /** The result with its primary place moved where a moderator put that name, if one did. */
  apply(result: GeocodeResult | null): GeocodeResult | null {
    if (result === null || this.map.size === 0) return result;
    const o = this.map.get(nameKey(result.primary.name));
    if (o === undefined) return result;
    const primary = {
      ...result.primary,
      lat: o.lat,
      lon: o.lon,
      ...(o.country === null ? {} : { countryCode: o.country }),
      evidence: 'moderator correction',
    };
    return { primary, mentioned: [primary, ...result.mentioned.slice(1)] };
  }
}

/** A geocoder whose answers pass through the overrides. */
export function withOverrides(geocoder: Geocoder, overrides: GeocodeOverrides): Geocoder {
  return { geocode: (input) => overrides.apply(geocoder.geocode(input)) };
}
