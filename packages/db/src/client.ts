import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Db, Executor, Tx } from './db-types';
import { migrationsDir } from './paths';
import { servedInArrivalOrder } from './pglite-queue';
import { readBatchedPglite } from './pglite-read';
import { createPglite } from './pglite-template';
import { readBatched } from './read-batch';
import * as schema from './schema/index';
import { checkScopeAnswer, scopeStatement, type TenantScope } from './scope';

export type { Db, Executor, Schema, Tx } from './db-types';
export type { SessionCheck, TenantScope } from './scope';
export { SessionInvalidError } from './scope';
export { schema };

export type DatabaseConfig = { databaseUrl: string } | { dataDir: string } | { pglite: PGlite };

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

export const openDatabase = async (config: DatabaseConfig, options: { poolSize?: number } = {}): Promise<Database> => {
  if ('databaseUrl' in config) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: options.poolSize ?? 10 });
    // A pool client that errors while idle must not crash the process.
    pool.on('error', () => {});
    return { db: drizzlePg(pool, { schema }), kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  if ('pglite' in config) client = config.pglite;
  // A new directory starts from the cluster template when the build made one (pglite-template.ts).
  else client = await createPglite(config.dataDir, { extensions: { pg_trgm } });
  // Requests take PGlite's single connection in arrival order (pglite-queue.ts, issue 22).
  const db = drizzlePglite(servedInArrivalOrder(client), { schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
};

/**
 * Whether the newest committed migration is applied already: one small query instead of drizzle's migrator,
 * which reads and hashes every migration file and opens a transaction on each start (issue 15: the warm
 * start). The same test the migrator makes (its `created_at` against the journal's `when`); anything
 * unexpected (no migrations table yet, an unreadable journal) leaves the decision to the migrator.
 */
const isMigrated = async (database: Database, migrationsFolder: string): Promise<boolean> => {
  try {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    const newest = Math.max(...journal.entries.map((e) => e.when));
    const r = await database.db.execute<{ last: string | null }>(
      sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
    );
    const last = r.rows[0]?.last;
    return last != null && Number(last) >= newest;
  } catch {
    return false;
  }
};

export const migrateDatabase = async (database: Database, migrationsFolder = migrationsDir()): Promise<void> => {
  if (await isMigrated(database, migrationsFolder)) return;
  // drizzle's own migrators (a faster PGlite path that sent the pending migrations as one script was built from
  // strings, which SECURITY 15 refuses in our sources: stop 50, issue 38 finding 11).
  if (database.kind === 'postgres') await migratePg(database.db, { migrationsFolder });
  else await migratePglite(database.db as never, { migrationsFolder });
};

/**
 * Runs `fn` while holding a PostgreSQL advisory lock, so that server processes starting at once on one database
 * migrate and seed one after the other (issue 22): the second finds the work done. The lock is taken on a
 * connection of its own and ends with it, even if the process dies. PGlite belongs to one process: no lock.
 */
export const withStartupLock = async <T>(database: Database, fn: () => Promise<T>): Promise<T> => {
  const pool = (database.db as { $client?: unknown }).$client;
  if (database.kind !== 'postgres' || !(pool instanceof pg.Pool)) return fn();
  const client = await pool.connect();
  const lock = drizzlePg(client);
  try {
    await lock.execute(sql`select pg_advisory_lock(hashtext('caseport:startup'))`);
    return await fn();
  } finally {
    await lock.execute(sql`select pg_advisory_unlock(hashtext('caseport:startup'))`).catch(() => {});
    client.release();
  }
};

export const pgliteDataDir = (dataDir: string) => join(dataDir, 'db');

/**
 * Runs `fn` in one transaction as a non-superuser role (app_user or app_platform) with app.tenant_id set, so
 * row-level security holds even if a query forgets its tenant filter (ARCHITECTURE §3). Everything `fn`
 * writes commits or rolls back together (SECURITY 19).
 */
export const inTenantTx = <T>(db: Db, scope: TenantScope, fn: (tx: Tx) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    checkScopeAnswer(scope, (await tx.execute(scopeStatement(scope))).rows);
    return fn(tx);
  });

/**
 * A read-only `inTenantTx`, for services that only read (every list). Same scope and role. On PostgreSQL
 * its queries go out in batches, one round trip per batch instead of one per statement (read-batch.ts);
 * queries issued together, as `Promise.all([page, count])`, share one. PGlite runs in-process and gets a plain
 * READ ONLY transaction. On both engines a write inside `fn` fails.
 */
export const inTenantRead = <T>(db: Db, scope: TenantScope, fn: (tx: Executor) => Promise<T>): Promise<T> => {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return readBatched(client, scope, fn);
  if (client instanceof PGlite) return readBatchedPglite(client, scope, fn);
  return db.transaction(async (tx) => {
    checkScopeAnswer(scope, (await tx.execute(scopeStatement(scope, { readOnly: true }))).rows);
    return fn(tx);
  });
};

/** System context (connection owner, no RLS restriction): only for login, sessions, seed and migrations. */
export const inSystemTx = <T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> => db.transaction(fn);
