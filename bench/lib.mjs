// Shared pieces of the benchmarks: the built server as a child process, sign-in, a throw-away PostgreSQL
// cluster. Benchmarks are never part of `npm test` (ARCHITECTURE "Performance budgets").
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, SERVER_NODE_ARGS } from '../scripts/lib.mjs';

export const BENCH_PASSWORD = 'Bench-password-2026';
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * POSTs `body` to `url` at an even pace, `rate` a second for `duration` s, without waiting for answers (open loop):
 * one request every 1000/rate ms, where autocannon's `overallRate` sends each second's share back to back at the
 * second's start. Each latency from the request's send to its answer's end, in ms to the microsecond.
 */
export const paced = async ({ url, headers, body, rate, duration }) => {
  const { hostname, port, pathname } = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const latencies = [];
  const sentAt = []; // when each of `latencies` was sent (performance.now())
  let failures = 0;
  const one = () =>
    new Promise((resolve) => {
      const sent = performance.now();
      const req = http.request(
        {
          host: hostname,
          port,
          path: pathname,
          method: 'POST',
          agent,
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode >= 300) failures++;
            else {
              latencies.push(performance.now() - sent);
              sentAt.push(sent);
            }
            resolve();
          });
        },
      );
      req.on('error', () => {
        failures++;
        resolve();
      });
      req.end(body);
    });
  const pending = [];
  const start = performance.now();
  for (let i = 0; i < Math.round(rate * duration); i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(one());
  }
  await Promise.all(pending);
  agent.destroy();
  return { latencies, sentAt, failures };
};

/** The p-th percentile (0..1) of `values`, nearest rank. */
export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;
};

/**
 * Spawns apps/server/dist/main.js (or `script`, which answers /api/health too) on 127.0.0.1:port with `env` (DATA_DIR or DATABASE_URL, limits) and
 * resolves once /api/health answers. `stop()` sends SIGTERM, `kill()` SIGKILL (crash-safety); both wait
 * for the exit.
 */
export const startServer = async (port, env, { nodeArgs = [], script = 'apps/server/dist/main.js' } = {}) => {
  // The server's own flags (npm start), for the API and the plain route alike.
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...nodeArgs, script], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_PASSWORD: BENCH_PASSWORD,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  let up = false;
  for (let i = 0; i < 600 && child.exitCode === null; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
        up = true;
        break;
      }
    } catch {}
    await sleep(100);
  }
  const end = async (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  if (!up) {
    await end('SIGKILL');
    throw new Error(`the server did not start on port ${port}`);
  }
  return { pid: child.pid, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') };
};

/** Signs in and answers the headers of a state-changing API call for that session. */
export const signIn = async (port, email) => {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return {
    cookie: res.headers.get('set-cookie').split(';')[0],
    'content-type': 'application/json',
    'x-requested-with': 'XMLHttpRequest',
  };
};

/** A throw-away local cluster when no server URL is given (root + Debian postgresql); null otherwise. */
const localCluster = (port) => {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort() : [];
  const bin = versions.length ? `/usr/lib/postgresql/${versions.at(-1)}/bin` : null;
  if (!bin || process.getuid?.() !== 0) return null;
  const dir = mkdtempSync(join(tmpdir(), 'caseport-bench-pg-'));
  spawnSync('chown', ['postgres', dir]);
  const asPg = (cmd) => spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', cmd], { stdio: 'ignore' });
  asPg(`${bin}/initdb -D ${dir}/data -U postgres -A trust --no-sync`);
  const started = asPg(
    `${bin}/pg_ctl -D ${dir}/data -l ${dir}/server.log -o "-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c shared_buffers=256MB" -w start`,
  );
  if (started.status !== 0) return null;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      asPg(`${bin}/pg_ctl -D ${dir}/data -m fast stop`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

/**
 * A scratch database on the server at `serverUrl` (BENCH_DATABASE_URL, or a local cluster): its URL and
 * a drop function.
 */
const scratchDatabase = async (pg, serverUrl, name) => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
};

/**
 * Runs `fn(url)` on a scratch database: on BENCH_DATABASE_URL's server, or on a throw-away local cluster
 * at `clusterPort`. Answers null (and says why) when neither is available.
 */
export const withScratchPostgres = async (pg, { clusterPort, name }, fn) => {
  const cluster = process.env.BENCH_DATABASE_URL ? null : localCluster(clusterPort);
  const serverUrl = process.env.BENCH_DATABASE_URL ?? cluster?.url;
  if (!serverUrl) {
    console.log('postgres: skipped (set BENCH_DATABASE_URL, or run as root with postgresql installed)');
    return null;
  }
  try {
    const scratch = await scratchDatabase(pg, serverUrl, name);
    try {
      return await fn(scratch.url);
    } finally {
      await scratch.drop();
    }
  } finally {
    cluster?.stop();
  }
};
