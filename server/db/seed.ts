/**
 * Synthetic articles for benchmarks, demos and tests. Deterministic: the same seed, count and `now`
 * always give the same rows (no Math.random), so a benchmark run can be repeated exactly.
 * Rows are marked is_sample = 1 and their URLs point at example.com (reserved, RFC 2606).
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database, NewArticleRow } from './schema';
import { mulberry32 } from '../../data/random';

export interface SeedOptions {
  count: number;
  /** PRNG seed (32-bit integer); also part of every id and URL, so seeds never collide. */
  seed: number;
  /** Reference time; articles are published within the 24 h before it. Default: now. */
  now?: Date;
}

export { mulberry32 } from '../../data/random';

type City = readonly [name: string, country: string, lat: number, lon: number];

/** Spread over every inhabited continent so markers, clusters and labels get realistic work. */
const CITIES: readonly City[] = [
  ['New York', 'United States', 40.7128, -74.006],
  ['Los Angeles', 'United States', 34.0522, -118.2437],
  ['Chicago', 'United States', 41.8781, -87.6298],
  ['Houston', 'United States', 29.7604, -95.3698],
  ['Toronto', 'Canada', 43.6532, -79.3832],
  ['Vancouver', 'Canada', 49.2827, -123.1207],
  ['Mexico City', 'Mexico', 19.4326, -99.1332],
  ['Havana', 'Cuba', 23.1136, -82.3666],
  ['Bogotá', 'Colombia', 4.711, -74.0721],
  ['Lima', 'Peru', -12.0464, -77.0428],
  ['Santiago', 'Chile', -33.4489, -70.6693],
  ['Buenos Aires', 'Argentina', -34.6037, -58.3816],
  ['São Paulo', 'Brazil', -23.5505, -46.6333],
  ['Rio de Janeiro', 'Brazil', -22.9068, -43.1729],
  ['Caracas', 'Venezuela', 10.4806, -66.9036],
  ['London', 'United Kingdom', 51.5074, -0.1278],
  ['Paris', 'France', 48.8566, 2.3522],
  ['Berlin', 'Germany', 52.52, 13.405],
  ['Madrid', 'Spain', 40.4168, -3.7038],
  ['Rome', 'Italy', 41.9028, 12.4964],
  ['Warsaw', 'Poland', 52.2297, 21.0122],
  ['Stockholm', 'Sweden', 59.3293, 18.0686],
  ['Kyiv', 'Ukraine', 50.4501, 30.5234],
  ['Moscow', 'Russia', 55.7558, 37.6173],
  ['Istanbul', 'Turkey', 41.0082, 28.9784],
  ['Athens', 'Greece', 37.9838, 23.7275],
  ['Brussels', 'Belgium', 50.8503, 4.3517],
  ['Cairo', 'Egypt', 30.0444, 31.2357],
  ['Lagos', 'Nigeria', 6.5244, 3.3792],
  ['Accra', 'Ghana', 5.6037, -0.187],
  ['Dakar', 'Senegal', 14.7167, -17.4677],
  ['Nairobi', 'Kenya', -1.2921, 36.8219],
  ['Addis Ababa', 'Ethiopia', 9.03, 38.74],
  ['Kinshasa', 'DR Congo', -4.4419, 15.2663],
  ['Johannesburg', 'South Africa', -26.2041, 28.0473],
  ['Cape Town', 'South Africa', -33.9249, 18.4241],
  ['Casablanca', 'Morocco', 33.5731, -7.5898],
  ['Riyadh', 'Saudi Arabia', 24.7136, 46.6753],
  ['Dubai', 'United Arab Emirates', 25.2048, 55.2708],
  ['Tehran', 'Iran', 35.6892, 51.389],
  ['Baghdad', 'Iraq', 33.3152, 44.3661],
  ['Jerusalem', 'Israel', 31.7683, 35.2137],
  ['Karachi', 'Pakistan', 24.8607, 67.0011],
  ['Delhi', 'India', 28.7041, 77.1025],
  ['Mumbai', 'India', 19.076, 72.8777],
  ['Bengaluru', 'India', 12.9716, 77.5946],
  ['Dhaka', 'Bangladesh', 23.8103, 90.4125],
  ['Bangkok', 'Thailand', 13.7563, 100.5018],
  ['Hanoi', 'Vietnam', 21.0278, 105.8342],
  ['Singapore', 'Singapore', 1.3521, 103.8198],
  ['Jakarta', 'Indonesia', -6.2088, 106.8456],
  ['Manila', 'Philippines', 14.5995, 120.9842],
  ['Beijing', 'China', 39.9042, 116.4074],
  ['Shanghai', 'China', 31.2304, 121.4737],
  ['Hong Kong', 'China', 22.3193, 114.1694],
  ['Seoul', 'South Korea', 37.5665, 126.978],
  ['Tokyo', 'Japan', 35.6762, 139.6503],
  ['Osaka', 'Japan', 34.6937, 135.5023],
  ['Sydney', 'Australia', -33.8688, 151.2093],
  ['Melbourne', 'Australia', -37.8136, 144.9631],
  ['Auckland', 'New Zealand', -36.8485, 174.7633],
  ['Reykjavík', 'Iceland', 64.1466, -21.9426],
];

interface CategorySpec {
  emoji: string;
  subjects: readonly string[];
  events: readonly string[];
}

const CATEGORIES: Readonly<Record<string, CategorySpec>> = {
  breaking: {
    emoji: '🚨',
    subjects: ['Emergency services', 'Officials', 'Witnesses', 'Authorities'],
    events: ['respond to major incident', 'report sudden evacuation', 'confirm road closures'],
  },
  politics: {
    emoji: '🏛️',
    subjects: ['Parliament', 'The government', 'Opposition leaders', 'Coalition partners'],
    events: ['debate new budget', 'announce cabinet reshuffle', 'agree on election date'],
  },
  technology: {
    emoji: '💻',
    subjects: ['Startups', 'Chip makers', 'Researchers', 'A telecom operator'],
    events: ['unveil new processor', 'expand fibre network', 'launch open-source model'],
  },
  business: {
    emoji: '💼',
    subjects: ['Markets', 'The central bank', 'Exporters', 'Retailers'],
    events: ['rally on earnings', 'hold interest rates', 'report record quarter'],
  },
  science: {
    emoji: '🔬',
    subjects: ['Astronomers', 'Biologists', 'A university team', 'Physicists'],
    events: ['publish new findings', 'detect rare signal', 'map unknown species'],
  },
  environment: {
    emoji: '🌿',
    subjects: ['Conservationists', 'City planners', 'Farmers', 'Climate scientists'],
    events: ['restore wetlands', 'warn of drought', 'expand solar capacity'],
  },
  health: {
    emoji: '🏥',
    subjects: ['Hospitals', 'Health officials', 'Doctors', 'Vaccine makers'],
    events: ['start screening campaign', 'report fewer cases', 'open new clinic'],
  },
  sports: {
    emoji: '⚽',
    subjects: ['The national team', 'Local club', 'Marathon runners', 'Olympic hopefuls'],
    events: ['win in extra time', 'set course record', 'qualify for finals'],
  },
  entertainment: {
    emoji: '🎬',
    subjects: ['Film festival', 'A streaming service', 'Musicians', 'Museum curators'],
    events: ['announce lineup', 'break box office record', 'open retrospective'],
  },
  world: {
    emoji: '🌍',
    subjects: ['Diplomats', 'Aid agencies', 'Neighbouring states', 'Envoys'],
    events: ['sign trade accord', 'deliver relief supplies', 'hold border talks'],
  },
};
const CATEGORY_NAMES = Object.keys(CATEGORIES);

const SOURCES = [
  'Atlas Wire',
  'Global Desk',
  'Meridian News',
  'Orbit Times',
  'Equator Post',
  'Northern Ledger',
  'Harbour Herald',
  'Continental Daily',
] as const;

const SENTIMENTS = [
  // [label, weight, min score, max score]
  ['neutral', 0.4, -0.2, 0.2],
  ['positive', 0.25, 0.2, 1],
  ['negative', 0.25, -1, -0.2],
  ['mixed', 0.1, -0.3, 0.3],
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;
/** ~0.25 degrees (~28 km): spreads markers around a city without leaving its region. */
const JITTER_DEG = 0.25;

function pick<T>(rand: () => number, items: readonly T[]): T {
  const item = items[Math.floor(rand() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  const rounded = Math.round(value * f) / f;
  // No -0: databases store it as 0, and rows must read back exactly as generated.
  return rounded === 0 ? 0 : rounded;
}

/** The rows seedSyntheticArticles inserts, without touching a database. */
export function generateSyntheticArticles(options: SeedOptions): NewArticleRow[] {
  return [...syntheticArticles(options)];
}

function* syntheticArticles({
  count,
  seed,
  now = new Date(),
}: SeedOptions): Generator<NewArticleRow> {
  const rand = mulberry32(seed);
  const nowMs = now.getTime();
  for (let i = 0; i < count; i++) {
    const [city, country, cityLat, cityLon] = pick(rand, CITIES);
    const categoryName = pick(rand, CATEGORY_NAMES);
    const category = CATEGORIES[categoryName];
    if (category === undefined) throw new Error(`unknown category ${categoryName}`);
    const secondary = pick(rand, CATEGORY_NAMES);
    const subject = pick(rand, category.subjects);
    const event = pick(rand, category.events);
    const source = pick(rand, SOURCES);

    let r = rand();
    let sentiment: (typeof SENTIMENTS)[number] = SENTIMENTS[0];
    for (const s of SENTIMENTS) {
      sentiment = s;
      if (r < s[1]) break;
      r -= s[1];
    }
    const [label, , minScore, maxScore] = sentiment;
    const score = round(minScore + rand() * (maxScore - minScore), 3);

    const lat = round(clamp(cityLat + (rand() * 2 - 1) * JITTER_DEG, -90, 90), 5);
    const lon = round(clamp(cityLon + (rand() * 2 - 1) * JITTER_DEG, -180, 180), 5);
    const publishedMs = nowMs - Math.floor(rand() * DAY_MS);
    const createdMs = Math.min(nowMs, publishedMs + Math.floor(rand() * 10 * 60 * 1000));
    const createdAt = new Date(createdMs).toISOString();

    const n = i.toString().padStart(7, '0');
    const title = `${city}: ${subject} ${event}`;
    const categories = secondary === categoryName ? [categoryName] : [categoryName, secondary];
    yield {
      id: `sample-${seed}-${n}`,
      url: `https://example.com/atlas-sample/${seed}/${n}`,
      title,
      description: `${subject} in ${city}, ${country}, ${event}. Synthetic sample article #${i + 1}.`,
      content: `${title}. This synthetic article was generated for testing and benchmarking ATLAS; it describes no real event.`,
      source,
      publisher: source,
      author: `${source} staff`,
      feed_id: null,
      published_at: new Date(publishedMs).toISOString(),
      created_at: createdAt,
      updated_at: createdAt,
      latitude: lat,
      longitude: lon,
      location_name: `${city}, ${country}`,
      country,
      city,
      category: categoryName,
      categories: JSON.stringify(categories),
      sentiment: label,
      sentiment_score: score,
      emoji: category.emoji,
      image_url: null,
      language: 'en',
      fingerprint: `sample:${seed}:${n}`,
      hybrid_analysis: null,
      // Nothing real to analyse; keeps analysis workers from spending time on fake news.
      analysis_status: 'skipped',
      is_sample: 1,
      // Not from a feed, never grouped into another story, not geocoded from text.
      guid: null,
      story_id: null,
      story_count: 1,
      story_sources: null,
      geo_analysis: null,
      hidden_at: null,
      hidden_reason: null,
      // A new row's version (migration 0012); every update bumps it.
      version: 0,
    };
  }
}

/**
 * Rows per INSERT statement: 500 x 28 columns = 14,000 bound parameters, under both SQLite's
 * 32,766 and PostgreSQL's 65,535 limits with room for new columns.
 */
const ROWS_PER_STATEMENT = 500;
/**
 * Rows per transaction: big enough that commit cost is amortised, small enough that another
 * writer (ingest) waits well under the SQLite busy_timeout while a 100k seed runs.
 */
const ROWS_PER_TRANSACTION = 5000;

/** Inserts synthetic articles; existing ids/URLs are skipped. Returns how many were inserted. */
export async function seedSyntheticArticles(
  db: Kysely<Database>,
  options: SeedOptions,
): Promise<number> {
  if (!Number.isInteger(options.count) || options.count < 0) {
    throw new RangeError(`count must be a non-negative integer, got ${options.count}`);
  }
  let inserted = 0;
  let chunk: NewArticleRow[] = [];
  for (const row of syntheticArticles(options)) {
    chunk.push(row);
    if (chunk.length === ROWS_PER_TRANSACTION) {
      inserted += await insertChunk(db, chunk);
      chunk = [];
    }
  }
  if (chunk.length > 0) inserted += await insertChunk(db, chunk);
  return inserted;
}

function insertChunk(db: Kysely<Database>, chunk: readonly NewArticleRow[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let inserted = 0;
    // Set once the first full batch has compiled; typed via `as` because TS narrows a `let`
    // initialised to null to `null` inside the loop.
    let reusable = null as { size: number; sql: string } | null;
    for (let start = 0; start < chunk.length; start += ROWS_PER_STATEMENT) {
      const batch = chunk.slice(start, start + ROWS_PER_STATEMENT);
      const parameters = flattenRows(batch);
      let query: CompiledQuery;
      if (reusable?.size === batch.length) {
        query = CompiledQuery.raw(reusable.sql, parameters);
      } else {
        query = trx
          .insertInto('articles')
          .values(batch)
          .onConflict((oc) => oc.doNothing())
          .compile();
        // Building and compiling a 14,000-value query costs as much as executing it, and every
        // full batch compiles to the same SQL. Reuse it, but only after checking that our
        // parameter order is Kysely's, so a Kysely change can only cost speed, not correctness.
        if (sameValues(query.parameters, parameters)) {
          reusable = { size: batch.length, sql: query.sql };
        }
      }
      const result = await trx.executeQuery(query);
      inserted += Number(result.numAffectedRows ?? 0n);
    }
    return inserted;
  });
}

function flattenRows(rows: readonly NewArticleRow[]): unknown[] {
  const first = rows[0];
  if (first === undefined) return [];
  const columns = Object.keys(first) as (keyof NewArticleRow)[];
  const values: unknown[] = [];
  for (const row of rows) for (const column of columns) values.push(row[column]);
  return values;
}

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
