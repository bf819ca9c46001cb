// Shared steps of `npm start` and `npm test`: install when needed, build when sources changed.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

/**
 * The Node flags the server runs with (npm start; the bench starts the API and the plain route with them too).
 * --max-semi-space-size=32: V8's young generation may grow to 32 MB semi-spaces (16 MB by default), so the
 * short-lived objects of a request (rows, promises, answers) are collected in fewer scavenges; in the list bench
 * the API's server CPU per request fell by about a tenth (issue 22, docs/decisions.md).
 */
export const SERVER_NODE_ARGS = ['--enable-source-maps', '--max-semi-space-size=32'];

export const run = (cmd, args, options = {}) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (r.status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status ?? 1);
  }
};

const newest = (path) => {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === 'dist') continue;
    max = Math.max(max, newest(join(path, name)));
  }
  return max;
};

/** Installs when node_modules is missing or older than the lock file, exactly as the lock file says (`npm ci`):
 *  a fresh clone stays clean (`git status` shows nothing after `npm start`). The lock carries every platform's
 *  optional packages (biome's, rollup's ...), which `npm ci` requires even though this machine's npm config
 *  (omit-lockfile-registry-resolved) omits their download addresses. */
export const ensureInstalled = () => {
  const marker = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(join(root, 'package-lock.json')).mtimeMs) {
    console.log('Installing dependencies ...');
    run('npm', ['ci', '--no-audit', '--no-fund']);
  }
};

/** Builds the web app and the server bundle unless they are newer than every source file. */
export const ensureBuilt = ({ force = false } = {}) => {
  const sources = [
    'apps/web/src',
    'apps/web/build',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/server/src',
    'packages/domain/src',
    'packages/db/src',
    'package-lock.json',
  ];
  const sourceTime = Math.max(...sources.map((s) => newest(join(root, s))));
  const outputs = ['apps/web/dist/index.html', 'apps/server/dist/main.js'].map((p) => join(root, p));
  const builtTime = Math.min(...outputs.map((p) => (existsSync(p) ? statSync(p).mtimeMs : 0)));
  if (force || builtTime < sourceTime) {
    console.log('Building web app and server ...');
    run('npm', ['run', 'build']);
  }
};

export const hasCommand = (name) => {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
