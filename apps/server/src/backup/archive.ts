// `npm run backup` / `npm run restore` (issue 22): one archive holding a consistent snapshot of the database
// and of the uploaded files. An operator tool, not a request path: it talks to the engines directly (pg_dump,
// pg_restore, PGlite's own data-dir dump), which is why its SQL is not in a repository.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { migrationsDir } from '@caseport/db/paths';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as tar from 'tar';

const run = promisify(execFile);

export const BACKUP_FORMAT = 'caseport-backup';
export const BACKUP_VERSION = 1;

export interface ManifestFile {
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  engine: 'pglite' | 'postgres';
  createdAt: string;
  /** `select version()` of the engine that was dumped. */
  serverVersion: string;
  /** The role that owned the schema. Its `system_context` policies name it, so a restore must run as it. */
  owner: string;
  /** Applied migrations: how many, and the newest one's `created_at` (the journal's `when`). */
  migrations: { count: number; last: string | null };
  database: ManifestFile;
  files: ManifestFile[];
  /** Stored names the database refers to that were not on disk when the backup ran (reported, not fatal). */
  missingFiles: string[];
}

export type BackupSource = { databaseUrl: string } | { pgliteDir: string } | { pglite: PGlite };

export interface RestoreTarget {
  /** Where a PGlite backup goes (DATA_DIR/db). */
  pgliteDir: string;
  /** Where a PostgreSQL backup goes; the database is created when it does not exist. */
  databaseUrl: string | null;
  filesDir: string;
  /** Replace a non-empty target (data dir, files dir, database) instead of refusing. */
  force?: boolean;
}

export class BackupError extends Error {}

const DUMP_FILE = { pglite: 'database.pglite.tar.gz', postgres: 'database.pgdump' } as const;

const sha256File = (path: string) =>
  new Promise<string>((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });

const describe = async (root: string, path: string): Promise<ManifestFile> => {
  const full = join(root, path);
  const data = await readFile(full);
  return { path, bytes: data.length, sha256: createHash('sha256').update(data).digest('hex') };
};

/** Every file under `dir` (forward-slash relative paths), without the `.tmp` of a write in progress. */
const listFiles = (dir: string): string[] => {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && !entry.name.endsWith('.tmp')) out.push(relative(dir, full).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
};

/** The newest PostgreSQL client tool of that name (it must be at least the server's major), else the PATH's. */
export const pgTool = (name: 'pg_dump' | 'pg_restore'): string => {
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (existsSync(join(base, v, 'bin', name))) return join(base, v, 'bin', name);
  }
  return name;
};

/** A connection string without its password, and the password for PGPASSWORD (argv is visible to `ps`). */
const splitPassword = (url: string) => {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { url: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
};

const runTool = async (name: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string) => {
  const { url, env } = splitPassword(databaseUrl);
  try {
    await run(pgTool(name), [...args, '--dbname', url], { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    throw new BackupError(`${name} failed: ${(err.stderr || err.message).trim()}`);
  }
};

interface Meta {
  serverVersion: string;
  owner: string;
  migrations: Manifest['migrations'];
  storedNames: string[];
}

type Query = <T>(text: string) => Promise<T[]>;

const readMeta = async (query: Query): Promise<Meta> => {
  const [v] = await query<{ version: string; owner: string }>('select version() as version, current_user as owner');
  const [m] = await query<{ n: number; last: string | null }>(
    'select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  const names = await query<{ stored_name: string }>('select stored_name from files order by 1');
  return {
    serverVersion: v?.version ?? '',
    owner: v?.owner ?? '',
    migrations: { count: m?.n ?? 0, last: m?.last ?? null },
    storedNames: names.map((r) => r.stored_name),
  };
};

const copyFiles = async (from: string, to: string, paths: string[]): Promise<ManifestFile[]> => {
  const out: ManifestFile[] = [];
  for (const path of paths) {
    await mkdir(dirname(join(to, path)), { recursive: true });
    await copyFile(join(from, path), join(to, path));
    // Described from the copy: the bytes that went into the archive.
    out.push(await describe(to, path));
  }
  return out;
};

/**
 * Writes the archive `out` (tar.gz): manifest.json, the database dump and files/. Consistency: on PostgreSQL
 * the dump and the list of referenced files come from one exported snapshot, and the files are copied while
 * that snapshot is held, so every file a dumped row refers to is in the archive unless it was deleted in the
 * meantime (then it is listed in `missingFiles`). On PGlite the caller holds the data dir (the server is
 * stopped, see data-dir-lock.ts), so nothing moves.
 */
export const backup = async (source: BackupSource, filesDir: string, out: string): Promise<Manifest> => {
  await mkdir(dirname(out), { recursive: true });
  const work = await mkdtemp(join(dirname(out), '.backup-'));
  try {
    let meta: Meta;
    let files: ManifestFile[];
    let engine: Manifest['engine'];
    if ('databaseUrl' in source) {
      engine = 'postgres';
      const client = new pg.Client({ connectionString: source.databaseUrl });
      await client.connect();
      try {
        await execOn(client, sql`begin isolation level repeatable read read only`);
        const snapshot = (await execOn<{ id: string }>(client, sql`select pg_export_snapshot() as id`)).rows[0]?.id;
        meta = await readMeta(async (text) => (await client.query(text)).rows);
        await runTool(
          'pg_dump',
          ['--format=custom', `--snapshot=${snapshot}`, '--file', join(work, DUMP_FILE.postgres)],
          source.databaseUrl,
        );
        files = await copyFiles(filesDir, join(work, 'files'), listFiles(filesDir));
        await execOn(client, sql`commit`);
      } finally {
        await client.end();
      }
    } else {
      engine = 'pglite';
      const db =
        'pglite' in source
          ? source.pglite
          : await PGlite.create({ dataDir: source.pgliteDir, extensions: { pg_trgm } });
      try {
        meta = await readMeta(async (text) => (await db.query(text)).rows as never);
        // PGlite's own dump: a tarball of its data directory (roles, grants, policies, triggers included).
        const dump = await db.dumpDataDir('gzip');
        await writeFile(join(work, DUMP_FILE.pglite), Buffer.from(await dump.arrayBuffer()));
      } finally {
        if (!('pglite' in source)) await db.close();
      }
      files = await copyFiles(filesDir, join(work, 'files'), listFiles(filesDir));
    }
    const copied = new Set(files.map((f) => f.path));
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      engine,
      createdAt: new Date().toISOString(),
      serverVersion: meta.serverVersion,
      owner: meta.owner,
      migrations: meta.migrations,
      database: await describe(work, DUMP_FILE[engine]),
      files,
      missingFiles: meta.storedNames.filter((n) => !copied.has(n)),
    };
    await writeFile(join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = `${out}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: work, portable: true }, [
      'manifest.json',
      DUMP_FILE[engine],
      ...(files.length ? ['files'] : []),
    ]);
    await rename(partial, out);
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
};

const SAFE_RELATIVE = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/** Unpacks the archive into `work` (plain files and directories only) and checks manifest and checksums. */
const unpack = async (archive: string, work: string): Promise<Manifest> => {
  await tar.extract({
    file: archive,
    cwd: work,
    strict: true,
    filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
  });
  const manifestPath = join(work, 'manifest.json');
  if (!existsSync(manifestPath)) throw new BackupError(`${archive} is not a Caseport backup (no manifest.json)`);
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION)
    throw new BackupError(`${archive}: unsupported backup format ${manifest.format} v${manifest.version}`);
  // The manifest names where restore writes: only our own dump names and plain relative paths under files/.
  if (manifest.database?.path !== DUMP_FILE[manifest.engine])
    throw new BackupError(`${archive}: unexpected database file ${manifest.database?.path}`);
  const unsafe = manifest.files.find((f) => !SAFE_RELATIVE.test(f.path) || f.path.split('/').includes('..'));
  if (unsafe) throw new BackupError(`${archive}: refusing the file path ${unsafe.path}`);
  const journal = JSON.parse(readFileSync(join(migrationsDir(), 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const newest = Math.max(...journal.entries.map((e) => e.when));
  if (manifest.migrations.last !== null && Number(manifest.migrations.last) > newest)
    throw new BackupError('the backup comes from a newer Caseport (its migrations are ahead of this code)');
  for (const f of [
    { ...manifest.database, root: work },
    ...manifest.files.map((m) => ({ ...m, root: join(work, 'files') })),
  ]) {
    const full = join(f.root, f.path);
    if (!existsSync(full) || (await sha256File(full)) !== f.sha256)
      throw new BackupError(`${archive}: ${f.path} is missing or does not match its checksum`);
  }
  return manifest;
};

/**
 * The roles the RLS policies name are cluster-wide, so pg_dump does not carry them: created here as
 * migrations 0001 and 0021 create them, and refused if a role of that name exists with more power
 * (a restore must not weaken the backstop).
 */
const ROLES_SQL = `
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_user') THEN
    CREATE ROLE app_user NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_platform') THEN
    CREATE ROLE app_platform NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE INHERIT;
  END IF;
END $$;
GRANT app_user TO app_platform;
GRANT app_user TO CURRENT_USER;
GRANT app_platform TO CURRENT_USER;`;

/** A parameterized statement on a plain pg client (SECURITY 15: no SQL built from strings). */
const execOn = <T extends Record<string, unknown> = Record<string, unknown>>(c: pg.Client, query: SQL) =>
  drizzle(c).execute<T>(query);

const withClient = async <T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

const prepareDatabase = async (databaseUrl: string, manifest: Manifest, force: boolean) => {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  await withClient(admin.toString(), async (c) => {
    const exists = (await execOn(c, sql`select 1 from pg_database where datname = ${name}`)).rowCount;
    if (exists && force) await execOn(c, sql`drop database ${sql.identifier(name)} with (force)`);
    if (!exists || force) await execOn(c, sql`create database ${sql.identifier(name)}`);
  });
  await withClient(databaseUrl, async (c) => {
    const used = await execOn<{ n: number }>(
      c,
      sql`select count(*)::int as n from pg_class k join pg_namespace s on s.oid = k.relnamespace
       where s.nspname not in ('pg_catalog', 'information_schema') and s.nspname not like 'pg_toast%'`,
    );
    if ((used.rows[0]?.n ?? 0) > 0)
      throw new BackupError(`database ${name} is not empty: restore into a fresh database, or pass --force`);
    const me = (await execOn<{ u: string }>(c, sql`select current_user as u`)).rows[0]?.u;
    if (me !== manifest.owner)
      throw new BackupError(
        `restore as role ${manifest.owner} (the backup's owner; its system_context policies name it), not ${me}`,
      );
    await c.query(ROLES_SQL);
    const weak = await execOn<{ rolname: string }>(
      c,
      sql`select rolname from pg_roles where rolname in ('app_user', 'app_platform')
       and (rolsuper or rolbypassrls or rolcanlogin or (rolname = 'app_user' and rolinherit))`,
    );
    if (weak.rowCount)
      throw new BackupError(`role ${weak.rows[0]?.rolname} exists with more power than the schema gives it`);
  });
};

/** Restores an archive written by `backup` into `target`; refuses a non-empty target unless `force`. */
export const restore = async (archive: string, target: RestoreTarget): Promise<Manifest> => {
  await mkdir(dirname(target.filesDir), { recursive: true });
  const work = await mkdtemp(join(dirname(target.filesDir), '.restore-'));
  try {
    const manifest = await unpack(archive, work);
    const filesInUse = !isEmptyDir(target.filesDir);
    if (filesInUse && !target.force)
      throw new BackupError(`${target.filesDir} is not empty: pass --force to replace it`);
    const dump = join(work, manifest.database.path);
    if (manifest.engine === 'pglite') {
      if (!isEmptyDir(target.pgliteDir)) {
        if (!target.force) throw new BackupError(`${target.pgliteDir} is not empty: pass --force to replace it`);
        await rm(target.pgliteDir, { recursive: true, force: true });
      }
      await mkdir(target.pgliteDir, { recursive: true });
      const db = await PGlite.create({
        dataDir: target.pgliteDir,
        loadDataDir: new Blob([await readFile(dump)]),
        extensions: { pg_trgm },
      });
      await db.close();
    } else {
      if (!target.databaseUrl)
        throw new BackupError('this is a PostgreSQL backup: set DATABASE_URL or pass --database <url>');
      await prepareDatabase(target.databaseUrl, manifest, target.force ?? false);
      // One transaction: a failing restore leaves the database empty, not half-filled.
      await runTool('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', dump], target.databaseUrl);
    }
    // Replaced only once the database is back: a refused or failed restore leaves the old files.
    if (filesInUse) await rm(target.filesDir, { recursive: true, force: true });
    await mkdir(target.filesDir, { recursive: true });
    for (const f of manifest.files) {
      await mkdir(dirname(join(target.filesDir, f.path)), { recursive: true });
      await copyFile(join(work, 'files', f.path), join(target.filesDir, f.path));
    }
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
};
