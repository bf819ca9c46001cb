import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { unsafeScalars } from './support/zod-walk';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('issue 23: every accepted scalar is one the database can store', () => {
  it("SECURITY 13: every route's body and query schema builds its strings with text() and its numbers with int4()/id() (packages/domain/src/api/scalars.ts)", () => {
    const routes = t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    const schemas = routes.flatMap((r) => [
      [`${r.method} ${r.url} body`, r.body] as const,
      [`${r.method} ${r.url} query`, r.querystring] as const,
    ]);
    expect(schemas.filter(([, s]) => s).length).toBeGreaterThan(40);
    const unsafe = schemas.flatMap(([where, schema]) => unsafeScalars(schema).map((u) => `${where} ${u}`));
    if (unsafe.length) console.log(unsafe.join('\n'));
    expect(unsafe).toEqual([]);
  });
});
