/**
 * The offline geocoder (PIPELINE.md "Geocoding"): implements the pipeline's Geocoder contract.
 *
 * Order: feed coordinates win. Otherwise mentions (mentions.ts) are resolved CLIFF-style: an
 * explicit qualifier ("Paris, Texas") beats colocation with the other places and countries in the
 * text, which beats capital/admin-seat status and population. Each name keeps one sense for the
 * whole article. The focus is the dateline place, else the best place in the country with the
 * most weight (title mentions count more than body ones, lead sentences a little more).
 * Deterministic: ties break on order of appearance and gazetteer order.
 */
import type { GeocodedPlace, GeocodeInput, GeocodeResult, Geocoder } from '../pipeline/contracts';
import { FEATURE_ADMIN_SEAT, FEATURE_CAPITAL } from './buildGazetteer';
import { aliasCues, type ResolvedCue } from './cues';
import { PlaceGrid, placeCountry, placeRefs, type Gazetteer } from './gazetteer';
import { COMMON_WORD_MIN_POPULATION } from './lexicon';
import { findMentions, type Mention } from './mentions';
import { distanceKm } from './text';

/** A feed point names the nearest gazetteer place only when it is this close. */
const FEED_NAME_KM = 50;
const MAX_MENTIONED = 6;
/** Candidates considered per name (largest first) to bound work on names like "San Jose". */
const MAX_CANDIDATES = 40;
/** Without a qualifier, dateline or colocation, a place needs about 20k people to count. */
const MIN_UNSUPPORTED_SCORE = 4.3;
const COUNTRY_BASE = 8;
/** Admin-1 base score: offset + log10(people), at most ADMIN1_MAX_BASE (below COUNTRY_BASE). */
const ADMIN1_BASE_OFFSET = 0.5;
const ADMIN1_MAX_BASE = 7;
const QUALIFIER_BONUS = 20;
/** An institution/region cue (cues.ts) outranks a country name but not a qualifier. */
const CUE_BASE = 9;
const COUNTRY_CONTEXT_BONUS = 2;
const DEMONYM_CONTEXT_BONUS = 1;
const ADMIN_CONTEXT_BONUS = 1.5;
const NEARBY_BONUS = 1;
const NEARBY_KM = 400;
const WEAK_ALIAS_PENALTY = 1.5;
const SAME_NAME_PROVINCE_PENALTY = 1.5;
/** Sentence-initial or title-case single words only count as towns of this size or more. */
const WEAK_CASE_MIN_POPULATION = 20_000;

const SEGMENT_WEIGHT = { dateline: 4, title: 2.5, body: 1 } as const;
const DEMONYM_WEIGHT = 0.35;
/** Only demonyms: the country counts once they weigh this much (two in the body, one in the title). */
const DEMONYM_ONLY_MIN_WEIGHT = 0.7;

interface Candidate {
  kind: 'city' | 'admin1' | 'country';
  /** Place index, admin1 index, or -1 for a country. */
  index: number;
  cc: string;
  /** Admin-1 code (cities and admin1), or null. */
  admin: string | null;
  lat: number;
  lon: number;
  base: number;
  why: string;
}

interface Resolved {
  candidate: Candidate;
  score: number;
  why: string;
}

interface Context {
  countries: Map<string, number>;
  admins: Set<string>;
  points: { lat: number; lon: number; key: string }[];
  /** Small towns (below MIN_UNSUPPORTED_SCORE) named in running text: support only close by. */
  weakPoints?: { lat: number; lon: number; key: string }[];
}

/**
 * Two small towns named a short way apart support each other ("near Grindavík ... Keflavík
 * airport"): eval:news dev, a Grindavík eruption report was unplaced (both towns < 20k people).
 */
const WEAK_NEAR_KM = 60;
/** Towns this close are one locality ("Lagos ... Ikorodu"), not a national story. */
const LOCALITY_KM = 150;

function candidateId(c: Candidate): string {
  return c.kind === 'country' ? `country:${c.cc}` : `${c.kind}:${c.index}`;
}

/** Trade destinations ("exports to the United States") weigh this much in the focus. */
const TRADE_OBJECT_WEIGHT = 0.2;
/** Country names in a sports story (teams) weigh this much in the focus. */
const TEAM_WEIGHT = 0.25;
/** "Lake Ontario" (eval:news dev: Kingston, Ont. went to Jamaica without it). */
const REGION_ONLY_WEIGHT = 0.5;
const US_STATE_BONUS = 3;
/** A town needs this share of its country's weight to be the focus instead of the country. */
const TOWN_OVER_COUNTRY = 0.2;
const SPORTS_WORDS = new Set(
  (
    'match matches test innings wicket wickets stumps bowled batting batters bowler bowlers ' +
    'striker midfielder goalkeeper goal goals scored tries try coach squad tournament league ' +
    'cup championship marathon stadium olympic olympics semi-final quarter-final fixture ' +
    'derby transfer season playoff playoffs rugby cricket football soccer tennis race ' +
    // eval:news dev: a Test report ("five-for", "all out", "play resumes") read as no sport.
    'five-for overs batsman batsmen umpire bowling runner runners medal medals podium sprint'
  ).split(' '),
);
/** Two distinct sports words make a sports story. */
function isSportsText(text: string): boolean {
  const seen = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}-]+/u)) {
    if (SPORTS_WORDS.has(word)) seen.add(word);
    if (seen.size >= 2) return true;
  }
  return false;
}
const US_STATE_CONTEXT =
  /\b(?:state (?:Senate|House|Assembly|legislature|Capitol)|Gov\.|[Gg]overnor [A-Z]|legislature|county|counties)\b|\$\d/u;
const NATIONAL_INSTITUTION =
  /\b(?:central bank|[Pp]arliament|[Ss]enate|Congress|[Gg]overnment|[Pp]resident|[Pp]rime [Mm]inister|[Mm]inistry|[Cc]abinet|[Ll]awmakers|[Ee]lectoral commission|[Ss]upreme [Cc]ourt|[Ss]pokesman|[Ss]pokeswoman|MPs|capital)\b/u;

export function createGeocoder(g: Gazetteer): Geocoder {
  let grid: PlaceGrid | null = null;
  let usState = false;

  function countryName(cc: string): string {
    return g.countries.get(cc)?.name ?? cc;
  }

  function cueCandidate(cue: ResolvedCue, base: number, why: string): Candidate | null {
    if (cue.kind === 'country') {
      const c = g.countries.get(cue.cc);
      if (c === undefined) return null;
      return {
        kind: 'country',
        index: -1,
        cc: c.cc,
        admin: null,
        lat: c.lat,
        lon: c.lon,
        base,
        why,
      };
    }
    if (cue.kind === 'admin1') {
      const a = g.admin1[cue.index];
      if (a === undefined) return null;
      return {
        kind: 'admin1',
        index: cue.index,
        cc: a.cc,
        admin: a.code,
        lat: a.lat,
        lon: a.lon,
        base,
        why,
      };
    }
    return {
      kind: 'city',
      index: cue.index,
      cc: cue.cc,
      admin: g.placeAdmin[cue.index] ?? '',
      lat: g.placeLat[cue.index] ?? 0,
      lon: g.placeLon[cue.index] ?? 0,
      base,
      why,
    };
  }

  function candidatesFor(m: Mention): Candidate[] {
    if (m.regionOnly === true) return regionCandidates(m);
    const out: Candidate[] = [];
    if (m.cue !== undefined) {
      // An institution or region cue means its one place (cues.ts).
      const c = cueCandidate(m.cue, CUE_BASE, 'institution');
      return c === null ? [] : [c];
    }
    for (const cue of aliasCues(g, m.key)) {
      const pop = cue.kind === 'city' ? (g.placePopulation[cue.index] ?? 0) : 0;
      const c = cueCandidate(
        cue,
        cue.kind === 'country' ? COUNTRY_BASE - 1 : Math.log10(Math.max(pop, 1000)),
        'alias',
      );
      if (c !== null) out.push(c);
    }
    if (m.demonym) {
      const cc = g.demonymIndex.get(m.key);
      const c = cc === undefined ? undefined : g.countries.get(cc);
      if (c !== undefined) {
        out.push({
          kind: 'country',
          index: -1,
          cc: c.cc,
          admin: null,
          lat: c.lat,
          lon: c.lon,
          base: COUNTRY_BASE,
          why: 'demonym',
        });
      }
      return out;
    }
    const cc = g.exactCountry.get(m.surface) ?? g.countryIndex.get(m.key);
    const country = cc === undefined ? undefined : g.countries.get(cc);
    if (country !== undefined) {
      out.push({
        kind: 'country',
        index: -1,
        cc: country.cc,
        admin: null,
        lat: country.lat,
        lon: country.lon,
        base: COUNTRY_BASE,
        why: 'country-name',
      });
    }
    for (const ref of g.adminIndex.get(m.key) ?? []) {
      const j = ref >> 1;
      const a = g.admin1[j];
      if (a === undefined) continue;
      // Sized by the people in its places, capped below a country name.
      let base = Math.min(
        ADMIN1_MAX_BASE,
        ADMIN1_BASE_OFFSET + Math.log10(Math.max(a.population, 1000)),
      );
      if ((ref & 1) === 1) base -= WEAK_ALIAS_PENALTY;
      out.push({
        kind: 'admin1',
        index: j,
        cc: a.cc,
        admin: a.code,
        lat: a.lat,
        lon: a.lon,
        base,
        why: 'admin1',
      });
    }
    const refs = placeRefs(g, m.key);
    const places: Candidate[] = [];
    for (const ref of refs) {
      const i = ref >> 1;
      const pop = g.placePopulation[i] ?? 0;
      if (m.commonWord && pop < COMMON_WORD_MIN_POPULATION) continue;
      if (m.weakCase && m.qualifiers.length === 0 && pop < WEAK_CASE_MIN_POPULATION) continue;
      const feature = g.placeFeature[i];
      let base = Math.log10(Math.max(pop, 1000));
      let why = 'population';
      if (feature === FEATURE_CAPITAL) {
        base += 1.5;
        why = 'capital';
      } else if (feature === FEATURE_ADMIN_SEAT) {
        base += 0.5;
      }
      if ((ref & 1) === 1) base -= WEAK_ALIAS_PENALTY;
      const admin = g.placeAdmin[i] ?? '';
      const cc = placeCountry(g, i);
      places.push({
        kind: 'city',
        index: i,
        cc,
        admin,
        lat: g.placeLat[i] ?? 0,
        lon: g.placeLon[i] ?? 0,
        base,
        why,
      });
    }
    // A province named like its own city ("Lviv" in Lviv Oblast): the name usually means the city.
    for (const a of out) {
      if (a.kind === 'admin1' && places.some((c) => c.cc === a.cc && c.admin === a.admin)) {
        a.base -= SAME_NAME_PROVINCE_PENALTY;
      }
    }
    places.sort((a, b) => b.base - a.base || a.index - b.index);
    return out.concat(places.slice(0, MAX_CANDIDATES));
  }

  /** "Lake Ontario": only the region the water is named for. */
  function regionCandidates(m: Mention): Candidate[] {
    const out: Candidate[] = [];
    for (const ref of g.adminIndex.get(m.key) ?? []) {
      const a = g.admin1[ref >> 1];
      if (a === undefined || (ref & 1) === 1) continue;
      out.push({
        kind: 'admin1',
        index: ref >> 1,
        cc: a.cc,
        admin: a.code,
        lat: a.lat,
        lon: a.lon,
        base: Math.min(
          ADMIN1_MAX_BASE,
          ADMIN1_BASE_OFFSET + Math.log10(Math.max(a.population, 1000)),
        ),
        why: 'water-region',
      });
    }
    return out;
  }

  function score(m: Mention, c: Candidate, ctx: Context): Resolved {
    let s = c.base;
    let why = c.why;
    if (m.qualifiers.length > 0) {
      const match = m.qualifiers.some(
        (q) => q.cc === c.cc && (q.admin === null || q.admin === c.admin || c.kind === 'country'),
      );
      s += match ? QUALIFIER_BONUS : -QUALIFIER_BONUS;
      if (match) why = 'qualifier';
    }
    if (c.kind === 'country') return { candidate: c, score: s, why };
    const support = ctx.countries.get(c.cc) ?? 0;
    let coloc = 0;
    if (support >= 2) coloc += COUNTRY_CONTEXT_BONUS;
    else if (support > 0) coloc += DEMONYM_CONTEXT_BONUS;
    if (c.kind === 'city' && c.admin !== null && ctx.admins.has(`${c.cc}.${c.admin}`)) {
      coloc += ADMIN_CONTEXT_BONUS;
    }
    if (c.kind === 'admin1' && ctx.admins.has(`${c.cc}.${c.admin ?? ''}`))
      coloc += ADMIN_CONTEXT_BONUS;
    for (const p of ctx.points) {
      if (p.key !== m.key && distanceKm(p.lat, p.lon, c.lat, c.lon) < NEARBY_KM) {
        coloc += NEARBY_BONUS;
        break;
      }
    }
    if (coloc === 0 && c.kind === 'city') {
      for (const p of ctx.weakPoints ?? []) {
        if (p.key !== m.key && distanceKm(p.lat, p.lon, c.lat, c.lon) < WEAK_NEAR_KM) {
          coloc += NEARBY_BONUS;
          break;
        }
      }
    }
    if (coloc > 0 && why !== 'qualifier') why = 'colocation';
    return { candidate: c, score: s + coloc, why };
  }

  function best(m: Mention, cands: readonly Candidate[], ctx: Context): Resolved | null {
    let top: Resolved | null = null;
    // "Mexico": the country and its same-named state share every colocation signal, so the
    // signal cannot favour the state; the country stays the reading.
    const countryCc = cands.find((c) => c.kind === 'country')?.cc;
    for (const c of cands) {
      const r =
        c.kind !== 'country' && c.cc === countryCc
          ? score(m, c, { countries: new Map(), admins: new Set(), points: [] })
          : score(m, c, ctx);
      // A name that is both a country and a US state ("Georgia") is the state when the text
      // has a governor, a state Senate, counties or dollar amounts (eval:news: a Georgia budget
      // story went to the country).
      if (usState && countryCc !== undefined && c.kind === 'admin1' && c.cc === 'US') {
        r.score += US_STATE_BONUS;
        r.why = 'state-context';
      }
      if (top === null || r.score > top.score) top = r;
    }
    return top;
  }

  /** Context from unambiguous evidence: country names, qualifiers, demonyms. */
  function initialContext(mentions: readonly Mention[], cands: Map<string, Candidate[]>): Context {
    const ctx: Context = { countries: new Map(), admins: new Set(), points: [] };
    const add = (cc: string, w: number): void => {
      ctx.countries.set(cc, (ctx.countries.get(cc) ?? 0) + w);
    };
    for (const m of mentions) {
      for (const q of m.qualifiers) {
        add(q.cc, 2);
        if (q.admin !== null) ctx.admins.add(`${q.cc}.${q.admin}`);
      }
      const list = cands.get(m.key) ?? [];
      if (m.demonym) {
        const c = list[0];
        if (c !== undefined) add(c.cc, 1);
      } else if (list.length > 0 && list.every((c) => c.kind === 'country' || c.kind === 'city')) {
        const country = list.find((c) => c.kind === 'country');
        if (country !== undefined) add(country.cc, 2);
      }
    }
    return ctx;
  }

  let admins: Map<string, number[]> | null = null;
  /** The most populous town of an admin-1 unit whose name starts with the unit's name. */
  function townNamedLike(region: Candidate): Candidate | null {
    const unit = g.admin1[region.index];
    if (unit === undefined) return null;
    if (admins === null) {
      admins = new Map();
      for (let i = 0; i < g.placeName.length; i++) {
        const key = `${placeCountry(g, i)}.${g.placeAdmin[i] ?? ''}`;
        const list = admins.get(key) ?? [];
        list.push(i);
        admins.set(key, list);
      }
    }
    const prefix = unit.name
      .replace(/ (Department|Province|Region|State|Oblast)$/u, '')
      .toLowerCase();
    let best = -1;
    for (const i of admins.get(`${unit.cc}.${unit.code}`) ?? []) {
      const name = (g.placeName[i] ?? '').toLowerCase();
      if (!name.startsWith(prefix)) continue;
      if (best < 0 || (g.placePopulation[i] ?? 0) > (g.placePopulation[best] ?? 0)) best = i;
    }
    if (best < 0 || (g.placePopulation[best] ?? 0) < 50_000) return null;
    return {
      kind: 'city',
      index: best,
      cc: unit.cc,
      admin: unit.code,
      lat: g.placeLat[best] ?? 0,
      lon: g.placeLon[best] ?? 0,
      base: 0,
      why: 'region-town',
    };
  }

  let capitals: Map<string, number> | null = null;
  function capitalOf(cc: string): Candidate | null {
    if (capitals === null) {
      capitals = new Map();
      for (let i = 0; i < g.placeName.length; i++) {
        if (g.placeFeature[i] !== FEATURE_CAPITAL) continue;
        const c = placeCountry(g, i);
        const known = capitals.get(c);
        if (known === undefined || (g.placePopulation[i] ?? 0) > (g.placePopulation[known] ?? 0))
          capitals.set(c, i);
      }
    }
    const i = capitals.get(cc);
    if (i === undefined) return null;
    return {
      kind: 'city',
      index: i,
      cc,
      admin: g.placeAdmin[i] ?? '',
      lat: g.placeLat[i] ?? 0,
      lon: g.placeLon[i] ?? 0,
      base: 0,
      why: 'capital-institution',
    };
  }

  function geocodeText(input: GeocodeInput): { places: GeocodedPlace[]; weights: number[] } {
    const fullText = `${input.title}\n${input.description ?? ''}\n${input.content ?? ''}`;
    const sports = isSportsText(fullText);
    usState = US_STATE_CONTEXT.test(fullText);
    const mentions = findMentions(g, input);
    if (mentions.length === 0) return { places: [], weights: [] };
    // A name is weak (title case, sentence start) only when every mention of it is: "Aurora" in
    // a title-case headline and again mid-sentence in the body keeps its small towns
    // (eval:news dev: a typhoon in Aurora, Philippines went to Aurora, Colorado).
    const strongest = new Map<string, Mention>();
    for (const m of mentions) {
      const key = m.demonym ? `~${m.key}` : m.key;
      const seen = strongest.get(key);
      if (seen === undefined) strongest.set(key, m);
      else if (seen.weakCase && !m.weakCase) strongest.set(key, { ...seen, weakCase: false });
    }
    const cands = new Map<string, Candidate[]>();
    for (const [key, m] of strongest) cands.set(key, candidatesFor(m));
    const keyOf = (m: Mention): string => (m.demonym ? `~${m.key}` : m.key);
    // One sense per name: qualifiers on any mention of a name apply to all of them.
    const qualifiersByKey = new Map<string, Mention['qualifiers']>();
    for (const m of mentions) {
      if (m.qualifiers.length > 0 && !qualifiersByKey.has(keyOf(m)))
        qualifiersByKey.set(keyOf(m), m.qualifiers);
    }
    const hasDateline = mentions.some((m) => m.segment === 'dateline');
    const uniq = new Map<string, Mention>();
    for (const m of mentions) {
      if (!uniq.has(keyOf(m)))
        uniq.set(keyOf(m), { ...m, qualifiers: qualifiersByKey.get(keyOf(m)) ?? [] });
    }
    const ctx0 = initialContext(
      [...uniq.values()],
      new Map([...cands].map(([k, v]) => [k.replace(/^~/u, ''), v])),
    );

    // Pass 1 with unambiguous context, pass 2 adding the other names' pass-1 winners.
    const resolve = (ctx: Context): Map<string, Resolved> => {
      const out = new Map<string, Resolved>();
      for (const [k, m] of uniq) {
        const r = best(m, cands.get(k) ?? [], ctx);
        if (r !== null) out.set(k, r);
      }
      return out;
    };
    const first = resolve(ctx0);
    const ctx1: Context = {
      countries: new Map(ctx0.countries),
      admins: new Set(ctx0.admins),
      points: [],
    };
    const weakPoints: { lat: number; lon: number; key: string }[] = [];
    for (const [k, r] of first) {
      const c = r.candidate;
      const m = uniq.get(k);
      if (m?.demonym === true) continue;
      if (r.score < MIN_UNSUPPORTED_SCORE) {
        if (c.kind === 'city' && m !== undefined && !m.weakCase && !m.commonWord)
          weakPoints.push({ lat: c.lat, lon: c.lon, key: k });
        continue;
      }
      ctx1.countries.set(c.cc, (ctx1.countries.get(c.cc) ?? 0) + 2);
      if (c.admin !== null) ctx1.admins.add(`${c.cc}.${c.admin}`);
      if (c.kind === 'city') ctx1.points.push({ lat: c.lat, lon: c.lon, key: k });
    }
    // A name must not support itself: rebuild per name without its own pass-1 winner.
    const final = new Map<string, Resolved>();
    for (const [k, m] of uniq) {
      const own = first.get(k);
      const ctx: Context = {
        countries: new Map(ctx1.countries),
        admins: new Set(ctx1.admins),
        points: ctx1.points,
        weakPoints,
      };
      if (own !== undefined && !m.demonym && own.score >= MIN_UNSUPPORTED_SCORE) {
        const c = own.candidate;
        const left = (ctx.countries.get(c.cc) ?? 0) - 2;
        if (left > 0) ctx.countries.set(c.cc, left);
        else ctx.countries.delete(c.cc);
        if (c.admin !== null && !ctx0.admins.has(`${c.cc}.${c.admin}`)) {
          const still = [...first].some(
            ([k2, r2]) => k2 !== k && r2.candidate.cc === c.cc && r2.candidate.admin === c.admin,
          );
          if (!still) ctx.admins.delete(`${c.cc}.${c.admin}`);
        }
      }
      const r = best(m, cands.get(k) ?? [], ctx);
      if (r === null) continue;
      const supported =
        r.why === 'qualifier' ||
        r.why === 'colocation' ||
        (m.segment === 'dateline' && hasDateline);
      if (r.candidate.kind === 'city' && !supported && r.score < MIN_UNSUPPORTED_SCORE) continue;
      final.set(k, r);
    }

    // Weigh occurrences per resolved place.
    interface Acc {
      r: Resolved;
      weight: number;
      first: number;
      where: Set<string>;
      demonymOnly: boolean;
    }
    const acc = new Map<string, Acc>();
    for (const m of mentions) {
      const k = keyOf(m);
      const r = final.get(k);
      if (r === undefined) continue;
      let w = SEGMENT_WEIGHT[m.segment] * (m.segment === 'body' && m.sentence === 0 ? 1.5 : 1);
      if (m.demonym) w *= DEMONYM_WEIGHT;
      if (m.tradeObject === true) w *= TRADE_OBJECT_WEIGHT;
      // A lake named for a region is context for the towns on it, not the story's place.
      if (m.regionOnly === true) w *= REGION_ONLY_WEIGHT;
      // In a sports story a country name is a team; the venue town is where it happens.
      if (sports && r.candidate.why === 'country-name' && m.segment !== 'dateline')
        w *= TEAM_WEIGHT;
      const id = candidateId(r.candidate);
      const a = acc.get(id);
      if (a === undefined) {
        acc.set(id, {
          r,
          weight: w,
          first: m.order,
          where: new Set([m.segment]),
          demonymOnly: m.demonym,
        });
      } else {
        a.weight += w;
        a.where.add(m.segment);
        a.demonymOnly &&= m.demonym;
        if (!m.demonym && a.r.why === 'demonym') a.r = r;
      }
    }
    let entries = [...acc.values()];
    if (entries.every((e) => e.demonymOnly)) {
      entries = entries.filter((e) => e.weight >= DEMONYM_ONLY_MIN_WEIGHT);
    }
    if (entries.length === 0) return { places: [], weights: [] };

    // Focus: dateline place; else the most weighted country, and in it its best specific place.
    const byCountry = new Map<string, { weight: number; first: number }>();
    for (const e of entries) {
      const cc = e.r.candidate.cc;
      const cur = byCountry.get(cc);
      if (cur === undefined) byCountry.set(cc, { weight: e.weight, first: e.first });
      else {
        cur.weight += e.weight;
        cur.first = Math.min(cur.first, e.first);
      }
    }
    const order = (a: Acc, b: Acc): number => b.weight - a.weight || a.first - b.first;
    let focus = entries.find((e) => e.where.has('dateline'));
    if (focus === undefined) {
      const [focusCc] =
        [...byCountry].sort((a, b) => b[1].weight - a[1].weight || a[1].first - b[1].first)[0] ??
        [];
      const inCountry = entries.filter((e) => e.r.candidate.cc === focusCc).sort(order);
      const countryEntry = inCountry.find((e) => e.r.candidate.kind === 'country');
      let specific = inCountry.find((e) => e.r.candidate.kind !== 'country');
      // A city inside the leading state/province is the more precise focus ("Paris, Texas").
      if (specific?.r.candidate.kind === 'admin1') {
        const region = specific;
        const city = inCountry.find(
          (e) =>
            e.r.candidate.kind === 'city' &&
            e.r.candidate.admin === region.r.candidate.admin &&
            e.weight >= 0.4 * region.weight,
        );
        if (city !== undefined) specific = city;
      }
      // A named town inside the country beats the country's centroid even when the country is
      // named more often (eval:news: Grindavík, Kharkiv, Puno, Padang, Lagos were put at their
      // country's centre); a region needs half the country's weight.
      // Several towns named across the country ("Kyiv and Kharkiv without power") is a national
      // story: the country stays the focus then.
      // Towns within LOCALITY_KM of the leading one are one locality (eval:news dev: "Lagos ...
      // Ikorodu" kept a Lagos report at Nigeria's capital).
      const lead = specific?.r.candidate;
      const towns = inCountry.filter(
        (e) =>
          e.r.candidate.kind === 'city' &&
          (lead === undefined ||
            e.r.candidate === lead ||
            distanceKm(lead.lat, lead.lon, e.r.candidate.lat, e.r.candidate.lon) > LOCALITY_KM),
      ).length;
      const needed = specific?.r.candidate.kind === 'city' && towns === 1 ? TOWN_OVER_COUNTRY : 0.5;
      focus =
        specific !== undefined &&
        (countryEntry === undefined || specific.weight >= needed * countryEntry.weight)
          ? specific
          : (countryEntry ?? inCountry[0]);
    }
    if (focus === undefined) return { places: [], weights: [] };
    // "Santa Cruz" read as Santa Cruz Department: its main town carrying the region's name
    // (Santa Cruz de la Sierra) is what news means; a region's centroid is nobody's place.
    if (focus.r.candidate.kind === 'admin1') {
      const town = townNamedLike(focus.r.candidate);
      if (town !== null)
        focus = { ...focus, r: { candidate: town, score: focus.r.score, why: 'region-town' } };
    }
    // A country's national institutions act in its capital (eval:news: "Chile's central bank",
    // "Nigeria's Senate", "Russia says" went to the country's centroid, 400-3,900 km off).
    if (focus.r.candidate.kind === 'country' && NATIONAL_INSTITUTION.test(fullText)) {
      const capital = capitalOf(focus.r.candidate.cc);
      if (capital !== null) {
        focus = {
          ...focus,
          r: { candidate: capital, score: focus.r.score, why: 'capital-institution' },
        };
      }
    }
    const rest = entries.filter((e) => e !== focus).sort(order);
    const chosen = [focus, ...rest].slice(0, MAX_MENTIONED);
    const top = Math.max(...chosen.map((e) => e.weight));
    const places = chosen.map((e, n) => {
      const c = e.r.candidate;
      const where = e.where.has('dateline') ? 'dateline' : e.where.has('title') ? 'title' : 'body';
      return toPlace(
        c,
        n === 0 ? 1 : Math.min(1, Math.round((e.weight / top) * 100) / 100),
        `${where}+${e.r.why}`,
      );
    });
    return { places, weights: chosen.map((e) => e.weight) };
  }

  function toPlace(c: Candidate, relevance: number, evidence: string): GeocodedPlace {
    const base = { countryCode: c.cc, country: countryName(c.cc), relevance, evidence };
    if (c.kind === 'city') {
      return {
        ...base,
        name: g.placeName[c.index] ?? '',
        lat: round(c.lat),
        lon: round(c.lon),
        kind: 'city',
        population: g.placePopulation[c.index] ?? null,
      };
    }
    if (c.kind === 'admin1') {
      const a = g.admin1[c.index];
      return {
        ...base,
        name: a?.name ?? '',
        lat: round(c.lat),
        lon: round(c.lon),
        kind: 'admin1',
        population: null,
      };
    }
    return {
      ...base,
      name: countryName(c.cc),
      lat: round(c.lat),
      lon: round(c.lon),
      kind: 'country',
      population: null,
    };
  }

  function feedPlace(point: { lat: number; lon: number }): GeocodedPlace {
    grid ??= new PlaceGrid(g);
    const near = grid.nearest(point.lat, point.lon, 1000);
    const cc = near === null ? '' : placeCountry(g, near.index);
    const named = near !== null && near.km <= FEED_NAME_KM;
    return {
      name: named
        ? (g.placeName[near.index] ?? '')
        : cc === ''
          ? `${round(point.lat)}, ${round(point.lon)}`
          : countryName(cc),
      countryCode: cc,
      country: cc === '' ? '' : countryName(cc),
      lat: point.lat,
      lon: point.lon,
      kind: 'feed',
      population: named ? (g.placePopulation[near.index] ?? null) : null,
      relevance: 1,
      evidence: 'feed',
    };
  }

  return {
    geocode(input: GeocodeInput): GeocodeResult | null {
      const validPoint =
        input.point !== null &&
        Number.isFinite(input.point.lat) &&
        Number.isFinite(input.point.lon) &&
        Math.abs(input.point.lat) <= 90 &&
        Math.abs(input.point.lon) <= 180;
      const text = geocodeText(input);
      if (validPoint && input.point !== null) {
        const primary = feedPlace(input.point);
        return {
          primary,
          mentioned: [
            primary,
            ...text.places.map((p) => ({ ...p, relevance: Math.min(p.relevance, 0.99) })),
          ].slice(0, MAX_MENTIONED),
        };
      }
      const [primary] = text.places;
      if (primary === undefined) return null;
      return { primary, mentioned: text.places };
    },
  };
}

function round(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}
