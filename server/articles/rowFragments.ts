/**
 * Per-row serialised JSON for the article lists (issue #28 R1 uncached). A list answer used to
 * read ~200 full rows (24 columns) and serialise them: 2-6 ms of the single server thread per
 * distinct query. Lists now read only (id, version) in list order from a covering index and join
 * the JSON of each row, kept here as UTF-8 bytes under (kind, id). A fragment is used only while
 * the row's version is the one it was made from: migration 0012's trigger changes the version on
 * every update, so a fragment can never outlive a change of its row, in this process or another
 * (the two-process mode needs no invalidation messages). Rows a list needs that are missing or
 * out of date are read in one `where id in (...)` query and rendered.
 *
 * Most lists are runs of consecutive rows in one order (the newest N, a page), so each kind also
 * keeps its last run: the ids, versions and joined bytes of consecutive rows. A list whose (id,
 * version) sequence appears unbroken in the run is one slice of it (no per-row lookups or copies);
 * otherwise it is joined per row and merged into the run (prepended or appended when it overlaps
 * an end, else it replaces it). Whatever the query, the bytes are right: a run is only used where
 * every listed id and version equals the run's at that position.
 *
 * Each fragment keeps the SHA-1 of its bytes, so a joined body gets a digest (for its ETag) from
 * the fragments' digests instead of hashing 100+ KB per answer.
 *
 * Memory is bounded by bytes (DEFAULT_FRAGMENT_MAX_BYTES): the oldest fragment not used since it
 * was last passed over goes first (second chance, so a hit costs a flag, not a map update).
 */
import { createHash } from 'node:crypto';

export interface VersionedId {
  id: string;
  version: number;
}

/** Default bound of all fragments together: ~50,000 list articles of ~650 bytes. */
export const DEFAULT_FRAGMENT_MAX_BYTES = 32 * 1024 * 1024;
/** Bytes counted per entry beyond its JSON (key, map slot, Buffer objects, digest). */
const ENTRY_OVERHEAD_BYTES = 200;

interface Entry {
  /** Set on use; eviction gives a used entry a second chance instead of dropping it (CLOCK). */
  used: boolean;
  version: number;
  bytes: Buffer;
  /** SHA-1 of bytes. */
  digest: Buffer;
}

/** A joined body and a digest that changes whenever the body does (SHA-1 over its parts). */
export interface JoinedJson {
  body: Buffer;
  digest: string;
}

const COMMA = Buffer.from(',');
const DIGEST_BYTES = 20;
/** Rows a run keeps at most (the far end of an appended or prepended run goes). */
export const MAX_RUN_ROWS = 2000;

/** Consecutive rows of one kind: row i is bytes[starts[i], ends[i]), rows joined by commas. */
interface Run {
  ids: string[];
  versions: number[];
  entries: Entry[];
  starts: number[];
  ends: number[];
  bytes: Buffer;
  /** SHA-1 of row i at [20 i, 20 i + 20). */
  digests: Buffer;
  positions: Map<string, number>;
}

interface Listed {
  id: string;
  version: number;
  entry: Entry;
}

function makeRun(rows: readonly Listed[]): Run {
  const starts: number[] = [];
  const ends: number[] = [];
  const chunks: Buffer[] = [];
  const digests: Buffer[] = [];
  const positions = new Map<string, number>();
  let at = 0;
  rows.forEach((row, i) => {
    if (i > 0) {
      chunks.push(COMMA);
      at += 1;
    }
    starts.push(at);
    chunks.push(row.entry.bytes);
    digests.push(row.entry.digest);
    at += row.entry.bytes.length;
    ends.push(at);
    positions.set(row.id, i);
  });
  return {
    ids: rows.map((r) => r.id),
    versions: rows.map((r) => r.version),
    entries: rows.map((r) => r.entry),
    starts,
    ends,
    bytes: Buffer.concat(chunks),
    digests: Buffer.concat(digests),
    positions,
  };
}

function runRows(run: Run, from: number, to: number): Listed[] {
  const rows: Listed[] = [];
  for (let i = from; i < to; i++) {
    rows.push({
      id: run.ids[i] as string,
      version: run.versions[i] as number,
      entry: run.entries[i] as Entry,
    });
  }
  return rows;
}

/** Where `listed` starts in `run` when all of it is there in order, else -1. */
function findInRun(run: Run, listed: readonly VersionedId[]): number {
  const first = listed[0];
  if (first === undefined) return -1;
  const p = run.positions.get(first.id);
  if (p === undefined || p + listed.length > run.ids.length) return -1;
  for (let j = 0; j < listed.length; j++) {
    const item = listed[j] as VersionedId;
    if (run.ids[p + j] !== item.id || run.versions[p + j] !== item.version) return -1;
  }
  return p;
}

/** `rows` (consecutive) merged with `run` when one continues the other, else `rows` alone. */
function mergeRun(run: Run | undefined, rows: Listed[]): Run {
  if (run !== undefined && rows.length > 0) {
    const same = (row: Listed, i: number): boolean =>
      run.ids[i] === row.id && run.versions[i] === row.version;
    // rows = run[p..end) + more: append.
    const p = run.positions.get((rows[0] as Listed).id);
    if (p !== undefined) {
      const overlap = run.ids.length - p;
      if (overlap < rows.length && rows.slice(0, overlap).every((row, j) => same(row, p + j))) {
        return makeRun(
          [...runRows(run, 0, run.ids.length), ...rows.slice(overlap)].slice(0, MAX_RUN_ROWS),
        );
      }
    }
    // rows = more + run[0..q]: prepend.
    const q = run.positions.get((rows[rows.length - 1] as Listed).id);
    if (q !== undefined) {
      const head = rows.length - 1 - q;
      if (head > 0 && rows.slice(head).every((row, j) => same(row, j))) {
        return makeRun(
          [...rows.slice(0, head), ...runRows(run, q + 1, run.ids.length)].slice(0, MAX_RUN_ROWS),
        );
      }
    }
  }
  return makeRun(rows.slice(0, MAX_RUN_ROWS));
}

export class RowFragments {
  /** Per kind: row id -> its fragment. */
  private readonly entries = new Map<string, Map<string, Entry>>();
  private readonly runs = new Map<string, Run>();
  private size = 0;

  constructor(private readonly maxBytes = DEFAULT_FRAGMENT_MAX_BYTES) {}

  /** Bytes held (JSON plus per-entry overhead), for tests and metrics. */
  get heldBytes(): number {
    return this.size;
  }

  get count(): number {
    let n = 0;
    for (const kind of this.entries.values()) n += kind.size;
    return n;
  }

  /**
   * The JSON of every listed row, in list order, as `prefix` + fragments joined by commas +
   * `suffix`. `fetch` reads the rows whose fragment is missing or stale (their own version
   * included: the one stored); `render` makes one row's JSON. A row gone between the two reads
   * (deleted) is left out.
   */
  async join<R extends VersionedId>(
    kind: string,
    listed: readonly VersionedId[],
    fetch: (ids: string[]) => Promise<R[]>,
    render: (row: R) => string,
    prefix: Buffer,
    suffix: Buffer,
  ): Promise<JoinedJson> {
    const run = this.runs.get(kind);
    if (run !== undefined && listed.length > 0) {
      const p = findInRun(run, listed);
      if (p >= 0) {
        const last = p + listed.length - 1;
        return {
          body: Buffer.concat([prefix, run.bytes.subarray(run.starts[p], run.ends[last]), suffix]),
          digest: createHash('sha1')
            .update(prefix)
            .update(run.digests.subarray(p * DIGEST_BYTES, (last + 1) * DIGEST_BYTES))
            .update(suffix)
            .digest('base64url'),
        };
      }
    }
    const rows = await this.rowsOf(kind, listed, fetch, render);
    if (rows.length > 0) this.runs.set(kind, mergeRun(run, rows));
    const chunks: Buffer[] = [prefix];
    const hash = createHash('sha1').update(prefix);
    rows.forEach((row, i) => {
      if (i > 0) chunks.push(COMMA);
      chunks.push(row.entry.bytes);
      hash.update(row.entry.digest);
    });
    chunks.push(suffix);
    hash.update(suffix);
    return { body: Buffer.concat(chunks), digest: hash.digest('base64url') };
  }

  /** Each listed row's fragment, from the map or fetched and rendered; rows gone are left out. */
  private async rowsOf<R extends VersionedId>(
    kind: string,
    listed: readonly VersionedId[],
    fetch: (ids: string[]) => Promise<R[]>,
    render: (row: R) => string,
  ): Promise<Listed[]> {
    const found: (Entry | undefined)[] = new Array<Entry | undefined>(listed.length);
    const missing: string[] = [];
    const byId = this.entries.get(kind);
    for (let i = 0; i < listed.length; i++) {
      const item = listed[i] as VersionedId;
      const entry = byId?.get(item.id);
      if (entry !== undefined && entry.version === item.version) {
        entry.used = true;
        found[i] = entry;
      } else {
        missing.push(item.id);
      }
    }
    const fresh = new Map<string, Entry>();
    if (missing.length > 0) {
      for (const row of await fetch(missing)) {
        fresh.set(row.id, this.store(kind, row.id, row.version, render(row)));
      }
    }
    const rows: Listed[] = [];
    listed.forEach((item, i) => {
      const entry = found[i] ?? fresh.get(item.id);
      if (entry !== undefined) rows.push({ id: item.id, version: entry.version, entry });
    });
    return rows;
  }

  clear(): void {
    this.entries.clear();
    this.runs.clear();
    this.size = 0;
  }

  private store(kind: string, id: string, version: number, json: string): Entry {
    let byId = this.entries.get(kind);
    if (byId === undefined) {
      byId = new Map();
      this.entries.set(kind, byId);
    }
    // Its own memory, not a slice of Node's shared pool (a slice would keep an 8 KB slab alive).
    const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(json, 'utf8'));
    bytes.write(json, 'utf8');
    const old = byId.get(id);
    if (old !== undefined) {
      this.size -= old.bytes.length + ENTRY_OVERHEAD_BYTES;
      byId.delete(id);
    }
    const entry = {
      used: false,
      version,
      bytes,
      digest: createHash('sha1').update(bytes).digest(),
    };
    byId.set(id, entry);
    this.size += bytes.length + ENTRY_OVERHEAD_BYTES;
    this.evict(byId);
    return entry;
  }

  /** Drops the oldest unused fragments of `byId`, then of other kinds, until under the bound. */
  private evict(current: Map<string, Entry>): void {
    for (const byId of [current, ...this.entries.values()]) {
      // Each entry at most twice: once to clear its flag, once to go.
      let budget = byId.size * 2;
      while (this.size > this.maxBytes && byId.size > 1 && budget-- > 0) {
        const oldest = byId.entries().next();
        if (oldest.done === true) break;
        const [id, entry] = oldest.value;
        byId.delete(id);
        if (entry.used) {
          entry.used = false;
          byId.set(id, entry);
        } else {
          this.size -= entry.bytes.length + ENTRY_OVERHEAD_BYTES;
        }
      }
      if (this.size <= this.maxBytes) return;
    }
  }
}
