import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionIdOf } from '../src/platform/session';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';

// Issue 22: the principal cache (apps/server/src/platform/principal-cache.ts) and the session re-checked inside
// each read's scope statement (packages/db/src/scope.ts). Both engines. "With no notification" turns the
// table's trigger off around a direct change, so only the in-read check can catch it.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cached = (caller: Caller) => t.app.principalCache?.get(sessionIdOf(caller.cookie.split('=')[1] as string));
const LIST = { page: 1, perpage: 25, matcher: {}, sorting: { path: 'createdOn', order: -1 } };
const withoutNotification = async (table: 'sessions' | 'users', change: ReturnType<typeof sql>) => {
  await t.database.db.execute(sql.raw(`alter table ${table} disable trigger ${table}_principal_changed`));
  try {
    await t.database.db.execute(change);
  } finally {
    await t.database.db.execute(sql.raw(`alter table ${table} enable trigger ${table}_principal_changed`));
  }
};
const roleOf = async (caller: Caller) => (await caller.get('/api/auth/me')).json().roleId as number;

describe('the principal cache (issue 22)', () => {
  it('SECURITY 9: a session deleted directly in the database, with no notification, answers 401 on a warm cache and shows no rows', async () => {
    const admin = await login(t, DEMO.lawAdmin);
    expect((await admin.post('/api/message-label/list', LIST)).statusCode).toBe(200);
    expect(cached(admin)).toBeDefined();
    const id = sessionIdOf(admin.cookie.split('=')[1] as string);
    await withoutNotification('sessions', sql`delete from sessions where id = ${id}`);
    expect(cached(admin)).toBeDefined(); // still cached: the read's own check must refuse it
    const res = await admin.post('/api/message-label/list', LIST);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please sign in' });
    expect(cached(admin)).toBeUndefined();
  });

  it('a role changed directly in SQL: the notification empties the cache and the next request sees the new role', async () => {
    const manager = await login(t, DEMO.lawManager);
    expect(await roleOf(manager)).toBe(4);
    expect(cached(manager)).toBeDefined();
    await t.database.db.execute(sql`update users set role_id = 3 where email = ${DEMO.lawManager}`);
    try {
      await vi.waitFor(() => expect(cached(manager)).toBeUndefined(), { timeout: 2000, interval: 5 });
      expect(await roleOf(manager)).toBe(3);
    } finally {
      await t.database.db.execute(sql`update users set role_id = 4 where email = ${DEMO.lawManager}`);
    }
  });

  it('a role changed with no notification: the stale cached role serves nothing (403), and the request after it sees the new role', async () => {
    const admin = await login(t, DEMO.lawAdmin);
    expect((await admin.post('/api/message-label/list', LIST)).statusCode).toBe(200);
    expect(cached(admin)?.principal.roleId).toBe(3);
    await withoutNotification('users', sql`update users set role_id = 50 where email = ${DEMO.lawAdmin}`);
    try {
      expect(cached(admin)?.principal.roleId).toBe(3);
      const stale = await admin.post('/api/message-label/list', LIST);
      expect(stale.statusCode).toBe(403);
      expect(stale.body).not.toContain('"list"');
      expect(await roleOf(admin)).toBe(50);
      expect((await admin.post('/api/message-label/list', LIST)).statusCode).toBe(403);
    } finally {
      await t.database.db.execute(sql`update users set role_id = 3 where email = ${DEMO.lawAdmin}`);
    }
    expect((await admin.post('/api/message-label/list', LIST)).statusCode).toBe(200);
  });

  it('SECURITY 9: an account disabled directly in the database, with no notification, answers 401 on a warm cache', async () => {
    const manager = await login(t, DEMO.lawManager);
    expect((await manager.post('/api/message-label/list', LIST)).statusCode).toBe(200);
    await withoutNotification('users', sql`update users set is_active = false where email = ${DEMO.lawManager}`);
    try {
      expect(cached(manager)).toBeDefined();
      expect((await manager.post('/api/message-label/list', LIST)).statusCode).toBe(401);
      expect((await manager.get('/api/auth/me')).statusCode).toBe(401);
    } finally {
      await t.database.db.execute(sql`update users set is_active = true where email = ${DEMO.lawManager}`);
    }
  });

  it("SECURITY 9: a password changed in the sign-in's millisecond (a column-default time with microseconds) leaves the session alive for a cached read as for the look-up (never a 500); one millisecond later both answer 401", async () => {
    const admin = await login(t, DEMO.lawAdmin);
    const id = sessionIdOf(admin.cookie.split('=')[1] as string);
    const [before] = (
      await t.database.db.execute<{ at: string }>(
        sql`select password_changed_at::text as at from users where email = ${DEMO.lawAdmin}`,
      )
    ).rows;
    const changedAt = async (after: string) =>
      withoutNotification(
        'users',
        sql`update users set password_changed_at = (select created_at from sessions where id = ${id}) + ${after}::interval
          where email = ${DEMO.lawAdmin}`,
      );
    try {
      await changedAt('400 microseconds');
      expect((await admin.post('/api/message-label/list', LIST)).statusCode).toBe(200); // looked up
      expect(cached(admin)).toBeDefined();
      const warm = await admin.post('/api/message-label/list', LIST); // the read's own check
      expect(warm.statusCode).toBe(200);
      expect(warm.json()).toHaveProperty('list');
      await changedAt('1 millisecond');
      expect(cached(admin)).toBeDefined();
      const refused = await admin.post('/api/message-label/list', LIST);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please sign in' });
      expect((await admin.get('/api/auth/me')).statusCode).toBe(401);
    } finally {
      await t.database.db.execute(
        sql`update users set password_changed_at = ${before?.at}::timestamptz where email = ${DEMO.lawAdmin}`,
      );
    }
  });

  it('a mutation never takes its caller from the cache: it reads the session first', async () => {
    const admin = await login(t, DEMO.lawAdmin);
    expect((await admin.post('/api/message-label/list', LIST)).statusCode).toBe(200);
    const id = sessionIdOf(admin.cookie.split('=')[1] as string);
    await withoutNotification('sessions', sql`delete from sessions where id = ${id}`);
    const res = await admin.post('/api/message-label/create', { name: 'From a dead session', color: '#1E88E5' });
    expect(res.statusCode).toBe(401);
    const rows = await t.database.db.execute(sql`select 1 from message_labels where name = 'From a dead session'`);
    expect(rows.rows).toHaveLength(0);
  });
});
