// npm run bench:start — how long `npm start` takes to its ready banner (issue 15: warm start < 2 s of
// server time, first start < 15 s). On a throw-away data directory it runs `node scripts/start.mjs` (what
// `npm start` runs, without npm's own start-up) once on the empty directory (first start: migrations,
// reference data, the demo seeded and filled in) and then WARM more times on the same directory (warm
// start: everything built, migrated and seeded). Each time is measured from spawn to the line
// 'Caseport is ready on …'; the server's own figures from that line (process start to listening, and the CPU
// time the server process used until then) are shown beside it. The machine's load average is printed with
// the numbers: on a shared machine the wall times move with it, the CPU time much less.
//
//   node bench/start-bench.mjs [--warm 5] [--port 3195]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuilt, ensureInstalled, root } from '../scripts/lib.mjs';
import { BENCH_PASSWORD } from './lib.mjs';

const { values: args } = parseArgs({
  options: { warm: { type: 'string', default: '5' }, port: { type: 'string', default: '3195' } },
});
const WARM = Number(args.warm);
const PORT = Number(args.port);

/** One `npm start` on `dataDir`: resolves with the wall time to the banner and the server's own figure. */
const startOnce = (dataDir) =>
  new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        SEED_PASSWORD: BENCH_PASSWORD,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    let result = null;
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /Caseport is ready on \S+ \([^,]+, started in (\d+) ms, (\d+) ms of CPU\)/.exec(out);
      if (m && !result) {
        result = { wallMs: Math.round(performance.now() - t0), serverMs: Number(m[1]), cpuMs: Number(m[2]) };
        child.kill('SIGTERM');
      }
    });
    child.once('exit', (code, signal) =>
      result ? resolve(result) : reject(new Error(`start exited (${code ?? signal}) before its banner:\n${out}`)),
    );
  });

const show = (r) => `${r.wallMs} ms to the banner (server ${r.serverMs} ms, of which ${r.cpuMs} ms of CPU)`;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

ensureInstalled();
ensureBuilt();
const dir = mkdtempSync(join(tmpdir(), 'caseport-start-bench-'));
try {
  console.log(`load average before: ${load()} (${availableParallelism()} cores)`);
  const first = await startOnce(dir);
  console.log(`first start: ${show(first)}`);
  const warm = [];
  for (let i = 0; i < WARM; i++) {
    const w = await startOnce(dir);
    warm.push(w);
    console.log(`warm start ${i + 1}: ${show(w)}`);
  }
  if (warm.length) {
    const mid = { wallMs: 0, serverMs: 0, cpuMs: 0 };
    for (const k of Object.keys(mid)) mid[k] = median(warm.map((w) => w[k]));
    console.log(`warm start median of ${warm.length}: ${show(mid)}`);
  }
  console.log(`load average after: ${load()}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
