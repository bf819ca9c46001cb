import { openDatabase } from '@caseport/db/client';
import { defaultGlobalConfig } from '@caseport/domain/reminders/contracts';
import { addDays, localDateAt } from '@caseport/domain/reminders/engine';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReminders } from '../src/features/reminders/runner';
import { signIn } from './support/calls';
import { activateCaseConfigs, newPerson } from './support/cases';
import { type Caller, createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let lawAdmin: Caller;
let lawManager: Caller;
let lawPetitioner: Caller;
let otherAdmin: Caller;
let caseId: string;
let otherCaseId: string;

type Json = Record<string, unknown>;
const lawConfig = () => structuredClone(defaultGlobalConfig(1)) as unknown as Json & { reminders: Json };
/** The tenant's "today" in its configured time zone (the default config's first zone, New York). */
const today = () => localDateAt(new Date(), 'America/New_York');

const outboxCount = async () =>
  Number((await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from reminders_outbox`)).rows[0]?.n);
const openCase = async (c: Caller) => {
  const res = await c.post('/api/cases/create', { subTypeId: 1, beneficiary: newPerson('Asha Rao') });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().case._id as string;
};
/**
 * The dates the engine counts from. Issue 34 removed the Dates routes (the dates are facts and person dates
 * now); until the engine reads them through reminderDatesOf, the test writes the column it still reads.
 */
const setDates = (id: string, dates: Record<string, string>) =>
  t.database.db.execute(sql`update cases set dates = dates || ${JSON.stringify(dates)}::jsonb where id = ${id}`);

beforeAll(async () => {
  t = await createTestApp();
  [lawAdmin, lawManager, lawPetitioner, otherAdmin] = await signIn(
    t,
    'lawAdmin',
    'lawManager',
    'lawPetitioner',
    'otherAdmin',
  );
  await t.database.db.execute(sql`insert into tenant_case_types (tenant_id, type_id, selected)
    select t.id, p.id, true from tenants t cross join petition_types p on conflict do nothing`);
  await t.database.db.execute(sql`insert into tenant_case_sub_types (tenant_id, sub_type_id, selected)
    select t.id, s.id, true from tenants t cross join petition_sub_types s on conflict do nothing`);
  await activateCaseConfigs(t.database, { subTypeIds: [1] });
  caseId = await openCase(lawAdmin);
  otherCaseId = await openCase(otherAdmin);
  // Work authorization reminders to the firm's admins and branch managers, 30 days before expiry.
  const config = lawConfig();
  config.reminders.workAuthorizationExpiry = { whoWillSendReminder: [3, 4], config: [{ days: 60 }, { days: 30 }] };
  const saved = await lawAdmin.post('/api/global-config/update', { config });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t.close());

describe('the engine writes each reminder once', () => {
  it('running a day twice writes each reminder once, to the users of the configured roles', async () => {
    const day = addDays(today(), 3);
    await setDates(caseId, { workAuthorizationExpiry: addDays(day, 30) });
    const before = await outboxCount();
    const first = await runReminders(t.database.db, { now: new Date(), date: day });
    // One reminder (30 days before) to the law firm's admin and branch manager.
    expect(first.written).toBe(2);
    const second = await runReminders(t.database.db, { now: new Date(), date: day });
    expect(second.written).toBe(0);
    expect(await outboxCount()).toBe(before + 2);
    const rows = await t.database.db.execute<{ role_id: number; due_on: string; offset_days: number }>(
      sql`select u.role_id, o.due_on::text as due_on, o.offset_days from reminders_outbox o join users u on u.id = o.user_id
          where o.case_id = ${caseId} order by u.role_id`,
    );
    expect(rows.rows).toEqual([
      { role_id: 3, due_on: day, offset_days: 30 },
      { role_id: 4, due_on: day, offset_days: 30 },
    ]);
  });

  it('the bell counts, lists and marks read the user’s own reminders only', async () => {
    const count = (await lawAdmin.post('/api/reminders/bell-count', {})).json();
    expect(count.unread).toBeGreaterThanOrEqual(1);
    const list = (await lawAdmin.post('/api/reminders/bell-list', {})).json();
    const item = list.list.find((r: Json) => r.caseId === caseId);
    expect(item).toMatchObject({ title: 'Expiry of Work Authorization', offsetDays: 30, read: false });
    // Another user's id marks nothing for them; the owner's marks it.
    const theirs = await lawManager.post('/api/reminders/mark-read', { ids: [item._id] });
    expect(theirs.statusCode).toBe(404);
    expect((await lawAdmin.post('/api/reminders/bell-list', {})).json().list[0].read).toBe(false);
    const mine = await lawAdmin.post('/api/reminders/mark-read', { ids: [item._id] });
    expect(mine.json().unread).toBe(count.unread - 1);
    expect((await lawPetitioner.post('/api/reminders/bell-count', {})).json().unread).toBe(0);
    expect((await lawAdmin.post('/api/reminders/mark-read', { ids: [] })).statusCode).toBe(400);
    expect((await lawAdmin.post('/api/reminders/mark-read', {})).statusCode).toBe(400);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL two engines at once (two connection pools, like two server processes) write each reminder once',
    async () => {
      const day = addDays(today(), 4);
      await setDates(caseId, { workAuthorizationExpiry: addDays(day, 60) });
      const name = (await t.database.db.execute<{ db: string }>(sql`select current_database() as db`)).rows[0]?.db;
      const target = new URL(process.env.TEST_DATABASE_URL as string);
      target.pathname = `/${name}`;
      const url = target.toString();
      const [a, b] = await Promise.all([openDatabase({ databaseUrl: url }), openDatabase({ databaseUrl: url })]);
      try {
        const before = await outboxCount();
        const runs = await Promise.all(
          Array.from({ length: 6 }, (_, i) => runReminders((i % 2 ? a : b).db, { now: new Date(), date: day })),
        );
        expect(runs.reduce((n, r) => n + r.written, 0)).toBe(2);
        expect(await outboxCount()).toBe(before + 2);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    },
  );
});

describe('POST /api/reminders/preview', () => {
  it('lists what would fire in the next N days from the form’s unsaved values, with the roles', async () => {
    await setDates(caseId, { passportExpiry: addDays(today(), 60) });
    const config = lawConfig();
    config.reminders.passportExpiry = { whoWillSendReminder: [50, 51], config: [{ days: 90 }, { days: 45 }] };
    const res = await lawAdmin.post('/api/reminders/preview', {
      days: 30,
      config: { reminders: config.reminders, tenantDefaultTZ: config.tenantDefaultTZ, advCoolingPeriod: 30 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ from: today(), to: addDays(today(), 29), timeZone: 'America/New_York' });
    const passport = body.list.filter((r: Json) => r.key === 'passportExpiry');
    expect(passport).toEqual([
      expect.objectContaining({
        caseId,
        dueOn: addDays(today(), 15),
        offsetDays: 45,
        title: 'Expiry of Passport',
        dateLabel: 'Passport expiry',
        roles: [
          { roleId: 50, roleName: expect.any(String) },
          { roleId: 51, roleName: expect.any(String) },
        ],
      }),
    ]);
    // The saved configuration (passport 180, 90, 30) has nothing for it within 30 days; nothing was written.
    const saved = (await lawAdmin.post('/api/reminders/preview', { days: 30 })).json();
    expect(saved.list.filter((r: Json) => r.key === 'passportExpiry')).toEqual([]);
    // Another tenant sees none of this tenant's cases.
    const other = (await otherAdmin.post('/api/reminders/preview', { days: 366 })).json();
    expect(other.list.some((r: Json) => r.caseId === caseId)).toBe(false);
  });

  it('validates its body: days 1..366, a known time zone, ordered-day contracts, no unknown keys', async () => {
    const config = lawConfig();
    const ok = { reminders: config.reminders, tenantDefaultTZ: config.tenantDefaultTZ, advCoolingPeriod: 30 };
    for (const body of [
      {},
      { days: 0 },
      { days: 367 },
      { days: 'ten' },
      { days: 10, extra: true },
      { days: 10, config: { ...ok, tenantDefaultTZ: 99999 } },
      {
        days: 10,
        config: { ...ok, reminders: { passportExpiry: { whoWillSendReminder: [3], config: [{ days: 1000 }] } } },
      },
      { days: 10, config: { ...ok, mfaRequired: true } },
    ]) {
      const res = await lawAdmin.post('/api/reminders/preview', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect((await lawPetitioner.post('/api/reminders/preview', { days: 10 })).statusCode).toBe(403);
  });
});
