import { randomUUID } from 'node:crypto';
import { demoBilling, demoInvoiceRows } from '@caseport/db/seed/invoices';
import { formatLetterDate } from '@caseport/domain/cases/sources';
import { defaultGlobalConfig } from '@caseport/domain/reminders/contracts';
import { addDays } from '@caseport/domain/reminders/engine';
import { timezoneIdOf } from '@caseport/domain/reminders/timezones';
import { dayIn } from '@caseport/domain/tenants/tenant-day';
import { sql } from 'drizzle-orm';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_FILE, uploadFile } from './support/calls';
import { insertCaseWith } from './support/case-records';
import { newPerson } from './support/cases';
import { letterDocx } from './support/files';
import { pdfText } from './support/pdf-text';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';

/**
 * Issue 38, finding 2: one day for a tenant. At 23:30 in New York the server's (UTC) calendar is already on the
 * next day; everything the firm gets dated — its letters' {todayDate}, its subscription and invoice, a coupon's
 * last day, the "not in the future" checks of its people — is the firm's own day. Its global configuration's
 * tenantDefaultTZ decides the zone (then tenants.timezone, then UTC).
 */
const NEW_YORK = 'America/New_York';

/** The next instant, a day or two ahead, when it is 23:30 in New York (the UTC day is then one ahead). */
const nextNewYork2330 = (): Date => {
  const clock = new Intl.DateTimeFormat('en-GB', { timeZone: NEW_YORK, hour: '2-digit', minute: '2-digit' });
  const start = Math.ceil(Date.now() / 1_800_000) * 1_800_000 + 86_400_000;
  for (let at = start; ; at += 1_800_000) if (clock.format(new Date(at)) === '23:30') return new Date(at);
};

/** The law firm's global configuration (made here if it has none) with `zone` as its tenantDefaultTZ. */
const configureZone = (zone: string) => {
  const tz = timezoneIdOf(zone);
  return t.database.db.execute(sql`insert into global_configs (tenant_id, config)
    values (${t.tenants.lawfirm}, ${JSON.stringify({ ...defaultGlobalConfig(1), tenantDefaultTZ: tz })}::jsonb)
    on conflict (tenant_id) do update set config = jsonb_set(global_configs.config, '{tenantDefaultTZ}', ${String(tz)}::jsonb)`);
};

let t: TestApp;
let admin: Caller;
let at: Date;
let firmDay: string;
let serverDay: string;

beforeAll(async () => {
  t = await createTestApp();
  at = nextNewYork2330();
  // Before signing in: a session is made on the server's clock, which now reads 23:30 in New York.
  t.advance(at.getTime() - Date.now());
  firmDay = dayIn(at, NEW_YORK);
  serverDay = at.toISOString().slice(0, 10);
  admin = await login(t, DEMO.lawAdmin);
  // The demo law firm works in New York: its configuration's zone and its own.
  await t.database.db.execute(sql`update tenants set timezone = ${NEW_YORK} where id = ${t.tenants.lawfirm}`);
  await configureZone(NEW_YORK);
}, 60_000);
afterAll(() => t.close());

const fillTodayDate = async () => {
  const path = (
    await uploadFile(
      t,
      admin,
      { purpose: 'word', ...PRIVATE_FILE },
      { name: 'Dated.docx', data: letterDocx(['Date: {todayDate}']) },
    )
  ).path;
  const created = await admin.post('/api/form-letter/create', {
    name: `Dated ${randomUUID().slice(0, 8)}`,
    type: 'Letter',
    templateId: path,
  });
  expect(created.statusCode, created.body).toBe(200);
  const { caseId } = await insertCaseWith(t, t.tenants.lawfirm, {
    beneficiary: { givenName: 'Dana', familyName: 'Day' },
  });
  const res = await admin.post('/api/form-letter/fill', {
    formAndLetterId: created.json().item._id,
    caseId,
    anyway: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  const file = await admin.get(`/api/common/viewfile?path=${encodeURIComponent(res.json().document.path)}`);
  return new PizZip(file.rawPayload).file('word/document.xml')!.asText();
};

describe('issue 38, finding 2: the tenant’s day, at 23:30 in New York', () => {
  it('the server’s calendar is a day ahead of the firm’s at that moment (the premise of every test below)', () => {
    expect(serverDay).toBe(addDays(firmDay, 1));
  });

  it("a letter's {todayDate} is the firm's date, not the server's", async () => {
    const xml = await fillTodayDate();
    expect(xml).toContain(`Date: ${formatLetterDate(firmDay)}`);
    expect(xml).not.toContain(formatLetterDate(serverDay));
  });

  it("the configuration's time zone (tenantDefaultTZ) decides over the tenant's own zone", async () => {
    const tokyo = 'Asia/Tokyo';
    await configureZone(tokyo);
    try {
      // At 23:30 in New York it is already the next day in Tokyo (13:30 or 12:30), as on the server.
      expect(dayIn(at, tokyo)).toBe(serverDay);
      expect(await fillTodayDate()).toContain(`Date: ${formatLetterDate(dayIn(at, tokyo))}`);
    } finally {
      await configureZone(NEW_YORK);
    }
  });

  it('a subscription starts, and its invoice is dated and printed, on the firm’s day', async () => {
    const res = await admin.post('/api/subscription/subscribe', {
      planId: 'starter',
      interval: 'month',
      idempotencyKey: randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { subscription, invoice } = res.json();
    expect(subscription.startedOn).toBe(firmDay);
    expect(invoice.refId).toMatch(new RegExp(`^INV-${firmDay.slice(0, 4)}-`));
    const pdf = await admin.get(invoice.document);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    const printed = (day: string) =>
      new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      });
    expect(text).toMatch(new RegExp(`Invoice date\\s*${printed(firmDay)}`));
    expect(text).toContain(`Paid on ${printed(firmDay)}`);
    expect(text).not.toContain(printed(serverDay));
  });

  it('a coupon is good through its last day in the firm’s zone, though the server’s day is past it', async () => {
    await t.database.db.execute(sql`insert into coupons (code, percent_off, valid_until, max_redemptions)
      values ('LASTDAY', 5, ${firmDay}, 10)`);
    const res = await admin.post('/api/subscription/validate-coupon', { couponCode: 'LASTDAY', planId: 'starter' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().percentOff).toBe(5);
  });

  it("a date of birth on the server's day is in the firm's future, and refused", async () => {
    const res = await admin.post('/api/people/create', newPerson('Tomorrow Born', { dateOfBirth: serverDay }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields.map((f: { name: string }) => f.name)).toContain('person.dateOfBirth');
    const today = await admin.post('/api/people/create', newPerson('Today Born', { dateOfBirth: firmDay }));
    expect(today.statusCode, today.body).toBe(200);
  });
});

describe("the demo's billing month is the tenant's (issue 38 finding 2)", () => {
  it('seeded at 02:00 UTC on Dec 1 (Nov 30 in New York) the subscription and the last invoice are November', () => {
    const now = new Date('2026-12-01T02:00:00Z');
    // The plan change's credit for unused days needs today inside the period: it began on Nov 1, not tomorrow.
    expect(demoBilling('lawfirm', now).subscription).toMatchObject({ startedOn: '2026-11-01', renewsOn: '2026-12-01' });
    const rows = demoInvoiceRows(randomUUID(), DEMO.lawAdmin, 2, now);
    expect(rows.map((r) => r.periodStart)).toEqual(['2026-10-01', '2026-11-01']);
    // Past midnight in New York it is December there too.
    expect(demoBilling('lawfirm', new Date('2026-12-01T06:00:00Z')).subscription.startedOn).toBe('2026-12-01');
  });
});
