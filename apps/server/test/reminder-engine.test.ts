import { openDatabase } from '@caseport/db/client';
import { defaultGlobalConfig } from '@caseport/domain/reminders/contracts';
import { addDays } from '@caseport/domain/reminders/engine';
import { dayIn } from '@caseport/domain/tenants/tenant-day';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReminders } from '../src/features/reminders/runner';
import { signIn } from './support/calls';
import { insertCaseWith, setFacts, setPersonDates, userIdOf } from './support/case-records';
import { type Caller, createTestApp, DEMO, type TestApp } from './support/test-app';

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
const today = () => dayIn(new Date(), 'America/New_York');

const outboxCount = async () =>
  Number((await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from reminders_outbox`)).rows[0]?.n);
/** The rows that reached a user (issue 34: undelivered and e-mail-only rows are recorded too). */
const userRowCount = async () =>
  Number(
    (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from reminders_outbox where status = 'user'`,
      )
    ).rows[0]?.n,
  );
/** An H-1B case of the tenant whose beneficiary (Asha Rao) holds the person's own dates (issue 34). */
const openCase = async (tenantId: string) => {
  const made = await insertCaseWith(t, tenantId, { beneficiary: { givenName: 'Asha', familyName: 'Rao' } });
  beneficiaries.set(made.caseId, made.beneficiaryId as string);
  return made.caseId;
};
const beneficiaries = new Map<string, string>();
/** The beneficiary's own dates: the passport, I-94 and status expiry the engine reads (reminderDatesOf). */
const setBeneficiary = (id: string, dates: Parameters<typeof setPersonDates>[2]) =>
  setPersonDates(t, beneficiaries.get(id) as string, dates);

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
  caseId = await openCase(t.tenants.lawfirm);
  otherCaseId = await openCase(t.tenants.otherfirm);
  // Work authorization reminders to the firm's admins and branch managers, 30 days before expiry.
  const config = lawConfig();
  config.reminders.workAuthorizationExpiry = { whoWillSendReminder: [3, 4], config: [{ days: 60 }, { days: 30 }] };
  const saved = await lawAdmin.post('/api/global-config/update', { config });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t.close());

describe('case dates (issue 17, now the beneficiary and the case facts: issue 34)', () => {
  it('roles 3 and 4 save a case’s reminder dates: the beneficiary’s passport on the person, the rest as facts; null clears one, an absent key keeps it', async () => {
    const personId = beneficiaries.get(caseId) as string;
    const person = (await lawAdmin.post('/api/people/details', { personId })).json();
    const { _id, caseCount, ...input } = person;
    const passport = await lawAdmin.post('/api/people/update', {
      personId,
      person: { ...input, passportExpiry: '2027-03-01' },
    });
    expect(passport.statusCode, passport.body).toBe(200);
    const res = await lawAdmin.post('/api/cases/update', {
      caseId,
      facts: { visaExpiry: '2027-01-15', maxStayOn: '2028-01-01' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cleared = await lawManager.post('/api/cases/update', { caseId, facts: { visaExpiry: null } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const read = (await lawManager.post('/api/cases/details', { caseId })).json();
    expect(read.facts).toMatchObject({ maxStayOn: '2028-01-01' });
    expect(read.facts.visaExpiry).toBeUndefined();
    expect(read.beneficiary.passportExpiry).toBe('2027-03-01');
  });

  it('a bad date, an unknown date name, another tenant’s case and role 50 are refused and change nothing', async () => {
    const before = (await lawAdmin.post('/api/cases/details', { caseId })).json().facts;
    const bad = await lawAdmin.post('/api/cases/update', { caseId, facts: { visaExpiry: '2027-02-30' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].name).toContain('visaExpiry');
    expect((await lawAdmin.post('/api/cases/update', { caseId, facts: { birthday: '2027-01-01' } })).statusCode).toBe(
      400,
    );
    const foreign = await lawAdmin.post('/api/cases/update', {
      caseId: otherCaseId,
      facts: { visaExpiry: '2027-01-01' },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await lawAdmin.post('/api/cases/details', { caseId: otherCaseId })).statusCode).toBe(404);
    expect((await lawPetitioner.post('/api/cases/details', { caseId })).statusCode).toBe(403);
    expect((await lawAdmin.post('/api/cases/details', { caseId })).json().facts).toEqual(before);
    expect(
      (await otherAdmin.post('/api/cases/details', { caseId: otherCaseId })).json().facts.visaExpiry,
    ).toBeUndefined();
  });
});

describe('the engine writes each reminder once', () => {
  it('running a day twice writes each reminder once, to the users of the configured roles', async () => {
    const day = addDays(today(), 3);
    await setBeneficiary(caseId, { statusExpiry: addDays(day, 30) });
    const before = await userRowCount();
    const first = await runReminders(t.database.db, { now: new Date(), date: day });
    // One reminder (30 days before) to the law firm's admin and branch manager.
    expect(first.written).toBe(2);
    const second = await runReminders(t.database.db, { now: new Date(), date: day });
    expect(second.written).toBe(0);
    expect(await userRowCount()).toBe(before + 2);
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
      await setBeneficiary(caseId, { statusExpiry: addDays(day, 60) });
      const name = (await t.database.db.execute<{ db: string }>(sql`select current_database() as db`)).rows[0]?.db;
      const target = new URL(process.env.TEST_DATABASE_URL as string);
      target.pathname = `/${name}`;
      const url = target.toString();
      const [a, b] = await Promise.all([openDatabase({ databaseUrl: url }), openDatabase({ databaseUrl: url })]);
      try {
        const before = await userRowCount();
        const runs = await Promise.all(
          Array.from({ length: 6 }, (_, i) => runReminders((i % 2 ? a : b).db, { now: new Date(), date: day })),
        );
        expect(runs.reduce((n, r) => n + r.written, 0)).toBe(2);
        expect(await userRowCount()).toBe(before + 2);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    },
  );
});

describe('POST /api/reminders/preview', () => {
  it('lists what would fire in the next N days from the form’s unsaved values, with the roles', async () => {
    await setBeneficiary(caseId, { passportExpiry: addDays(today(), 60) });
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
          expect.objectContaining({ roleId: 50, roleName: expect.any(String) }),
          expect.objectContaining({ roleId: 51, roleName: expect.any(String) }),
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

  it("issue 35: names each reminder's recipients on its case and flags the roles nobody holds ('no … linked on N cases')", async () => {
    await setBeneficiary(caseId, { passportExpiry: addDays(today(), 60) });
    const config = lawConfig();
    config.reminders.passportExpiry = { whoWillSendReminder: [50, 51], config: [{ days: 45 }] };
    const body = {
      days: 30,
      config: { reminders: config.reminders, tenantDefaultTZ: config.tenantDefaultTZ, advCoolingPeriod: 30 },
    };
    type Role = { roleId: number; roleName: string; status: string; names: string[] };
    type Preview = { list: (Json & { roles: Role[] })[]; missing: (Json & { roleId: number; caseCount: number })[] };
    const preview = async () => (await lawAdmin.post('/api/reminders/preview', body)).json() as Preview;
    const rolesOn = (p: Preview) => p.list.find((r) => r.caseId === caseId && r.key === 'passportExpiry')?.roles;
    const countOf = (p: Preview, roleId: number) => p.missing.find((m) => m.roleId === roleId)?.caseCount ?? 0;

    const before = await preview();
    const [petitioner, sponsor] = rolesOn(before) ?? [];
    expect(petitioner).toMatchObject({ roleId: 50, status: 'missing', names: [] });
    expect(sponsor).toMatchObject({ roleId: 51, status: 'missing', names: [] });
    const missing50 = before.missing.find((m) => m.roleId === 50);
    const n = countOf(before, 50);
    expect(n).toBeGreaterThanOrEqual(1);
    expect(missing50?.message).toBe(`no ${petitioner?.roleName} linked on ${n} ${n === 1 ? 'case' : 'cases'}`);

    // The firm links its petitioner contact to the case: the preview names them, and one case fewer is flagged.
    const petitionerId = await userIdOf(t, DEMO.lawPetitioner);
    const name = (
      await t.database.db.execute<{ name: string }>(
        sql`select first_name || ' ' || last_name as name from users where id = ${petitionerId}`,
      )
    ).rows[0]?.name;
    const linked = await lawAdmin.post('/api/cases/link-account', { caseId, userId: petitionerId, roleId: 50 });
    expect(linked.statusCode, linked.body).toBe(200);
    try {
      const after = await preview();
      expect(rolesOn(after)?.[0]).toEqual({
        roleId: 50,
        roleName: petitioner?.roleName,
        status: 'users',
        names: [name],
      });
      expect(countOf(after, 50)).toBe(n - 1);
      expect(countOf(after, 51)).toBe(countOf(before, 51));
    } finally {
      await lawAdmin.post('/api/cases/unlink-account', { caseId, userId: petitionerId, roleId: 50 });
    }
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

describe('issue 34: reminders reach the case’s people', () => {
  let kase: string;
  const mailed: { to: string; subject: string }[] = [];
  const mailer = { send: async (m: { to: string; subject: string }) => void mailed.push(m) };

  beforeAll(async () => {
    const petitionerId = await userIdOf(t, DEMO.lawPetitioner);
    const made = await insertCaseWith(t, t.tenants.lawfirm, {
      petitionerId,
      beneficiary: { givenName: 'Lena', familyName: 'Berg', email: 'lena.berg@example.test' },
      facts: { visaExpiry: addDays(today(), 40) },
      accounts: [{ userId: petitionerId, roleId: 50 }],
    });
    kase = made.caseId;
    await setPersonDates(t, made.beneficiaryId as string, { passportExpiry: addDays(today(), 45) });
    const config = lawConfig();
    // Passport: the petitioner contact (50) and the sponsor (51, none on this case); visa: the beneficiary (11).
    config.reminders.passportExpiry = { whoWillSendReminder: [50, 51], config: [{ days: 45 }] };
    config.reminders.visaExpiry = { whoWillSendReminder: [3, 11], config: [{ days: 40 }] };
    const saved = await lawAdmin.post('/api/global-config/update', { config });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('issue 34: the engine counts from the beneficiary’s record and the facts; the linked petitioner contact receives, the beneficiary by e-mail, a role the case lacks is counted', async () => {
    const run = await runReminders(t.database.db, { now: new Date(), date: today(), mailer });
    const rows = await t.database.db.execute<{ key: string; role_id: number }>(
      sql`select o.reminder_key as key, u.role_id from reminders_outbox o join users u on u.id = o.user_id
          where o.case_id = ${kase} order by o.reminder_key, u.role_id`,
    );
    expect(rows.rows).toEqual([
      { key: 'passportExpiry', role_id: 50 },
      { key: 'visaExpiry', role_id: 3 },
    ]);
    // The sponsor role (51) has nobody on this case: counted, not sent to every sponsor of the tenant.
    expect(run.noRecipient).toBeGreaterThanOrEqual(1);
    expect(mailed.map((m) => m.to)).toEqual(
      expect.arrayContaining([DEMO.lawPetitioner, 'lena.berg@example.test', DEMO.lawAdmin]),
    );
    // Once: a second run of the day writes and mails nothing more.
    const sent = mailed.length;
    const again = await runReminders(t.database.db, { now: new Date(), date: today(), mailer });
    expect(again.written).toBe(0);
    expect(mailed.length).toBe(sent);
  });

  it('issue 34: a role the case has nobody for is recorded in the outbox as undelivered, once, and the case lists it with what was written', async () => {
    const outbox = async () =>
      (
        await t.database.db.execute<{
          key: string;
          status: string;
          user_id: string | null;
          missing_role: number | null;
          email: string | null;
        }>(
          sql`select reminder_key as key, status, user_id, missing_role, email from reminders_outbox
            where case_id = ${kase} and status <> 'user' order by reminder_key, status`,
        )
      ).rows;
    // The run above wrote the passport reminder's missing sponsor (51) and the visa reminder's e-mail-only beneficiary.
    expect(await outbox()).toEqual([
      { key: 'passportExpiry', status: 'missing', user_id: null, missing_role: 51, email: null },
      { key: 'visaExpiry', status: 'email', user_id: null, missing_role: null, email: 'lena.berg@example.test' },
    ]);
    // Running the day again adds no row (the once-only key holds for rows without a user too) and mails nothing.
    const count = await outboxCount();
    const sent = mailed.length;
    const again = await runReminders(t.database.db, { now: new Date(), date: today(), mailer });
    expect(again.noRecipient).toBeGreaterThanOrEqual(1);
    expect(await outboxCount()).toBe(count);
    expect(mailed.length).toBe(sent);
    const written = (await lawManager.post('/api/reminders/case', { caseId: kase })).json().written as Json[];
    expect(written).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          key: 'passportExpiry',
          status: 'missing',
          roleName: expect.any(String),
          recipient: null,
        }),
        expect.objectContaining({
          key: 'visaExpiry',
          status: 'email',
          recipient: { name: 'Lena Berg', email: 'lena.berg@example.test' },
          emailed: true,
        }),
        expect.objectContaining({
          key: 'passportExpiry',
          status: 'user',
          recipient: { name: 'Priya Patel', email: DEMO.lawPetitioner },
        }),
      ]),
    );
  });

  it('issue 34: POST /api/reminders/case lists the next 60 days of one case and who receives each, a missing recipient said so', async () => {
    const res = await lawManager.post('/api/reminders/case', { caseId: kase });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ caseId: kase, from: today(), to: addDays(today(), 59) });
    const passport = body.list.find((r: Json) => r.key === 'passportExpiry');
    expect(passport).toMatchObject({
      dateKey: 'passportExpiry',
      dateLabel: 'Passport expiry',
      field: 'beneficiary.passportExpiry',
      dueOn: today(),
      title: 'Expiry of Passport',
    });
    expect(passport.recipients).toEqual([
      {
        roleId: 50,
        roleName: expect.any(String),
        status: 'users',
        recipients: [{ userId: expect.any(String), name: 'Priya Patel', email: DEMO.lawPetitioner }],
      },
      { roleId: 51, roleName: expect.any(String), status: 'missing', recipients: [] },
    ]);
    const visa = body.list.find((r: Json) => r.key === 'visaExpiry');
    expect(visa.field).toBe('fact.visaExpiry');
    expect(visa.recipients[1]).toMatchObject({
      roleId: 11,
      status: 'email',
      recipients: [{ userId: null, name: 'Lena Berg', email: 'lena.berg@example.test' }],
    });
    // A fact moved out of the window leaves the list.
    await setFacts(t, kase, { visaExpiry: addDays(today(), 200) });
    const later = (await lawManager.post('/api/reminders/case', { caseId: kase })).json();
    expect(later.list.some((r: Json) => r.key === 'visaExpiry')).toBe(false);
  });

  it('issue 34: another tenant’s case is not found; role 50 and bad bodies are refused', async () => {
    expect((await otherAdmin.post('/api/reminders/case', { caseId: kase })).statusCode).toBe(404);
    expect((await lawAdmin.post('/api/reminders/case', { caseId: otherCaseId })).statusCode).toBe(404);
    expect((await lawPetitioner.post('/api/reminders/case', { caseId: kase })).statusCode).toBe(403);
    expect((await lawAdmin.post('/api/reminders/case', { caseId: 'nope' })).statusCode).toBe(400);
    expect((await lawAdmin.post('/api/reminders/case', { caseId: kase, extra: 1 })).statusCode).toBe(400);
  });
});
