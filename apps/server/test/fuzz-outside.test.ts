import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoLeak, fuzzableRoutes, send } from './support/fuzz';
import { validArbitrary } from './support/schema-arbitrary';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';

/**
 * Issue 23, SECURITY 13: the fuzz that learns from the outside. fuzz-malformed builds its bodies from the
 * same zod schemas that validate them, so it cannot find what those schemas let through. Here every field
 * of every route — each leaf of a body with every property present, and the body itself — gets, in turn,
 * each value an attacker reaches for first: lone surrogates, NUL, integers at and beyond 2^31 and 2^53,
 * numbers as strings, very long strings, deep and wide objects and arrays. Any 5xx fails.
 * About 28,000 requests (27,896 over 77 routes), every one enumerated (no sampling of which field or value),
 * on PGlite and PostgreSQL.
 */
const OUTSIDE_GOAL = 20_000;

const deep = (levels: number): unknown => {
  let v: unknown = 'bottom';
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
};
const HOSTILE: readonly unknown[] = [
  '\ud800',
  '\udfff',
  'a\ud800b',
  '\udc00\ud800',
  'a\u0000b',
  '\u0000',
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e308,
  0.5,
  '42',
  '2147483648',
  '1e400',
  'x'.repeat(200_000),
  deep(200),
  Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`k${i}`, i])),
  Array.from({ length: 10_000 }, (_, i) => i),
  [['\ud800']],
];

type Path = (string | number)[];
/** Every place in `value` a hostile value can go: each leaf, each container, and the root. */
const pathsOf = (value: unknown, at: Path = []): Path[] => {
  const here: Path[] = [at];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => pathsOf(v, [...at, i]))];
  if (value && typeof value === 'object')
    return [...here, ...Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...at, k]))];
  return here;
};
const setAt = (value: unknown, path: Path, replacement: unknown): unknown => {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Path];
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? setAt(v, rest, replacement) : v));
  const obj = value as Record<string, unknown>;
  return { ...obj, [head]: setAt(obj[head as string], rest, replacement) };
};

let t: TestApp;
let callers: { email: string; caller: Caller }[];
beforeAll(async () => {
  t = await createTestApp();
  callers = [];
  for (const email of [DEMO.lawAdmin, DEMO.coAdmin, DEMO.platformAdmin, DEMO.lawManager])
    callers.push({ email, caller: await login(t, email) });
}, 60_000);
afterAll(() => t.close());

describe('SECURITY 13: hostile values in every field of every route', () => {
  it(`SECURITY 13: lone surrogates, NUL, integers past 2^31 and 2^53, numbers as strings, long strings and deep or wide values in each field of every route (≥ ${OUTSIDE_GOAL} requests) give 4xx, never 5xx`, async () => {
    const routes = fuzzableRoutes(t);
    let sent = 0;
    let refused = 0;
    for (const [r, route] of routes.entries()) {
      const schema = route.method === 'GET' ? route.querystring : route.body;
      const [base] = fc.sample(validArbitrary(schema, { allKeys: true }), { numRuns: 1, seed: 23 + r });
      const paths = pathsOf(base);
      for (const [p, path] of paths.entries()) {
        for (const [h, hostile] of HOSTILE.entries()) {
          // GET queries are flat strings: only their top-level fields are probed.
          if (route.method === 'GET' && path.length > 1) continue;
          const { email, caller } = callers[(p + h) % callers.length] as (typeof callers)[number];
          const body = setAt(base, path, hostile);
          const res = await send(t, route, caller, body);
          expectNoLeak(
            res,
            `${email} ${route.method} ${route.url} ${path.join('.') || '(body)'} = ${JSON.stringify(hostile)?.slice(0, 60)} -> ${res.statusCode} ${res.body.slice(0, 300)}`,
          );
          sent++;
          if (res.statusCode >= 400) refused++;
        }
      }
    }
    console.info(`outside fuzz: ${sent} requests over ${routes.length} routes, ${refused} refused with 4xx, 0 5xx`);
    expect(sent).toBeGreaterThanOrEqual(OUTSIDE_GOAL);
  }, 900_000);
});
