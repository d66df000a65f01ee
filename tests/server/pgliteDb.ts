/**
 * An in-process PostgreSQL (PGlite, WebAssembly) behind Kysely, for running the PostgreSQL code
 * paths where no PostgreSQL server is reachable (a contributor's fresh machine). Test-only: PGlite
 * is a dev dependency and production code never imports it; createDb's wrapKysely migrates it.
 *
 * Type parsing matches createDb's pg pool (see server/db/schema.ts): int8 -> number, json/jsonb
 * -> the unparsed text, timestamptz -> ISO 8601 with milliseconds and 'Z'. PGlite's default
 * serialisers already pass strings through unchanged for json and timestamptz parameters, which is
 * what pg does, so writes need no change.
 */
import { PGlite, types } from '@electric-sql/pglite';
import {
  CompiledQuery,
  Kysely,
  type DatabaseConnection,
  type Driver,
  type TransactionSettings,
} from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { wrapKysely, type AtlasDb } from '../../server/db/createDb';
import type { Database } from '../../server/db/schema';
import type { FreshDatabase } from './dbContract';

const ATLAS_PARSERS = {
  [types.INT8]: (value: string): number => Number(value),
  [types.JSON]: (value: string): string => value,
  [types.JSONB]: (value: string): string => value,
  [types.TIMESTAMPTZ]: (value: string): string => {
    const parsed: unknown = types.parseType(value, types.TIMESTAMPTZ);
    if (!(parsed instanceof Date)) throw new Error(`unexpected timestamptz text: ${value}`);
    return parsed.toISOString();
  },
};

/**
 * One PGlite is one PostgreSQL session, and starting one costs seconds (initdb in WebAssembly), so
 * a handle starts it once and gives each database its own schema. Every Kysely instance of a
 * handle goes through ONE driver (PGliteDriver queues connection use), so transactions of two
 * instances never interleave, and each acquire sets the search_path of the instance it serves.
 * Kysely's driver would close PGlite on destroy; the handle's close() does that instead.
 */
function schemaDriver(inner: Driver, schema: string | null): Driver {
  return {
    init: () => Promise.resolve(),
    acquireConnection: async () => {
      const connection = await inner.acquireConnection();
      if (schema !== null) {
        await connection.executeQuery(CompiledQuery.raw(`set search_path to "${schema}"`, []));
      }
      return connection;
    },
    beginTransaction: (connection: DatabaseConnection, settings: TransactionSettings) =>
      inner.beginTransaction(connection, settings),
    commitTransaction: (connection: DatabaseConnection) => inner.commitTransaction(connection),
    rollbackTransaction: (connection: DatabaseConnection) => inner.rollbackTransaction(connection),
    releaseConnection: (connection: DatabaseConnection) => inner.releaseConnection(connection),
    destroy: () => Promise.resolve(),
  };
}

class SchemaPgliteDialect extends PGliteDialect {
  readonly #driver: Driver;
  constructor(pglite: PGlite, driver: Driver) {
    super(pglite);
    this.#driver = driver;
  }
  override createDriver(): Driver {
    return this.#driver;
  }
}

export interface PgliteHandle {
  pglite: PGlite;
  /**
   * A migrated AtlasDb (dialect 'postgres') over this PGlite, in `schema` (created when missing;
   * null: the default public schema). close() leaves PGlite open.
   */
  open(options?: { schema?: string | null; migrate?: boolean }): Promise<AtlasDb>;
  /** Closes PGlite itself. */
  close(): Promise<void>;
}

/** A fresh, empty in-memory PGlite database. */
export async function createPglite(): Promise<PgliteHandle> {
  const pglite = await PGlite.create({ parsers: ATLAS_PARSERS });
  const inner = new PGliteDialect(pglite).createDriver();
  let closing: Promise<void> | null = null;
  return {
    pglite,
    open: async ({ schema = null, migrate = true } = {}) => {
      if (schema !== null) await pglite.exec(`create schema if not exists "${schema}"`);
      const db = new Kysely<Database>({
        dialect: new SchemaPgliteDialect(pglite, schemaDriver(inner, schema)),
      });
      return wrapKysely(db, 'postgres', { migrate });
    },
    close: () => (closing ??= pglite.close()),
  };
}

let shared: Promise<PgliteHandle> | null = null;
let schemas = 0;

/**
 * A describeDbContract factory: a fresh schema in this test file's one PGlite (started on first
 * use, closed when the last database's cleanup runs at the end of the suite).
 */
export async function freshPgliteDatabase(): Promise<FreshDatabase> {
  const handle = await sharedPglite();
  const schema = `contract_${schemas++}`;
  return {
    open: () => handle.open({ schema }),
    cleanup: async () => {
      await handle.pglite.exec(`drop schema if exists "${schema}" cascade`);
    },
  };
}

/**
 * This test file's PGlite, started on first call. Starting takes 1-2 s on an idle machine and
 * much longer on a loaded one: call it from beforeAll with a generous timeout.
 */
export function sharedPglite(): Promise<PgliteHandle> {
  shared ??= createPglite();
  return shared;
}

/** Closes the PGlite that sharedPglite started, if any (call from afterAll). */
export async function closeSharedPglite(): Promise<void> {
  const handle = await shared;
  shared = null;
  await handle?.close();
}
