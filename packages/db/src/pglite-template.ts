import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { dbPackageDir } from './paths';

/**
 * Issue 38 finding 11 (start time): a new PGlite data directory starts from a template of the empty cluster.
 *
 * `PGlite.create` on an empty directory runs initdb inside WebAssembly (bootstrap, the system views, the
 * information schema, template0, postgres): ~4.5 s of CPU, the largest part of the first start, and the same
 * cluster every time for one PGlite build. The server build (apps/server/build.mjs) makes it once per installed
 * PGlite version, in memory, and keeps its files as a tar (packages/db/.cache, not committed); a new data directory
 * is then loaded from that tar (`loadDataDir`, what `npm run restore` does with a backup), ~1.3 s. Without the
 * template (not built yet, another PGlite version) PGlite runs initdb as before. Only an empty or missing directory
 * is loaded; if loading fails, the directory is removed again and initdb runs.
 */

const pgliteDir = () => dirname(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')));

/** The template of the installed PGlite: named by its version and the size of its wasm (a rebuilt package). */
export const pgliteTemplatePath = (): string => {
  const dir = pgliteDir();
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
  const wasm = statSync(join(dir, 'dist', 'pglite.wasm')).size;
  return join(dbPackageDir(), '.cache', `pglite-${version}-${wasm}-initdb.tar.gz`);
};

/** Makes the template if the installed PGlite has none yet (the build runs this). */
export const makePgliteTemplate = async (): Promise<{ path: string; made: boolean }> => {
  const path = pgliteTemplatePath();
  if (existsSync(path)) return { path, made: false };
  // In memory: PGlite runs initdb exactly as for a new directory; nothing else is done to the cluster.
  const db = await PGlite.create();
  const tar = Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer());
  await db.close();
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, gzipSync(tar, { level: 1 }));
  renameSync(tmp, path);
  return { path, made: true };
};

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/** Opens the PGlite data directory `dataDir`, a new (empty) one from the template when there is one. */
export const createPglite = async (dataDir: string, options: PGliteOptions): Promise<PGlite> => {
  let template: string | null = null;
  try {
    template = isEmptyDir(dataDir) ? pgliteTemplatePath() : null;
  } catch {
    template = null;
  }
  if (!template || !existsSync(template)) {
    mkdirSync(dataDir, { recursive: true });
    return PGlite.create({ ...options, dataDir });
  }
  try {
    mkdirSync(dataDir, { recursive: true });
    const tar = gunzipSync(readFileSync(template));
    return await PGlite.create({ ...options, dataDir, loadDataDir: new Blob([tar]) });
  } catch {
    // Everything in the directory came from the template: start it again the long way.
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    return PGlite.create({ ...options, dataDir });
  }
};
