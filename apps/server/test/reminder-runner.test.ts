import { defaultGlobalConfig } from '@caseport/domain/reminders/contracts';
import { addDays, timeZoneNameOf } from '@caseport/domain/reminders/engine';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReminders } from '../src/features/reminders/runner';
import { smtpMailer } from '../src/platform/mail';
import { signIn } from './support/calls';
import { insertCaseWith, setPersonDates, userIdOf } from './support/case-records';
import { startSmtp } from './support/smtp';
import { createTestApp, DEMO, type TestApp } from './support/test-app';

/**
 * Issue 35 item 4: the runner's real path. 'Today' is the tenant's calendar day in its own time zone (New York),
 * read from the instant the run starts; a reminder due on day D fires on D only; the hourly run catches up a day
 * it missed, once; and its e-mail crosses a real SMTP server (started here) to exactly the people it names.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let petitionerId: string;
const FROM = 'reminders@caseport.test';

const config = defaultGlobalConfig(1);
/** An instant given as New York wall time in winter (EST, UTC-5). */
const newYork = (day: string, time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return new Date(Date.parse(`${day}T00:00:00Z`) + ((h + 5) * 60 + m) * 60_000);
};

/** A case of the firm whose beneficiary's passport expires 45 days after `day`, its petitioner contact linked. */
const caseDueOn = async (day: string, familyName: string) => {
  const made = await insertCaseWith(t, t.tenants.lawfirm, {
    petitionerId,
    beneficiary: { givenName: 'Mia', familyName },
    accounts: [{ userId: petitionerId, roleId: 50 }],
  });
  await setPersonDates(t, made.beneficiaryId as string, { passportExpiry: addDays(day, 45) });
  const number = (
    await t.database.db.execute<{ case_number: string }>(sql`select case_number from cases where id = ${made.caseId}`)
  ).rows[0]?.case_number as string;
  return { caseId: made.caseId, number };
};

const outboxOf = async (caseId: string) =>
  (
    await t.database.db.execute<{
      status: string;
      due_on: string;
      user_id: string | null;
      missing_role: number | null;
    }>(
      sql`select status, due_on::text as due_on, user_id, missing_role from reminders_outbox
        where case_id = ${caseId} order by status, missing_role`,
    )
  ).rows;

const run = (now: Date, catchUp = false) =>
  runReminders(t.database.db, {
    now,
    catchUp,
    mailer: smtpMailer(smtp.url, FROM),
    publicUrl: 'https://portal.example.test',
  });

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtp();
  const [lawAdmin] = await signIn(t, 'lawAdmin');
  petitionerId = await userIdOf(t, DEMO.lawPetitioner);
  // Passport: the petitioner contact (50) and the sponsor (51, whom these cases lack), 45 days before expiry.
  const c = structuredClone(config) as unknown as Record<string, unknown> & { reminders: Record<string, unknown> };
  c.reminders.passportExpiry = { whoWillSendReminder: [50, 51], config: [{ days: 45 }] };
  const saved = await lawAdmin.post('/api/global-config/update', { config: c });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await smtp?.close();
  await t.close();
});

describe('the reminder runner (issue 35 item 4)', () => {
  it('issue 35: a reminder due on D fires on D in the tenant’s zone (also at 23:30 in New York, already D+1 in UTC), not on D-1 or D+1, and its e-mail reaches exactly the petitioner contact over SMTP', async () => {
    expect(timeZoneNameOf(config.tenantDefaultTZ)).toBe('America/New_York');
    const D = '2031-01-15';
    const kase = await caseDueOn(D, 'Kato');

    await run(newYork(addDays(D, -1), '12:00'));
    await run(newYork(addDays(D, 1), '12:00'));
    expect(await outboxOf(kase.caseId)).toEqual([]);
    expect(smtp.received).toEqual([]);

    // 23:30 on D in New York is 04:30 on D+1 in UTC: the tenant's day is still D.
    const at = newYork(D, '23:30');
    expect(at.toISOString()).toBe(`${addDays(D, 1)}T04:30:00.000Z`);
    const result = await run(at);
    expect(result.written).toBe(1);
    expect(await outboxOf(kase.caseId)).toEqual([
      { status: 'missing', due_on: D, user_id: null, missing_role: 51 },
      { status: 'user', due_on: D, user_id: petitionerId, missing_role: null },
    ]);
    expect(smtp.received).toEqual([
      {
        envelopeTo: [DEMO.lawPetitioner],
        from: FROM,
        subject: `Reminder: Expiry of Passport · case ${kase.number}`,
        text: expect.stringContaining(`A reminder of case ${kase.number} is due today: Expiry of Passport.`),
      },
    ]);
    // Issue 35 item 5: the recipient's own name, the case number and the link; never the beneficiary's dates.
    const text = (smtp.received[0] as { text: string }).text;
    expect(text).toMatch(/^Hello \S/);
    expect(text).toContain(`https://portal.example.test/my-cases/${kase.caseId}`);
    expect(text).not.toContain(addDays(D, 45));
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // The same day again, from a second process or the next hour: nothing more written or sent.
    expect((await run(newYork(D, '23:45'))).written).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('issue 35: a run missed overnight catches up the day it missed, once', async () => {
    smtp.received.length = 0;
    const D = '2031-02-10';
    const kase = await caseDueOn(D, 'Sato');
    // The server was down all of D; the first hourly run of D+1 also runs D (catch-up), and sends it once.
    const first = await run(newYork(addDays(D, 1), '09:00'), true);
    expect(first.written).toBe(1);
    expect((await outboxOf(kase.caseId)).filter((r) => r.status === 'user')).toEqual([
      { status: 'user', due_on: D, user_id: petitionerId, missing_role: null },
    ]);
    expect(smtp.received.map((m) => [m.envelopeTo, m.subject])).toEqual([
      [[DEMO.lawPetitioner], `Reminder: Expiry of Passport · case ${kase.number}`],
    ]);
    // The next hours of D+1, and D+2 (whose yesterday is D+1): nothing again.
    expect((await run(newYork(addDays(D, 1), '10:00'), true)).written).toBe(0);
    expect((await run(newYork(addDays(D, 2), '09:00'), true)).written).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });
});
