/**
 * GET /api/public/status (issue #30): live sources from the feed registry's health, sample data
 * from the articles' is_sample flag, a short in-memory cache, on SQLite.
 */
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type AtlasDb } from '../../server/db/createDb';
import { seedSyntheticArticles } from '../../server/db/seed';
import {
  liveSourcesFrom,
  readPublicStatus,
  registerStatusRoutes,
} from '../../server/http/statusRoutes';
import { insertCrafted } from './articlesApiFixtures';
import { FIXED_NOW, makeTempDir, removeDir } from './helpers';

describe('liveSourcesFrom', () => {
  const f = (enabled: number, ok: number, failing: number) => ({
    enabled,
    ok,
    failing,
    pending: enabled - ok - failing,
  });
  it('names each state', () => {
    expect(liveSourcesFrom(false, f(3, 3, 0))).toBe('off');
    expect(liveSourcesFrom(true, f(0, 0, 0))).toBe('off');
    expect(liveSourcesFrom(true, f(3, 0, 0))).toBe('pending');
    expect(liveSourcesFrom(true, f(3, 2, 0))).toBe('ok');
    expect(liveSourcesFrom(true, f(3, 1, 2))).toBe('degraded');
    expect(liveSourcesFrom(true, f(32, 0, 32))).toBe('unreachable');
    expect(liveSourcesFrom(true, f(3, 0, 1))).toBe('unreachable');
  });
});

describe('GET /api/public/status', () => {
  let dir: string;
  let atlasDb: AtlasDb;

  beforeAll(async () => {
    dir = await makeTempDir('public-status');
    atlasDb = await createDb({ database: { kind: 'sqlite', file: path.join(dir, 'atlas.db') } });
  });
  afterAll(async () => {
    await atlasDb.close();
    await removeDir(dir);
  });

  it('follows feed health and sample data, cached for the window', async () => {
    const { db } = atlasDb;
    expect(await readPublicStatus(db, true)).toMatchObject({
      liveSources: 'off',
      sampleData: false,
      feeds: { enabled: 0, ok: 0, failing: 0, pending: 0 },
    });

    await seedSyntheticArticles(db, { count: 5, seed: 3, now: FIXED_NOW });
    await db
      .insertInto('feeds')
      .values([
        { id: 'a', url: 'https://a.example.org/rss', name: 'A', enabled: 1 },
        { id: 'b', url: 'https://b.example.org/rss', name: 'B', enabled: 1 },
        { id: 'c', url: 'https://c.example.org/rss', name: 'C', enabled: 0 },
      ])
      .execute();
    expect(await readPublicStatus(db, true)).toMatchObject({
      liveSources: 'pending',
      sampleData: true,
      feeds: { enabled: 2, ok: 0, failing: 0, pending: 2 },
    });
    expect((await readPublicStatus(db, false)).liveSources).toBe('off');

    await db
      .updateTable('feeds')
      .set({ failures: 3, last_error: 'fetch-failed: getaddrinfo ENOTFOUND a.example.org' })
      .execute();
    const app = Fastify();
    registerStatusRoutes(app, { db, ingest: true, cacheMs: 60_000 });
    const first = await app.inject({ method: 'GET', url: '/api/public/status' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const body = first.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      liveSources: 'unreachable',
      sampleData: true,
      feeds: { enabled: 2, ok: 0, failing: 2, pending: 0 },
    });
    // Failure reasons are admin-only.
    expect(first.body).not.toContain('ENOTFOUND');

    // One feed recovers and a live article arrives: within the cache window nothing changes.
    await db
      .updateTable('feeds')
      .set({ failures: 0, last_success_at: new Date().toISOString() })
      .where('id', '=', 'a')
      .execute();
    await insertCrafted(db, Date.now());
    const cached = await app.inject({ method: 'GET', url: '/api/public/status' });
    expect(cached.json()).toEqual(body);
    await app.close();

    const fresh = await readPublicStatus(db, true);
    expect(fresh).toMatchObject({
      liveSources: 'degraded',
      sampleData: false,
      feeds: { enabled: 2, ok: 1, failing: 1, pending: 0 },
    });

    // Hidden articles do not count: with every live one hidden, only samples are shown.
    await db
      .updateTable('articles')
      .set({ hidden_at: new Date().toISOString() })
      .where('is_sample', '=', 0)
      .execute();
    expect((await readPublicStatus(db, true)).sampleData).toBe(true);
  });
});
