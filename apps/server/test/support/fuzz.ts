import type { Response } from 'light-my-request';
import { expect } from 'vitest';
import type { RegisteredRoute } from '../../src/app';
import { type Caller, type TestApp, XHR } from './test-app';

/** Routes a signed-in user may call; logout would end the fuzzing caller's own session. */
export const fuzzableRoutes = (t: TestApp): RegisteredRoute[] =>
  t.app.registeredRoutes.filter(
    (r) =>
      r.url.startsWith('/api/') &&
      !r.url.startsWith('/api/docs') &&
      r.url !== '/api/auth/logout' &&
      (r.method === 'POST' || r.method === 'GET'),
  );

/** POST bodies as JSON; GET bodies become the query string. */
export const send = (t: TestApp, route: RegisteredRoute, caller: Caller, body: unknown): Promise<Response> => {
  if (route.method === 'GET') {
    const query = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const qs = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    );
    return t.app.inject({ method: 'GET', url: `${route.url}?${qs}`, headers: { cookie: caller.cookie } });
  }
  return t.app.inject({
    method: 'POST',
    url: route.url,
    headers: { ...XHR, 'content-type': 'application/json', cookie: caller.cookie },
    payload: JSON.stringify(body) ?? 'null',
  });
};

/** No 5xx, no stack trace, and every error in the D-07 envelope. */
export const expectNoLeak = (res: Response, what: string) => {
  expect(res.statusCode, what).toBeLessThan(500);
  expect(res.body, what).not.toMatch(/\bat .+\.(ts|js|mjs):\d+/);
  expect(res.body, what).not.toContain('"stack"');
  if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json'))
    expect(res.json(), what).toHaveProperty('code');
};
