import { randomUUID } from 'node:crypto';
import { inSystemTx, schema } from '@caseport/db/client';
import { CARD_MESSAGES } from '@caseport/domain/billing/cards';
import { CHANGE_MESSAGES, INVOICE_PAY_MESSAGES } from '@caseport/domain/billing/proration';
import { addDays } from '@caseport/domain/reminders/engine';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxProvider } from '../src/features/payments-sandbox/sandbox';
import type { ChargeInput } from '../src/platform/payments';
import { tenantDay } from '../src/platform/tenant-day';
import { signIn } from './support/calls';
import { pdfText } from './support/pdf-text';
import { type Caller, createTestApp, DEMO, type TestApp } from './support/test-app';

/**
 * Issue 38 finding 1: a plan change asks first (the preview is what subscribe charges, prorated for the rest of the
 * period, or the change at renewal), invoices carry list price, discount, credit, tax and total, and an unpaid
 * invoice past its due date is Overdue and can be paid with Pay now on the card on file.
 */
let t: TestApp;
let lawAdmin: Caller;
let lawManager: Caller;
let otherAdmin: Caller;
let coSignatory: Caller;
let today: string;

const PREVIEW = '/api/subscription/preview-change';
const SUBSCRIBE = '/api/subscription/subscribe';
const PAY = '/api/invoices/pay';
const LIST = '/api/invoices/list';
const charges: ChargeInput[] = [];

const auditCount = async () =>
  (await t.database.db.execute<{ n: number }>(sql`select count(*)::int n from audit_log`)).rows[0]!.n;

/** The law firm on Professional (monthly) for a 30-day period of which 20 days are left today. */
const setPeriod = async () => {
  const subscription = {
    planId: 'professional',
    name: 'Professional',
    interval: 'month',
    couponCode: null,
    percentOff: 0,
    startedOn: addDays(today, -10),
    renewsOn: addDays(today, 20),
  };
  await t.database.db.execute(
    sql`update tenants set subscription_plan = 'professional', subscription = ${JSON.stringify(subscription)}::jsonb where id = ${t.tenants.lawfirm}`,
  );
  return subscription;
};

/** Two unpaid invoices of the law firm: one due five days ago (overdue), one due in five days. */
const invoiceIds = { overdue: '', notDue: '' };

beforeAll(async () => {
  const sandbox = createSandboxProvider(() => new Date());
  const charge = sandbox.charge;
  sandbox.charge = (input) => {
    charges.push(input);
    return charge(input);
  };
  t = await createTestApp({ payments: sandbox });
  [lawAdmin, lawManager, otherAdmin, coSignatory] = await signIn(
    t,
    'lawAdmin',
    'lawManager',
    'otherAdmin',
    'coSignatory',
  );
  today = await tenantDay(t.database.db, t.tenants.lawfirm, new Date());
  await inSystemTx(t.database.db, async (tx) => {
    const base = {
      tenantId: t.tenants.lawfirm,
      subscriberEmail: DEMO.lawAdmin,
      planName: 'Professional',
      totalCents: 19_900,
      listCents: 19_900,
      currency: 'USD',
      statusId: 1,
      paidOn: null,
    };
    const rows = await tx
      .insert(schema.invoices)
      .values([
        {
          ...base,
          refId: 'INV-1999-0001',
          periodStart: addDays(today, -20),
          periodEnd: addDays(today, 9),
          dueDate: addDays(today, -5),
        },
        {
          ...base,
          refId: 'INV-1999-0002',
          periodStart: addDays(today, 10),
          periodEnd: addDays(today, 39),
          dueDate: addDays(today, 5),
        },
      ])
      .returning({ id: schema.invoices.id });
    invoiceIds.overdue = rows[0]!.id;
    invoiceIds.notDue = rows[1]!.id;
  });
});
afterAll(() => t.close());

describe('issue 38 finding 1: a plan change asks first and is prorated', () => {
  it('the preview answers what will be charged now and from when, and changes nothing', async () => {
    await setPeriod();
    const before = await auditCount();
    const chargesBefore = charges.length;
    const res = await lawAdmin.post(PREVIEW, { planId: 'enterprise', interval: 'month', couponCode: 'welcome10' });
    expect(res.statusCode, res.body).toBe(200);
    // 20 of 30 days: list 499.00 * 20/30 = 332.67; 10 % off = 33.27; credit 199.00 * 20/30 = 132.67.
    expect(res.json()).toMatchObject({
      planId: 'enterprise',
      couponCode: 'WELCOME10',
      when: 'now',
      effectiveOn: today,
      periodStart: today,
      periodEnd: addDays(today, 19),
      renewsOn: addDays(today, 20),
      planListAmount: 499,
      days: 20,
      periodDays: 30,
      listAmount: 332.67,
      discountAmount: 33.27,
      creditAmount: 132.67,
      creditDays: 20,
      taxAmount: 0,
      totalAmount: 166.73,
      dueNow: 166.73,
    });
    expect(res.json().summary).toMatch(
      /^\$166\.73 will be charged to your card now for Enterprise \(monthly\) for 20 of 30 days/,
    );
    expect(await auditCount()).toBe(before);
    expect(charges.length).toBe(chargesBefore);
  });

  it('subscribe charges exactly the preview, once, and its invoice (list and PDF) shows list price, discount, credit, tax 0.00 and total', async () => {
    const preview = (
      await lawAdmin.post(PREVIEW, { planId: 'enterprise', interval: 'month', couponCode: 'WELCOME10' })
    ).json();
    const chargesBefore = charges.length;
    const idempotencyKey = randomUUID();
    const body = {
      planId: 'enterprise',
      interval: 'month',
      couponCode: 'WELCOME10',
      idempotencyKey,
      expectedDueNow: preview.dueNow,
    };
    const res = await lawAdmin.post(SUBSCRIBE, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(charges.length).toBe(chargesBefore + 1);
    expect(charges.at(-1)?.amountCents).toBe(Math.round(preview.dueNow * 100));
    const invoice = res.json().invoice;
    expect(invoice).toMatchObject({
      listAmount: preview.listAmount,
      discountAmount: preview.discountAmount,
      couponCode: 'WELCOME10',
      creditAmount: preview.creditAmount,
      taxAmount: 0,
      totalAmount: preview.dueNow,
      statusId: 2,
      isOverdue: false,
    });
    // The period is kept: the renewal date stays, the plan is Enterprise from today.
    expect(res.json().subscription).toMatchObject({
      planId: 'enterprise',
      startedOn: addDays(today, -10),
      renewsOn: addDays(today, 20),
    });
    // The same action again: the first answer, no second charge; the same plan again: 409 (one per period).
    expect((await lawAdmin.post(SUBSCRIBE, body)).json().invoice.refId).toBe(invoice.refId);
    const twice = await lawAdmin.post(SUBSCRIBE, { ...body, idempotencyKey: randomUUID(), couponCode: undefined });
    expect(twice.statusCode).toBe(409);
    expect(charges.length).toBe(chargesBefore + 1);

    const listed = (await lawAdmin.post(LIST, { filters: { title: invoice.refId } })).json().list[0];
    expect(listed).toMatchObject({ listAmount: 332.67, discountAmount: 33.27, creditAmount: 132.67, taxAmount: 0 });
    const pdf = await lawAdmin.get(invoice.document);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Enterprise plan');
    expect(text).toContain('List price $499.00 USD a month, prorated for 20 of 30 days');
    expect(text).toContain('$332.67 USD');
    expect(text).toContain('Discount (coupon WELCOME10)');
    expect(text).toContain('-$33.27 USD');
    expect(text).toContain('Credit for unused time');
    expect(text).toContain('-$132.67 USD');
    expect(text).toMatch(/Tax.*\$0\.00 USD/);
    expect(text).toContain('Total $166.73 USD');
  });

  it('an amount other than the one shown is refused (409) and nothing is charged', async () => {
    await setPeriod();
    const chargesBefore = charges.length;
    const res = await lawAdmin.post(SUBSCRIBE, {
      planId: 'enterprise',
      interval: 'month',
      idempotencyKey: randomUUID(),
      expectedDueNow: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: CHANGE_MESSAGES.amountChanged, fields: [{ name: 'expectedDueNow' }] });
    expect(charges.length).toBe(chargesBefore);
  });

  it('another interval starts a new period today, less the unused days; the preview equals the charge', async () => {
    await setPeriod();
    const preview = (await lawAdmin.post(PREVIEW, { planId: 'professional', interval: 'year' })).json();
    expect(preview).toMatchObject({ when: 'now', periodStart: today, listAmount: 1990, creditAmount: 132.67 });
    expect(preview.dueNow).toBe(1857.33);
    const chargesBefore = charges.length;
    const res = await lawAdmin.post(SUBSCRIBE, {
      planId: 'professional',
      interval: 'year',
      idempotencyKey: randomUUID(),
      expectedDueNow: preview.dueNow,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(charges.slice(chargesBefore).map((c) => c.amountCents)).toEqual([185_733]);
    expect(res.json().subscription).toMatchObject({ startedOn: today, renewsOn: preview.renewsOn });
  });

  it('a cheaper plan charges nothing now and changes at renewal, stated; a coupon is refused for it', async () => {
    const period = await setPeriod();
    const preview = await lawAdmin.post(PREVIEW, { planId: 'starter', interval: 'month' });
    expect(preview.json()).toMatchObject({ when: 'renewal', effectiveOn: period.renewsOn, dueNow: 0, totalAmount: 99 });
    expect(preview.json().summary).toMatch(/^Nothing is charged now\. Your plan changes to Starter \(monthly\) on /);
    const withCoupon = await lawAdmin.post(PREVIEW, {
      planId: 'starter',
      interval: 'month',
      couponCode: 'IMMIGRATION25',
    });
    expect(withCoupon.statusCode).toBe(400);
    expect(withCoupon.json()).toMatchObject({
      message: CHANGE_MESSAGES.couponAtRenewal,
      fields: [{ name: 'couponCode' }],
    });
    const chargesBefore = charges.length;
    const res = await lawAdmin.post(SUBSCRIBE, {
      planId: 'starter',
      interval: 'month',
      idempotencyKey: randomUUID(),
      expectedDueNow: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invoice).toBeNull();
    expect(charges.length).toBe(chargesBefore);
    const selected = await lawAdmin.post('/api/billing/selected-plan', {
      subscriber: { name: 'A', email: DEMO.lawAdmin },
      plans: [],
      serviceTypeId: 1,
      methodTypeId: 1,
      today,
      timezone: 'UTC',
    });
    expect(selected.json().plan).toMatchObject({
      code: 'professional',
      pendingChange: { planId: 'starter', effectiveOn: period.renewsOn },
    });
    // Asking for the same change again is 409; from the renewal date the plan is Starter.
    expect(
      (await lawAdmin.post(SUBSCRIBE, { planId: 'starter', interval: 'month', idempotencyKey: randomUUID() }))
        .statusCode,
    ).toBe(409);
  });

  it('a role without billing rights gets 403 on the preview (role 4 reads billing, role 12 has no tab)', async () => {
    for (const caller of [lawManager, coSignatory]) {
      expect((await caller.post(PREVIEW, { planId: 'enterprise', interval: 'month' })).statusCode).toBe(403);
    }
  });
});

describe('issue 38 finding 1: overdue invoices and Pay now', () => {
  it("an unpaid invoice past its due date (the tenant's day) is listed as overdue; one not yet due is not", async () => {
    const list = (await lawAdmin.post(LIST, { filters: { title: 'INV-1999' } })).json().list as {
      refId: string;
      isOverdue: boolean;
      statusId: number;
    }[];
    expect(list.map((i) => [i.refId, i.statusId, i.isOverdue]).sort()).toEqual([
      ['INV-1999-0001', 1, true],
      ['INV-1999-0002', 1, false],
    ]);
    const pdf = await pdfText(
      (await lawAdmin.get(`/api/payments/viewfile?invoiceId=${invoiceIds.overdue}`)).rawPayload,
    );
    expect(pdf).toContain('Pending (Overdue)');
    expect(pdf).toContain('Discount');
    expect(pdf).toMatch(/Tax.*\$0\.00 USD/);
  });

  it("another tenant's invoice id is 404 and nothing is charged; a role without billing rights is 403", async () => {
    const chargesBefore = charges.length;
    const other = await otherAdmin.post(PAY, { invoiceId: invoiceIds.overdue, idempotencyKey: randomUUID() });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'NOT_FOUND' });
    for (const caller of [lawManager, coSignatory]) {
      expect((await caller.post(PAY, { invoiceId: invoiceIds.overdue, idempotencyKey: randomUUID() })).statusCode).toBe(
        403,
      );
    }
    expect(charges.length).toBe(chargesBefore);
    const bad = await lawAdmin.post(PAY, { invoiceId: 'not-a-uuid', idempotencyKey: randomUUID() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ name: 'invoiceId' }] });
  });

  it('a declined card leaves the invoice unpaid with a clear message (402), nothing audited', async () => {
    const token = (
      await lawAdmin.post('/api/payments-sandbox/tokens', {
        number: '4000 0000 0000 0341',
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 2,
        cvc: '123',
      })
    ).json().id;
    expect((await lawAdmin.post('/api/subscription/attach-payment-method', { token })).statusCode).toBe(200);
    const before = await auditCount();
    const res = await lawAdmin.post(PAY, { invoiceId: invoiceIds.overdue, idempotencyKey: randomUUID() });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_FAILED', message: INVOICE_PAY_MESSAGES.declined });
    expect(await auditCount()).toBe(before);
    const row = (await lawAdmin.post(LIST, { filters: { title: 'INV-1999-0001' } })).json().list[0];
    expect(row).toMatchObject({ statusId: 1, isOverdue: true, paidOn: null });
  });

  it('Pay now charges the card on file the invoice total once, audited; a retry answers the same, a second payment is 409', async () => {
    const token = (
      await lawAdmin.post('/api/payments-sandbox/tokens', {
        number: '4242 4242 4242 4242',
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 2,
        cvc: '123',
      })
    ).json().id;
    expect((await lawAdmin.post('/api/subscription/attach-payment-method', { token })).statusCode).toBe(200);
    const before = await auditCount();
    const chargesBefore = charges.length;
    const idempotencyKey = randomUUID();
    const res = await lawAdmin.post(PAY, { invoiceId: invoiceIds.overdue, idempotencyKey });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: INVOICE_PAY_MESSAGES.paid('INV-1999-0001'),
      invoice: { statusId: 2, isOverdue: false, statusDetails: { name: 'Paid' } },
    });
    expect(charges.slice(chargesBefore).map((c) => [c.amountCents, c.token])).toEqual([[19_900, token]]);
    expect(await auditCount()).toBe(before + 1);
    const audit = await t.database.db.execute<{ entity: string; action: string; entity_id: string }>(
      sql`select entity, action, entity_id from audit_log order by id desc limit 1`,
    );
    expect(audit.rows[0]).toMatchObject({ entity: 'invoice', action: 'update', entity_id: invoiceIds.overdue });
    // The same click retried: the first answer, no charge. Another click: already paid.
    const retry = await lawAdmin.post(PAY, { invoiceId: invoiceIds.overdue, idempotencyKey });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().invoice._id).toBe(invoiceIds.overdue);
    const again = await lawAdmin.post(PAY, { invoiceId: invoiceIds.overdue, idempotencyKey: randomUUID() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: INVOICE_PAY_MESSAGES.alreadyPaid, fields: [{ name: 'invoiceId' }] });
    expect(charges.length).toBe(chargesBefore + 1);
    // Concurrent clicks on the other invoice: one charge.
    const all = await Promise.all(
      Array.from({ length: 5 }, () =>
        lawAdmin.post(PAY, { invoiceId: invoiceIds.notDue, idempotencyKey: randomUUID() }),
      ),
    );
    expect(all.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(charges.length).toBe(chargesBefore + 2);
  });

  it('without a card on file Pay now is refused and the invoice stays unpaid', async () => {
    await inSystemTx(t.database.db, async (tx) => {
      await tx.insert(schema.invoices).values({
        tenantId: t.tenants.otherfirm,
        subscriberEmail: DEMO.otherAdmin,
        refId: 'INV-1999-0009',
        planName: 'Professional',
        periodStart: today,
        periodEnd: today,
        totalCents: 100,
        listCents: 100,
        statusId: 1,
        dueDate: addDays(today, -1),
      });
    });
    const id = (await otherAdmin.post(LIST, { filters: { title: 'INV-1999-0009' } })).json().list[0]._id;
    // The other firm is the demo's: a held tenant's role 3 may still pay, so only the card is missing here.
    await t.database.db.execute(
      sql`update tenants set card_token = null, card = null where id = ${t.tenants.otherfirm}`,
    );
    const res = await otherAdmin.post(PAY, { invoiceId: id, idempotencyKey: randomUUID() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: CARD_MESSAGES.noCard, fields: [{ name: 'card' }] });
  });
});
