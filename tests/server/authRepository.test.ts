/**
 * The account repository (server/auth/users.ts) on SQLite and, when a server answers on
 * 127.0.0.1:5432, on PostgreSQL (fresh schema per run), with identical expectations.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../data/preferences';
import { AccessTokens } from '../../server/auth/tokens';
import { UserRepository } from '../../server/auth/users';
import { createDb, type AtlasDb } from '../../server/db/createDb';
import type { DatabaseConfig } from '../../server/config';
import { findTestPostgres, freshSchema, makeTempDir, removeDir } from './helpers';

const pg = await findTestPostgres();
if ('skip' in pg) console.warn(`[auth repository, postgres] SKIPPED: ${pg.skip}`);

interface Target {
  database: DatabaseConfig;
  cleanup: () => Promise<void>;
}

function repositorySuite(name: string, makeTarget: () => Promise<Target>): void {
  describe(`UserRepository on ${name}`, () => {
    let target: Target;
    let atlasDb: AtlasDb;
    let users: UserRepository;

    beforeAll(async () => {
      target = await makeTarget();
      atlasDb = await createDb({ database: target.database });
      users = new UserRepository(atlasDb.db);
    });
    afterAll(async () => {
      await atlasDb.close();
      await target.cleanup();
    });

    it('creates with a normalised email and refuses a duplicate without throwing', async () => {
      const row = await users.create({ email: ' Mixed@Example.ORG', name: 'M', passwordHash: 'h' });
      expect(row).toMatchObject({ email: 'mixed@example.org', role: 'user', token_version: 0 });
      expect(await users.create({ email: 'mixed@example.org', name: 'X', passwordHash: 'h' })).toBe(
        null,
      );
      expect((await users.findByEmail('MIXED@example.org'))?.id).toBe(row?.id);
      expect(await users.findById('missing')).toBeNull();
    });

    it('bumps token_version on logout, password and role changes', async () => {
      const row = await users.create({ email: 'tv@example.org', name: 'T', passwordHash: 'h1' });
      if (row === null) throw new Error('not created');
      expect(await users.bumpTokenVersion(row.id)).toBe(1);
      expect(await users.setPassword(row.id, 'h2')).toMatchObject({
        password_hash: 'h2',
        token_version: 2,
      });
      expect(await users.setRole(row.id, 'admin')).toMatchObject({
        role: 'admin',
        token_version: 3,
      });
      expect(await users.bumpTokenVersion('missing')).toBeNull();
      await users.replaceHash(row.id, 'not-current', 'h3');
      expect((await users.findById(row.id))?.password_hash).toBe('h2');
      await users.replaceHash(row.id, 'h2', 'h3');
      expect((await users.findById(row.id))?.password_hash).toBe('h3');
    });

    it('token verification follows token_version', async () => {
      const tokens = new AccessTokens('r'.repeat(40), atlasDb.db);
      const row = await users.create({ email: 'tok@example.org', name: 'T', passwordHash: 'h' });
      if (row === null) throw new Error('not created');
      const token = await tokens.issue(row);
      expect((await tokens.verify(token))?.id).toBe(row.id);
      await users.bumpTokenVersion(row.id);
      expect(await tokens.verify(token)).toBeNull();
    });

    it('stores and merges preferences; concurrent partial updates all land', async () => {
      const row = await users.create({ email: 'prefs@example.org', name: 'P', passwordHash: 'h' });
      if (row === null) throw new Error('not created');
      expect(await users.getPreferences(row.id)).toEqual(DEFAULT_PREFERENCES);
      await Promise.all([
        users.updatePreferences(row.id, { theme: 'light' }),
        users.updatePreferences(row.id, { quality: 'low' }),
        users.updatePreferences(row.id, { globe: { moon: false } }),
        users.updatePreferences(row.id, { globe: { dayNight: true } }),
      ]);
      expect(await users.getPreferences(row.id)).toEqual({
        ...DEFAULT_PREFERENCES,
        theme: 'light',
        quality: 'low',
        globe: { ...DEFAULT_PREFERENCES.globe, moon: false, dayNight: true },
      });
      expect(await users.updatePreferences('missing', { theme: 'light' })).toBeNull();
    });
  });
}

repositorySuite('SQLite', async () => {
  const dir = await makeTempDir('auth-repo');
  return {
    database: { kind: 'sqlite', file: path.join(dir, 'atlas.db') },
    cleanup: () => removeDir(dir),
  };
});

if ('skip' in pg) {
  describe.skip(`UserRepository on PostgreSQL (${pg.skip})`, () => {
    it('needs a PostgreSQL server on 127.0.0.1:5432', () => undefined);
  });
} else {
  repositorySuite('PostgreSQL', () => {
    const fresh = freshSchema(pg.url, 'auth');
    return Promise.resolve({
      database: { kind: 'postgres', url: pg.url, schema: fresh.schema },
      cleanup: fresh.drop,
    });
  });
}
