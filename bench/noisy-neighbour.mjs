// npm run bench:noisy — SECURITY 23 as a benchmark (never a timed test): one tenant floods the API at
// 10× its per-tenant rate limit and must get 429s, while another tenant's p99 stays within 20 % of its
// baseline. Both tenants call the same list endpoint; the quiet one at a steady rate under its limit.
//
//   node bench/noisy-neighbour.mjs [--limit 600] [--quiet-rate 5] [--duration 20]
// PGlite in a scratch data dir by default; BENCH_DATABASE_URL runs it against a PostgreSQL database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ensureBuilt, ensureInstalled } from '../scripts/lib.mjs';
import { signIn, startServer } from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    limit: { type: 'string', default: '600' }, // requests per minute per tenant
    'quiet-rate': { type: 'string', default: '5' }, // requests per second of the quiet tenant
    duration: { type: 'string', default: '20' },
    port: { type: 'string', default: '3191' },
  },
});
const LIMIT = Number(args.limit);
const QUIET_RATE = Number(args['quiet-rate']);
const NOISY_RATE = Math.ceil((10 * LIMIT) / 60); // 10× the limit, per second
const DURATION = Number(args.duration);
const PORT = Number(args.port);
const ENDPOINT = '/api/message-label/list';
const BODY = JSON.stringify({ page: 1, perpage: 25, matcher: {}, sorting: { path: 'createdOn', order: -1 } });

ensureInstalled();
ensureBuilt();

const dataDir = mkdtempSync(join(tmpdir(), 'caseport-noisy-'));
const server = await startServer(PORT, {
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : { DATA_DIR: dataDir }),
  RATE_LIMIT_PER_MINUTE: String(LIMIT),
});
const stop = async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
};

try {
  const noisy = await signIn(PORT, 'admin@lawfirm.test'); // Demo Law Firm
  const quiet = await signIn(PORT, 'admin@otherfirm.test'); // Other Law Firm
  const load = (headers, rate, connections) =>
    autocannon({
      url: `http://127.0.0.1:${PORT}${ENDPOINT}`,
      method: 'POST',
      headers,
      body: BODY,
      connections,
      overallRate: rate,
      duration: DURATION,
    });

  await load(quiet, QUIET_RATE, 2); // warm-up, and the quiet tenant's first minute of budget is spent evenly
  const baseline = await load(quiet, QUIET_RATE, 2);
  const [flooded, flood] = await Promise.all([load(quiet, QUIET_RATE, 2), load(noisy, NOISY_RATE, 20)]);

  const share = (r) => `${r['2xx']} 2xx, ${r.non2xx} non-2xx, ${r.errors} errors`;
  const ratio = flooded.latency.p99 / Math.max(baseline.latency.p99, 1);
  console.log(`\nSECURITY 23 noisy neighbour — limit ${LIMIT}/min per tenant, ${DURATION} s per run`);
  console.log(`noisy tenant at ${NOISY_RATE}/s (10× its limit): ${share(flood)}`);
  console.log(
    `quiet tenant at ${QUIET_RATE}/s, baseline:    p50 ${baseline.latency.p50} ms, p99 ${baseline.latency.p99} ms`,
  );
  console.log(
    `quiet tenant at ${QUIET_RATE}/s, under flood: p50 ${flooded.latency.p50} ms, p99 ${flooded.latency.p99} ms`,
  );
  console.log(`quiet tenant requests under flood: ${share(flooded)}`);
  const ok = flood.non2xx > 0 && flooded.non2xx === 0 && ratio <= 1.2;
  console.log(
    `p99 under flood / baseline: ${(100 * ratio).toFixed(0)} % — ${ok ? 'within' : 'OUTSIDE'} the budget (noisy gets 429, quiet p99 ≤ 120 %)`,
  );
} finally {
  await stop();
}
