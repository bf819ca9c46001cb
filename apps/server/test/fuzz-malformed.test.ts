import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoLeak, fuzzableRoutes, send } from './support/fuzz';
import { malformedArbitrary } from './support/schema-arbitrary';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';

/**
 * SECURITY 13: malformed requests over every registered route, with bodies built from each route's own
 * zod schema (support/schema-arbitrary.ts) and then broken in one place, so they get past the outer
 * shape and probe the deeper checks. Goal: ≥ 5,000 refused with a 4xx and none answered 5xx, on PGlite
 * and (in CI) PostgreSQL. New routes join automatically.
 */
const MALFORMED_RUNS = 7_000;
const MALFORMED_GOAL = 5_000;

let t: TestApp;
let callers: { email: string; caller: Caller }[];
beforeAll(async () => {
  t = await createTestApp();
  callers = [];
  for (const email of Object.values(DEMO)) callers.push({ email, caller: await login(t, email) });
}, 60_000);
afterAll(() => t.close());

describe('SECURITY 13: malformed requests', () => {
  it(`SECURITY 13: ≥ ${MALFORMED_GOAL} malformed requests shaped after every route's schema, from every role, give 4xx only — no 5xx, no stack trace, and no body its contract refuses gets a 2xx`, async () => {
    const routes = fuzzableRoutes(t);
    let refused = 0;
    let malformed = 0;
    const accepted: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...routes)
          .chain((route) =>
            fc.tuple(fc.constant(route), malformedArbitrary(route.method === 'GET' ? route.querystring : route.body)),
          ),
        fc.constantFrom(...callers),
        async ([route, body], { email, caller }) => {
          const res = await send(t, route, caller, body);
          expectNoLeak(
            res,
            `${email} ${route.method} ${route.url} ${JSON.stringify(body)?.slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 300)}`,
          );
          if (res.statusCode >= 400) refused++;
          // Issue 22: a body its own contract refuses must never get a 2xx. It is judged as it travels (JSON drops
          // undefined members); a query travels as text, so GETs are judged by the server's parse alone.
          const schema = route.body as { safeParse?: (v: unknown) => { success: boolean } } | undefined;
          const wire = body === undefined ? undefined : JSON.parse(JSON.stringify(body) ?? 'null');
          if (route.method !== 'GET' && schema?.safeParse && !schema.safeParse(wire).success) {
            malformed++;
            if (res.statusCode < 300)
              accepted.push(`${email} ${route.method} ${route.url} ${JSON.stringify(body)?.slice(0, 200)}`);
          }
        },
      ),
      { numRuns: MALFORMED_RUNS },
    );
    console.info(
      `malformed fuzz: ${MALFORMED_RUNS} requests over ${routes.length} routes, ${malformed} bodies their contract refuses, ${refused} refused with 4xx, 0 5xx, ${accepted.length} malformed bodies accepted`,
    );
    expect(accepted, 'malformed bodies answered 2xx').toEqual([]);
    expect(refused).toBeGreaterThanOrEqual(MALFORMED_GOAL);
    expect(malformed).toBeGreaterThanOrEqual(MALFORMED_GOAL);
  }, 600_000);
});
