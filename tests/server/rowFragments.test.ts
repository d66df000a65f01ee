/**
 * RowFragments (server/articles/rowFragments.ts) without a database: a fragment is used only at
 * its version, rows gone between the list and the fetch are left out, runs give the same bytes as
 * the per-row join, and the memory bound holds.
 */
import { describe, expect, it } from 'vitest';
import { RowFragments, type VersionedId } from '../../server/articles/rowFragments';

interface Row extends VersionedId {
  text: string;
}

/** A fake table: id -> row, and a log of the ids each fetch asked for. */
function table(n: number) {
  const rows = new Map<string, Row>();
  for (let i = 0; i < n; i++) rows.set(`r${i}`, { id: `r${i}`, version: 0, text: `row ${i}` });
  const fetched: string[][] = [];
  return {
    rows,
    fetched,
    fetch: (ids: string[]) => {
      fetched.push(ids);
      return Promise.resolve(ids.flatMap((id) => (rows.has(id) ? [rows.get(id) as Row] : [])));
    },
    listed: (from: number, to: number): VersionedId[] =>
      [...rows.values()].slice(from, to).map(({ id, version }) => ({ id, version })),
    expected: (from: number, to: number): string =>
      `[${[...rows.values()]
        .slice(from, to)
        .map((r) => JSON.stringify(r))
        .join(',')}]`,
  };
}

const join = (f: RowFragments, t: ReturnType<typeof table>, listed: VersionedId[]) =>
  f.join('k', listed, t.fetch, (r) => JSON.stringify(r), Buffer.from('['), Buffer.from(']'));

describe('RowFragments', () => {
  it('joins per row, then slices runs, with the same bytes and digests for the same body', async () => {
    const t = table(300);
    const f = new RowFragments();
    const a = await join(f, t, t.listed(0, 200));
    expect(a.body.toString()).toBe(t.expected(0, 200));
    expect(t.fetched).toHaveLength(1);
    // Inside the run, past its end (appended), before a new head (prepended): no refetch of known rows.
    for (const [from, to] of [
      [10, 150],
      [100, 260],
      [0, 260],
      [5, 6],
    ] as const) {
      const b = await join(f, t, t.listed(from, to));
      expect(b.body.toString()).toBe(t.expected(from, to));
    }
    expect(t.fetched.flat().sort()).toEqual(
      t
        .listed(0, 260)
        .map((r) => r.id)
        .sort(),
    );
    const again = await join(f, t, t.listed(10, 150));
    const perRow = await join(new RowFragments(), t, t.listed(10, 150));
    expect(again.digest).toBe(perRow.digest);
    expect((await join(f, t, t.listed(10, 151))).digest).not.toBe(again.digest);
  });

  it('renders a row again when its version changed, and leaves out rows gone', async () => {
    const t = table(50);
    const f = new RowFragments();
    await join(f, t, t.listed(0, 9));
    t.rows.set('r7', { id: 'r7', version: 1, text: 'corrected' });
    t.rows.delete('r9');
    const listed = t.listed(0, 49);
    // The list still names r9, never rendered (it went between the list query and the fetch).
    listed.splice(9, 0, { id: 'r9', version: 0 });
    const out = await join(f, t, listed);
    expect(out.body.toString()).toBe(t.expected(0, 49));
    expect(out.body.toString()).toContain('corrected');
    const last = t.fetched.at(-1) ?? [];
    expect(last).toContain('r7');
    expect(last).toContain('r9');
    expect(last).not.toContain('r0');
  });

  it('keeps its bytes under the bound', async () => {
    const t = table(2000);
    const f = new RowFragments(20_000);
    for (let from = 0; from < 2000; from += 100) {
      const out = await join(f, t, t.listed(from, from + 100));
      expect(out.body.toString()).toBe(t.expected(from, from + 100));
      expect(f.heldBytes).toBeLessThanOrEqual(20_000 + 400);
    }
    expect(f.count).toBeLessThan(100);
  });
});
