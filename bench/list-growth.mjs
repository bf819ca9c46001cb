// npm run bench:growth — issue 37's growth rows: what a list page costs as one tenant grows. The two lists that grow
// without bound, the audit trail (POST /api/audit/list: every change of every user) and cases (POST /api/cases/list),
// of one tenant at 100, 10,000 and 100,000 rows, on both engines, each read under autocannon: page 1, page 400 as
// the list reaches it with Next from page 399 (read from page 399's last key: keyset paging), and page 400 by its
// number (a jump: OFFSET). 25 a page, newest first. Printed: page 1's rate at each size as a share of its rate at
// 100 rows, and page 400's as a share of page 1's at the same size. Budget (issue 37): at 100,000 rows page 1
// serves ≥ 80 % of its rate at 100 rows; page 400 (Next) serves ≥ 66 % of page 1's; both lists, both engines.
// Benchmarks are never part of `npm test`.
//
//   node bench/list-growth.mjs [--engine pglite|postgres|both] [--lists audit,cases] [--sizes 100,10000,100000]
//                              [--duration 10] [--connections 20]
// Also run at the end of `npm run bench` (bench/list-bench.mjs) unless --skip-growth.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ensureBuilt, ensureInstalled } from '../scripts/lib.mjs';
import { signIn, startServer, withScratchPostgres } from './lib.mjs';

const PER_PAGE = 25;
const DEEP_PAGE = 400;
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const FIRM = `(select id from tenants where name = 'Demo Law Firm')`;

/**
 * The lists measured: their route, default sort, how the bench grows one tenant's rows to `size` (SQL run with
 * no server open), and what it needs first from a running server.
 */
const LISTS = {
  audit: {
    endpoint: '/api/audit/list',
    sorting: { path: 'at', order: -1 },
    // One row a minute back from now, of the entities and actions the product writes, by the firm's admin, with a
    // small `after` as a change has (its own rows from the seed count).
    grow: (size) => [
      `insert into audit_log (at, user_id, role_id, tenant_id, entity, entity_id, action, after)
         select now() - make_interval(mins => g::int), u.id, 3, t.id,
           (array['message_label','workflow','case','user','envelope'])[1 + g % 5], g::text,
           (array['create','update','delete'])[1 + g % 3], jsonb_build_object('name', 'Row ' || g)
         from tenants t join users u on u.tenant_id = t.id and u.email = 'admin@lawfirm.test'
         cross join generate_series(1, greatest(0, ${size} - (select count(*) from audit_log a
           where a.tenant_id = ${FIRM} or a.acting_tenant_id = ${FIRM}))) g
         where t.name = 'Demo Law Firm'`,
      'vacuum analyze audit_log',
    ],
  },
  cases: {
    endpoint: '/api/cases/list',
    sorting: { path: 'createdOn', order: -1 },
    // One case opened through the API (the demo's first configured type, its petitioner company), copied with its
    // own number, one a minute back.
    prepare: async (port) => {
      const headers = await signIn(port, 'admin@lawfirm.test');
      const post = async (path, body) => {
        const res = await fetch(`http://127.0.0.1:${port}${path}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
        return res.json();
      };
      const companies = await post('/api/company/list', {});
      await post('/api/cases/create', {
        subTypeId: 1,
        petitionerId: companies.list[0]?._id,
        beneficiary: { person: { givenName: 'Growth', familyName: 'Bench' }, allowSimilar: true },
      });
    },
    grow: (size) => [
      `do $$ declare cols text; begin
         select string_agg(quote_ident(column_name), ', ') into cols from information_schema.columns
           where table_schema = current_schema() and table_name = 'cases' and is_generated = 'NEVER'
             and column_name not in ('id', 'case_number', 'created_on');
         execute format('insert into cases (%1$s, case_number, created_on)
           select %1$s, case_number || ''-${size}-'' || g, now() - make_interval(mins => g::int)
           from cases cross join generate_series(1, greatest(0, ${size}
             - (select count(*) from cases x where x.tenant_id = ${FIRM.replaceAll("'", "''")}))) g
           where id = (select id from cases where tenant_id = ${FIRM.replaceAll("'", "''")} order by created_on limit 1)', cols);
       end $$`,
      'vacuum analyze cases',
    ],
  },
};

/** autocannon on one request body (after a check that it answers a full page); its rate and p99. */
const measure = async (port, list, headers, body, { duration, connections }) => {
  const url = `http://127.0.0.1:${port}${list.endpoint}`;
  const check = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const answer = await check.json();
  if (!check.ok || answer.list.length !== PER_PAGE)
    throw new Error(
      `unexpected ${list.endpoint} page ${body.page}: ${check.status} ${JSON.stringify(answer).slice(0, 200)}`,
    );
  const run = (d) => autocannon({ url, method: 'POST', headers, body: JSON.stringify(body), connections, duration: d });
  await run(2); // warm-up
  const load = loadAverage();
  const r = await run(duration);
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    totalCount: answer.totalCount,
    failed: r.non2xx + r.errors,
    load,
    answer,
  };
};

/** Page 1, page 400 by Next (from page 399's last key) and page 400 by number, of one list. */
const measureList = async (port, name, size, opts) => {
  const list = LISTS[name];
  const headers = await signIn(port, 'admin@lawfirm.test');
  const bodyOf = (page, extra = {}) => ({ page, perpage: PER_PAGE, sorting: list.sorting, filters: {}, ...extra });
  const first = await measure(port, list, headers, bodyOf(1), opts);
  if (size < DEEP_PAGE * PER_PAGE) return { first, next: null, jump: null };
  const before = await fetch(`http://127.0.0.1:${port}${list.endpoint}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(bodyOf(DEEP_PAGE - 1)),
  }).then((r) => r.json());
  const cursor = { key: before.cursors.last, direction: 'after' };
  const next = await measure(port, list, headers, bodyOf(DEEP_PAGE, { cursor }), opts);
  const jump = await measure(port, list, headers, bodyOf(DEEP_PAGE), opts);
  // Next and the jump land on the same rows (nothing is written meanwhile).
  if (JSON.stringify(next.answer.list) !== JSON.stringify(jump.answer.list))
    throw new Error(`${name}: page ${DEEP_PAGE} by Next and by number differ`);
  return { first, next, jump };
};

/** Each size in turn on one database: grow it, start the server, measure each list. */
const overSizes = async (engine, env, exec, opts) => {
  const rows = [];
  for (const size of opts.sizes) {
    for (const name of opts.lists) for (const s of LISTS[name].grow(size)) await exec(s);
    // The hourly reminder run (its first 5 s after start, over every case of every tenant) is not a list read: off
    // here, so it does not land inside one list's measurement and not another's.
    const server = await startServer(opts.port, {
      ...env,
      RATE_LIMIT_PER_MINUTE: 'off',
      REMINDERS_SCHEDULE: 'off',
      BILLING_RENEWALS: 'off',
    });
    try {
      for (const name of opts.lists) {
        const m = await measureList(opts.port, name, size, opts);
        rows.push({ engine, list: name, size, ...m });
        const rate = (x) => `${x.rps.toFixed(0)} req/s (p99 ${x.p99} ms)`;
        console.log(
          `${engine} ${name}: ${size} rows: page 1 ${rate(m.first)}` +
            (m.next ? `, page ${DEEP_PAGE} by Next ${rate(m.next)}, by number ${rate(m.jump)}` : ''),
        );
      }
    } finally {
      await server.stop();
    }
  }
  return rows;
};

/** The first start (migrate + seed), then what the lists need from a running server. */
const prepared = async (opts, env) => {
  const server = await startServer(opts.port, env);
  try {
    for (const name of opts.lists) await LISTS[name].prepare?.(opts.port);
  } finally {
    await server.stop();
  }
};

const growthPglite = async (opts) => {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const dataDir = mkdtempSync(join(tmpdir(), 'caseport-growth-'));
  try {
    await prepared(opts, { DATA_DIR: dataDir });
    // PGlite is one process's: the bench opens it between the server's runs, never beside one.
    const exec = async (statement) => {
      const db = await PGlite.create({ dataDir: join(dataDir, 'db'), extensions: { pg_trgm } });
      try {
        await db.query(statement);
      } finally {
        await db.close();
      }
    };
    return await overSizes('pglite', { DATA_DIR: dataDir }, exec, opts);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const growthPostgres = async (opts) => {
  const { default: pg } = await import('pg');
  return withScratchPostgres(pg, { clusterPort: 55442, name: `caseport_growth_${process.pid}` }, async (url) => {
    await prepared(opts, { DATABASE_URL: url });
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    try {
      return await overSizes('postgres', { DATABASE_URL: url }, (s) => pool.query(s), opts);
    } finally {
      await pool.end();
    }
  });
};

/** Runs the growth rows on the engines asked; prints their table and verdict; answers the rows. */
export const benchGrowth = async ({
  engine = 'both',
  lists = ['audit', 'cases'],
  sizes = [100, 10_000, 100_000],
  duration = 10,
  connections = 20,
  port = 3194,
} = {}) => {
  const opts = { lists, sizes, duration, connections, port };
  const rows = [];
  if (engine !== 'postgres') rows.push(...(await growthPglite(opts)));
  if (engine !== 'pglite') rows.push(...((await growthPostgres(opts)) ?? []));
  console.log(
    `\nGrowth: one tenant's list, ${PER_PAGE} a page, newest first — ${connections} connections, ${duration} s each`,
  );
  console.log(
    'engine   list   |    rows | page 1 req/s  p99 ms  vs 100 rows | p. 400 Next req/s  p99  vs p. 1 | p. 400 by number req/s  vs p. 1 | load',
  );
  const verdicts = [];
  const pct = (x) => `${(100 * x).toFixed(0)} %`;
  for (const r of rows) {
    const base =
      rows.find((x) => x.engine === r.engine && x.list === r.list && x.size === sizes[0])?.first.rps ?? r.first.rps;
    const share = r.first.rps / base;
    const nextShare = r.next ? r.next.rps / r.first.rps : null;
    if (r.size >= 100_000) verdicts.push(share >= 0.8 && (nextShare === null || nextShare >= 0.66));
    console.log(
      `${r.engine.padEnd(8)} ${r.list.padEnd(6)} | ${String(r.size).padStart(7)} | ${r.first.rps.toFixed(0).padStart(12)} ${String(r.first.p99).padStart(7)} ${pct(share).padStart(11)} | ${
        r.next
          ? `${r.next.rps.toFixed(0).padStart(17)} ${String(r.next.p99).padStart(4)} ${pct(nextShare).padStart(7)} | ${r.jump.rps.toFixed(0).padStart(22)} ${pct(r.jump.rps / r.first.rps).padStart(7)}`
          : `${'-'.padStart(17)} ${'-'.padStart(4)} ${'-'.padStart(7)} | ${'-'.padStart(22)} ${'-'.padStart(7)}`
      } | ${r.first.load}`,
    );
  }
  console.log(
    `Budget (issue 37): at 100,000 rows page 1 ≥ 80 % of its rate at 100 rows, page ${DEEP_PAGE} (Next) ≥ 66 % of page 1's. ${
      verdicts.length && verdicts.every(Boolean) ? 'Met.' : 'NOT met.'
    }`,
  );
  return rows;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string', default: 'both' },
      lists: { type: 'string', default: 'audit,cases' },
      sizes: { type: 'string', default: '100,10000,100000' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '20' },
    },
  });
  ensureInstalled();
  ensureBuilt();
  await benchGrowth({
    engine: values.engine,
    lists: values.lists.split(','),
    sizes: values.sizes.split(',').map(Number),
    duration: Number(values.duration),
    connections: Number(values.connections),
  });
}
