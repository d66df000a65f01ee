/**
 * The in-memory index of every signed-in user's saved topics and regions (issue #24 item 5), so a
 * new article is matched once per DISTINCT topic and region, not once per user: users saving the
 * same topic share one entry. Loaded from users.preferences at start, then kept current by
 * setUser() whenever a user's preferences change (PUT /api/preferences, sign-up, other processes
 * through the socket layer's inter-server channel).
 *
 * Matching is the client's (data/alertMatch.ts) so a guest's tab and the server agree:
 * - a topic matches when the search score of spec application.md section 5 (data/search.ts)
 *   reaches TOPIC_ALERT_MIN_SCORE (a word in the title or the phrase in the text);
 * - a region 'south,west,north,east' is a box containing the article's point;
 * - a region that names a country (gazetteer names and aliases, 'US', 'UK') matches articles
 *   placed in that country;
 * - a region that names a first-level region (state, province: 'Bavaria', 'Texas') matches
 *   articles whose point's nearest gazetteer place lies in it;
 * - a name that is both ('Georgia': the country and the US state) matches either; a qualifier
 *   keeps one: 'Georgia (country)', 'Georgia (state)', 'Georgia, US' (data/alertMatch.ts
 *   parseRegionText); 'Paris, France' is a city in a country;
 * - any other name matches the article's city or country name, as on the client.
 * A user's first matching saved topic (in their order) wins, then their first matching region.
 */
import type { AlertMatch } from '../../data/alertMatch';
import {
  inBox,
  parseBox,
  parseRegionText,
  regionNameMatches,
  TOPIC_ALERT_MIN_SCORE,
  type Box,
} from '../../data/alertMatch';
import type { RegionPlace, ResolvedRegion } from '../../data/alerts';
import type { NormalizedArticle } from '../../data/articleNormalizer';
import { scoreArticle } from '../../data/search';
import { PlaceGrid, placeCountry, type Gazetteer } from '../geocode/gazetteer';
import { nameKey } from '../geocode/text';

/** How far the article's point may be from the nearest gazetteer place for an admin-1 match. */
const ADMIN1_NEAREST_KM = 100;

/**
 * A saved region as the index matches it:
 * - box: 'south,west,north,east';
 * - place: any of these countries (alpha-2) or first-level regions ('CC.code'); a bare name that
 *   is both ('Georgia': the country and the US state) keeps both, a qualifier keeps one;
 * - city: 'Name, Country' where Name is no first-level region of that country;
 * - name: no gazetteer entry (or no gazetteer): the client's name rules (data/alertMatch.ts).
 */
export type CompiledRegion =
  | { kind: 'box'; box: Box }
  | { kind: 'place'; countries: string[]; admin1: string[] }
  | { kind: 'city'; name: string; cc: string }
  | { kind: 'name'; text: string };

interface Entry<T> {
  value: T;
  users: Set<string>;
}

interface UserEntry {
  topics: string[];
  regions: string[];
}

export interface UserAlertMatch {
  userId: string;
  match: AlertMatch;
}

/** A country from its name, alias ('US', 'UK') or alpha-2 code; null when it names none. */
export function countryCode(g: Gazetteer, text: string): string | null {
  const t = text.trim();
  const exact = g.exactCountry.get(t);
  if (exact !== undefined) return exact;
  if (/^[A-Za-z]{2}$/.test(t) && g.countries.has(t.toUpperCase())) return t.toUpperCase();
  return g.countryIndex.get(nameKey(t)) ?? null;
}

/** First-level regions named `name` ('CC.code'), in `cc` when given. Full names first; the
 * shortened aliases only when `aliases` and no region has the full name. */
function admin1Named(g: Gazetteer, name: string, cc: string | null, aliases: boolean): string[] {
  const refs = (g.adminIndex.get(nameKey(name)) ?? []).filter(
    (r) => cc === null || g.admin1[r >> 1]?.cc === cc,
  );
  const full = refs.filter((r) => r % 2 === 0);
  const chosen = full.length > 0 || !aliases ? full : refs;
  const keys = chosen
    .map((r) => g.admin1[r >> 1])
    .filter((a) => a !== undefined)
    .map((a) => `${a.cc}.${a.code}`);
  return [...new Set(keys)];
}

/**
 * Resolves a saved region through the gazetteer (null gazetteer: boxes and names only).
 * 'Georgia' is the country and the US state (both match); 'Georgia (country)' the country,
 * 'Georgia (state)' the state(s), 'Georgia, US' the state in the United States (or, when the
 * country has no such first-level region, a city of that name there: 'Paris, France').
 */
export function compileRegion(region: string, g: Gazetteer | null): CompiledRegion | null {
  const text = region.trim();
  if (text === '') return null;
  const box = parseBox(text);
  if (box !== null) return { kind: 'box', box };
  if (g === null) return { kind: 'name', text };
  const r = parseRegionText(text);
  if (r.within !== null) {
    const cc = countryCode(g, r.within);
    if (cc !== null) {
      const admin1 = admin1Named(g, r.name, cc, true);
      if (admin1.length > 0) return { kind: 'place', countries: [], admin1 };
      if (countryCode(g, r.name) === cc) return { kind: 'place', countries: [cc], admin1: [] };
      return { kind: 'city', name: r.name.toLowerCase(), cc };
    }
  }
  const name = r.within === null ? r.name : text;
  const country = r.only === 'admin1' ? null : countryCode(g, name);
  const countries = country === null ? [] : [country];
  const admin1 =
    r.only === 'country'
      ? []
      : // A region inside a country already matched adds nothing ('Mexico', the state).
        admin1Named(g, name, null, countries.length === 0).filter(
          (k) => !countries.includes(k.slice(0, 2)),
        );
  if (countries.length === 0 && admin1.length === 0) return { kind: 'name', text };
  return { kind: 'place', countries, admin1 };
}

const ADMIN1_WORD: Readonly<Record<string, string>> = {
  US: 'state',
  AU: 'state',
  BR: 'state',
  DE: 'state',
  IN: 'state',
  MX: 'state',
  NG: 'state',
  CA: 'province',
};

/** What a compiled region matches, in words, with the saved text that keeps each reading. */
export function describeRegion(
  term: string,
  region: CompiledRegion,
  g: Gazetteer | null,
): ResolvedRegion {
  const countryName = (cc: string): string => g?.countries.get(cc)?.name ?? cc;
  const places: RegionPlace[] = [];
  if (region.kind === 'place' && g !== null) {
    for (const cc of region.countries) {
      const n = countryName(cc);
      places.push({ label: `${n} (country)`, pick: `${n} (country)` });
    }
    for (const key of region.admin1) {
      const a = g.admin1ByCode.get(key);
      if (a === undefined) continue;
      const word = ADMIN1_WORD[a.cc] ?? 'region';
      places.push({
        label: `${a.name}, ${countryName(a.cc)} (${word})`,
        pick: `${a.name}, ${a.cc}`,
      });
    }
  } else if (region.kind === 'city') {
    const name = parseRegionText(term).name;
    places.push({ label: `${name}, ${countryName(region.cc)}`, pick: term.trim() });
  }
  return { term, kind: region.kind, places };
}

export class AlertIndex {
  private readonly users = new Map<string, UserEntry>();
  /** Distinct topic (trimmed, lower-cased) -> users who saved it. */
  private readonly topics = new Map<string, Entry<string>>();
  /** Distinct region (trimmed, lower-cased) -> compiled region and its users. */
  private readonly regions = new Map<string, Entry<CompiledRegion>>();
  /** Regions that need the article's nearest gazetteer place (first-level regions, cities). */
  private placeRegions = 0;
  private grid: PlaceGrid | null = null;

  /** `gazetteer` is read lazily (loading it costs ~1 s), and only once some region is saved. */
  constructor(private readonly gazetteer: () => Gazetteer | null) {}

  /** Users with at least one saved topic or region. */
  get size(): number {
    return this.users.size;
  }

  /** Distinct saved topics and regions over all users. */
  get distinct(): { topics: number; regions: number } {
    return { topics: this.topics.size, regions: this.regions.size };
  }

  /** Replaces a user's saved topics and regions (empty lists remove the user). */
  setUser(userId: string, topics: readonly string[], regions: readonly string[]): void {
    this.removeUser(userId);
    const t = dedupe(topics);
    const r = dedupe(regions);
    if (t.length === 0 && r.length === 0) return;
    this.users.set(userId, { topics: t, regions: r });
    for (const topic of t) {
      const key = topic.toLowerCase();
      let entry = this.topics.get(key);
      if (entry === undefined) {
        entry = { value: key, users: new Set() };
        this.topics.set(key, entry);
      }
      entry.users.add(userId);
    }
    for (const region of r) {
      const key = region.toLowerCase();
      let entry = this.regions.get(key);
      if (entry === undefined) {
        const compiled = compileRegion(region, this.gazetteer());
        if (compiled === null) continue;
        entry = { value: compiled, users: new Set() };
        this.regions.set(key, entry);
        if (needsPlace(compiled)) this.placeRegions += 1;
      }
      entry.users.add(userId);
    }
  }

  /** What each of the user's saved regions matches (GET /api/alerts/regions). */
  describeUser(userId: string): ResolvedRegion[] {
    const user = this.users.get(userId);
    if (user === undefined) return [];
    const g = this.gazetteer();
    const out: ResolvedRegion[] = [];
    for (const term of user.regions) {
      const entry = this.regions.get(term.toLowerCase());
      if (entry !== undefined) out.push(describeRegion(term, entry.value, g));
    }
    return out;
  }

  removeUser(userId: string): void {
    const old = this.users.get(userId);
    if (old === undefined) return;
    this.users.delete(userId);
    for (const topic of old.topics) {
      const key = topic.toLowerCase();
      const entry = this.topics.get(key);
      entry?.users.delete(userId);
      if (entry?.users.size === 0) this.topics.delete(key);
    }
    for (const region of old.regions) {
      const key = region.toLowerCase();
      const entry = this.regions.get(key);
      entry?.users.delete(userId);
      if (entry?.users.size === 0) {
        this.regions.delete(key);
        if (needsPlace(entry.value)) this.placeRegions -= 1;
      }
    }
  }

  /** Every user the article alerts, with their first matching saved topic or region. */
  match(article: NormalizedArticle): UserAlertMatch[] {
    if (this.users.size === 0) return [];
    const matchedTopics = new Set<string>();
    const candidates = new Set<string>();
    for (const [key, entry] of this.topics) {
      if (scoreArticle(article, entry.value) >= TOPIC_ALERT_MIN_SCORE) {
        matchedTopics.add(key);
        for (const user of entry.users) candidates.add(user);
      }
    }
    const matchedRegions = new Set<string>();
    if (this.regions.size > 0) {
      const place = this.placeOf(article);
      for (const [key, entry] of this.regions) {
        if (regionContains(entry.value, article, place)) {
          matchedRegions.add(key);
          for (const user of entry.users) candidates.add(user);
        }
      }
    }
    const result: UserAlertMatch[] = [];
    for (const userId of candidates) {
      const user = this.users.get(userId);
      if (user === undefined) continue;
      const topic = user.topics.find((t) => matchedTopics.has(t.toLowerCase()));
      if (topic !== undefined) {
        result.push({ userId, match: { kind: 'topic', term: topic } });
        continue;
      }
      const region = user.regions.find((r) => matchedRegions.has(r.toLowerCase()));
      if (region !== undefined) result.push({ userId, match: { kind: 'region', term: region } });
    }
    return result;
  }

  /** The article's country code and admin-1 key, through the gazetteer. */
  private placeOf(article: NormalizedArticle): ArticlePlace {
    const g = this.gazetteer();
    const { lat, lon, country } = article.location;
    let cc: string | null = null;
    if (g !== null && country !== null && country.trim() !== '') {
      cc = g.exactCountry.get(country.trim()) ?? g.countryIndex.get(nameKey(country)) ?? null;
    }
    let admin1: string | null = null;
    if (g !== null && this.placeRegions > 0 && lat !== null && lon !== null) {
      this.grid ??= new PlaceGrid(g);
      const hit = this.grid.nearest(lat, lon, ADMIN1_NEAREST_KM);
      if (hit !== null) {
        const placeCc = placeCountry(g, hit.index);
        const code = g.placeAdmin[hit.index] ?? '';
        if (code !== '') admin1 = `${placeCc}.${code}`;
        cc ??= placeCc;
      }
    }
    return { cc, admin1 };
  }
}

interface ArticlePlace {
  cc: string | null;
  admin1: string | null;
}

function regionContains(
  region: CompiledRegion,
  article: NormalizedArticle,
  place: ArticlePlace,
): boolean {
  const { lat, lon, city } = article.location;
  switch (region.kind) {
    case 'box':
      return lat !== null && lon !== null && inBox(region.box, lat, lon);
    case 'place':
      return (
        (place.cc !== null && region.countries.includes(place.cc)) ||
        (place.admin1 !== null && region.admin1.includes(place.admin1))
      );
    case 'city': {
      if (place.cc !== region.cc) return false;
      const parts = article.location.name.split(',').map((p) => p.trim().toLowerCase());
      return city?.trim().toLowerCase() === region.name || parts.includes(region.name);
    }
    case 'name':
      return regionNameMatches(article, region.text);
  }
}

function needsPlace(region: CompiledRegion): boolean {
  return (region.kind === 'place' && region.admin1.length > 0) || region.kind === 'city';
}

/** Trimmed, non-empty, first spelling of each case-insensitive duplicate kept. */
function dedupe(list: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list) {
    const v = raw.trim();
    const key = v.toLowerCase();
    if (v === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(v);
  }
  return out;
}
