// Issue 22, backups: `npm run backup` then `npm run restore` into a fresh data dir (PGlite) or a fresh database
// (PostgreSQL when TEST_DATABASE_URL is set) brings back every row, every file, the row-level-security backstop
// (roles, grants, policies, triggers) and the demo sign-in.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Database, openDatabase } from '@caseport/db/client';
import { scopeStatement } from '@caseport/db/scope';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { backup, type Manifest, restore } from '../src/backup/archive';
import { DataDirBusyError, lockDataDir, lockPath } from '../src/backup/data-dir-lock';
import { TEST_PASSWORD, TEST_ROOT } from './support/constants';
import { DOCX_MIN, PNG_1X1, postUpload } from './support/files';
import { createTestApp, DEMO, login, type TestApp, XHR } from './support/test-app';

let t: TestApp;
let work: string;
let archive: string;
const cleanups: (() => Promise<void>)[] = [];
beforeAll(async () => {
  t = await createTestApp();
  work = mkdtempSync(join(TEST_ROOT, 'backup-'));
  archive = join(work, 'backup.tar.gz');
}, 60_000);
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const rowsOf = async <T extends Record<string, unknown>>(database: Database, q: ReturnType<typeof sql>) =>
  (await database.db.execute<T>(q)).rows;

/** Every row of every table (md5 per table, as nested-ids.test.ts) and the catalog the backstop is made of. */
const snapshot = async (database: Database) => {
  const tables = await rowsOf<{ s: string; t: string }>(
    database,
    sql`select table_schema as s, table_name as t from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
  );
  const digests: Record<string, string> = {};
  for (const { s, t: name } of tables) {
    const [r] = await rowsOf<{ n: number; h: string | null }>(
      database,
      sql`select count(*)::int as n, md5(string_agg(x::text, '|' order by x::text)) as h from ${sql.identifier(s)}.${sql.identifier(name)} x`,
    );
    digests[`${s}.${name}`] = `${r?.n}:${r?.h ?? ''}`;
  }
  const catalog = {
    tables: await rowsOf(
      database,
      sql`select c.relname, c.relkind, c.relrowsecurity, c.relforcerowsecurity, c.relacl::text as acl
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'S', 'v') order by 1`,
    ),
    policies: await rowsOf(
      database,
      sql`select tablename, policyname, permissive, roles::text, cmd, qual, with_check from pg_policies order by 1, 2`,
    ),
    triggers: await rowsOf(
      database,
      sql`select tgrelid::regclass::text as tbl, tgname, tgenabled, pg_get_triggerdef(oid) as def
          from pg_trigger where not tgisinternal order by 1, 2`,
    ),
    functions: await rowsOf(
      database,
      sql`select p.proname, md5(p.prosrc) as src, p.proacl::text as acl from pg_proc p
          join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' order by 1, 2`,
    ),
    roles: await rowsOf(
      database,
      sql`select rolname, rolsuper, rolbypassrls, rolinherit, rolcanlogin from pg_roles
          where rolname in ('app_user', 'app_platform') order by 1`,
    ),
    memberships: await rowsOf(
      database,
      sql`select r.rolname as role, m.rolname as member from pg_auth_members a
          join pg_roles r on r.oid = a.roleid join pg_roles m on m.oid = a.member
          where r.rolname in ('app_user', 'app_platform') order by 1, 2`,
    ),
  };
  // A sequence may come back ahead (PostgreSQL logs 32 values at a time; a snapshot of a live PGlite replays
  // its log), never behind: no id is handed out twice.
  const sequences = Object.fromEntries(
    (
      await rowsOf<{ name: string; v: number | null }>(
        database,
        sql`select sequencename as name, last_value::int as v from pg_sequences where schemaname = 'public'`,
      )
    ).map((r) => [r.name, r.v ?? 0]),
  );
  return { digests, catalog, sequences };
};

const fileBytes = (dir: string, names: string[]) =>
  Object.fromEntries(names.map((n) => [n, readFileSync(join(dir, n)).toString('base64')]));

/** The fresh target: a new database on the test cluster, or a new data dir. */
const freshTarget = async () => {
  const dataDir = join(work, `restored-${randomBytes(4).toString('hex')}`);
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { pgliteDir: join(dataDir, 'db'), databaseUrl: null, filesDir: join(dataDir, 'files') };
  const target = new URL(url);
  const name = `caseport_restore_${randomBytes(6).toString('hex')}`;
  target.pathname = `/${name}`;
  cleanups.push(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  return { pgliteDir: join(dataDir, 'db'), databaseUrl: target.toString(), filesDir: join(dataDir, 'files') };
};

const sourceOf = (database: Database) => {
  const client = (database.db as unknown as { $client: unknown }).$client;
  return client instanceof pg.Pool
    ? { databaseUrl: client.options.connectionString as string }
    : { pglite: client as PGlite };
};

describe('backup and restore (issue 22)', () => {
  it('brings every row, every file, the RLS backstop and the demo sign-in back into a fresh target', async () => {
    const admin = await login(t, DEMO.lawAdmin);
    const uploads = [
      await postUpload(t, admin, { purpose: 'logo', secureType: 'public' }, [{ name: 'logo.png', data: PNG_1X1 }]),
      await postUpload(t, admin, { purpose: 'word' }, [{ name: 'letter.docx', data: DOCX_MIN }]),
    ];
    for (const u of uploads) expect(u.statusCode).toBe(200);
    const storedNames = (
      await rowsOf<{ n: string }>(t.database, sql`select stored_name as n from files order by 1`)
    ).map((r) => r.n);
    expect(storedNames.length).toBeGreaterThanOrEqual(2);
    const before = await snapshot(t.database);
    const bytesBefore = fileBytes(t.filesDir, storedNames);

    const manifest = await backup(sourceOf(t.database), t.filesDir, archive);
    expect(manifest.engine).toBe(t.database.kind);
    expect(manifest.files.map((f) => f.path).sort()).toEqual(storedNames);
    expect(manifest.missingFiles).toEqual([]);

    const target = await freshTarget();
    await restore(archive, target);
    const restored = await openDatabase(
      target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: target.pgliteDir },
    );
    const app = await buildApp({ database: restored, filesDir: target.filesDir, rateLimitPerMinute: false });
    cleanups.push(async () => {
      await app.close();
      await restored.close();
    });

    const after = await snapshot(restored);
    expect(after.digests).toEqual(before.digests);
    expect(after.catalog).toEqual(before.catalog);
    for (const [name, value] of Object.entries(before.sequences))
      expect(after.sequences[name], name).toBeGreaterThanOrEqual(value);
    expect(fileBytes(target.filesDir, storedNames)).toEqual(bytesBefore);

    // The backstop holds in the restored database: a tenant's role sees only its own rows ...
    const own = await restored.db.transaction(async (tx) => {
      await tx.execute(scopeStatement({ tenantId: t.tenants.lawfirm }));
      return (
        await tx.execute<{ own: number; others: number }>(
          sql`select count(*) filter (where tenant_id = ${t.tenants.lawfirm})::int as own,
                     count(*) filter (where tenant_id <> ${t.tenants.lawfirm})::int as others from users`,
        )
      ).rows[0];
    });
    expect(own?.own).toBeGreaterThan(0);
    expect(own?.others).toBe(0);
    // ... and the audit log stays append-only, even for the owner.
    await expect(restored.db.execute(sql`delete from audit_log`)).rejects.toThrow();

    // The demo signs in with its restored password hash.
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: XHR,
      payload: { email: DEMO.lawAdmin, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);

    // A second restore into the now non-empty target is refused, and changes nothing.
    await expect(restore(archive, target)).rejects.toThrow(/not empty/);
    expect((await snapshot(restored)).digests['public.users']).toBe(before.digests['public.users']);
  }, 120_000);

  it('refuses an archive whose files do not match its manifest, or that names a path outside files/, before writing anything', async () => {
    const unpacked = join(work, 'tampered');
    mkdirSync(unpacked);
    await tar.extract({ file: archive, cwd: unpacked });
    const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8')) as Manifest;
    const file = join(unpacked, 'files', manifest.files[0]?.path as string);
    writeFileSync(file, Buffer.concat([readFileSync(file), Buffer.from('x')]));
    const tampered = join(work, 'tampered.tar.gz');
    await tar.create({ gzip: true, file: tampered, cwd: unpacked }, readdirSync(unpacked));
    const target = await freshTarget();
    await expect(restore(tampered, target)).rejects.toThrow(/does not match its checksum/);
    expect(existsSync(target.filesDir)).toBe(false);
    expect(existsSync(target.pgliteDir)).toBe(false);

    // A manifest naming a path outside files/ is refused too (restore would write there).
    const first = manifest.files[0] as Manifest['files'][number];
    manifest.files = [{ ...first, path: `../../${first.path}` }];
    writeFileSync(join(unpacked, 'manifest.json'), JSON.stringify(manifest));
    await tar.create({ gzip: true, file: tampered, cwd: unpacked }, readdirSync(unpacked));
    await expect(restore(tampered, target)).rejects.toThrow(/refusing the file path/);
  });

  it('the embedded engine: a backup is refused while the server holds the data dir; a dead holder is taken over', () => {
    const dataDir = join(work, 'locked');
    mkdirSync(join(dataDir, 'db'), { recursive: true });
    const release = lockDataDir(dataDir, 'server');
    expect(() => lockDataDir(dataDir, 'backup')).toThrow(DataDirBusyError);
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(cli.status).toBe(1);
    expect(cli.stderr).toMatch(/in use by a running server/);
    release();
    expect(existsSync(lockPath(dataDir))).toBe(false);
    // A server killed with -9 leaves its lock behind; its pid is gone, so the lock is stale.
    writeFileSync(lockPath(dataDir), JSON.stringify({ pid: 2 ** 22 + 1, what: 'server' }));
    lockDataDir(dataDir, 'backup')();
  }, 60_000);
});
