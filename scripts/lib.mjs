// Shared steps of `npm start` and `npm test`: install when needed, build when sources changed.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

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

/** Installs when node_modules is missing or older than the lock file. Not `npm ci`: with this machine's
 *  npm 11 config (omit-lockfile-registry-resolved) the lock it writes omits other platforms' optional
 *  packages, and `npm ci` then refuses it as out of sync; `npm install` honours the same lock. */
export const ensureInstalled = () => {
  const marker = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(join(root, 'package-lock.json')).mtimeMs) {
    console.log('Installing dependencies ...');
    run('npm', ['install', '--no-audit', '--no-fund']);
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
