import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SOURCES = ['apps/server/src', 'packages/db/src'];

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : filesUnder(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });

/** Ways to hand the database a string instead of Drizzle's parameterized `sql` template or query builder. */
const STRING_BUILT_SQL: [RegExp, string][] = [
  [/\bsql\.raw\s*\(/, 'sql.raw'],
  [/\.unsafe\s*\(/, 'unsafe()'],
  [/\.(query|exec|execute)\s*(<[^>]*>)?\s*\(\s*[`'"]/, 'query/exec/execute with a plain string'],
  [/\.(query|exec|execute)\s*(<[^>]*>)?\s*\(\s*[A-Za-z_$][\w$]*\s*\+/, 'query built by concatenation'],
];

let t: TestApp;
let law: Caller;
beforeAll(async () => {
  t = await createTestApp();
  law = await login(t, DEMO.lawAdmin);
});
afterAll(() => t.close());

describe('SQL only through parameterized queries (SECURITY 15)', () => {
  it('SECURITY 15: no server or database source builds SQL from strings (sql.raw, unsafe, plain-string queries)', () => {
    const files = SOURCES.flatMap((dir) => filesUnder(join(ROOT, dir)));
    expect(files.length).toBeGreaterThan(40);
    const offenders = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return STRING_BUILT_SQL.filter(([re]) => re.test(text)).map(([, what]) => `${relative(ROOT, file)}: ${what}`);
    });
    expect(offenders).toEqual([]);
  });

  it('SECURITY 15: SQL in search text and sort keys is data, not code: nothing matches, nothing breaks, nothing changes', async () => {
    const before = (await law.post('/api/message-label/list', { perpage: 100 })).json().totalCount;
    for (const searchString of [
      "' OR '1'='1",
      "x'; DROP TABLE message_labels; --",
      "%' UNION SELECT email FROM users --",
    ]) {
      const res = await law.post('/api/message-label/list', { matcher: { searchString } });
      expect(res.statusCode, searchString).toBe(200);
      expect(res.json().totalCount).toBe(0);
    }
    const sort = await law.post('/api/message-label/list', { sorting: { path: 'name; DROP TABLE users', order: 1 } });
    expect(sort.statusCode).toBe(400);
    expect((await law.post('/api/message-label/list', { perpage: 100 })).json().totalCount).toBe(before);
  });
});
