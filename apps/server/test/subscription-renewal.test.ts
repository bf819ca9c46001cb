import { randomUUID } from 'node:crypto';
import { renewalDate, type Subscription } from '@caseport/domain/billing/plans';
import { addDays } from '@caseport/domain/reminders/engine';
import { dayIn } from '@caseport/domain/tenants/tenant-day';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runRenewals } from '../src/features/billing/renewal';
import { createSandboxProvider } from '../src/features/payments-sandbox/sandbox';
import type { ChargeInput, SandboxProvider } from '../src/platform/payments';
import { tenantDay } from '../src/platform/tenant-day';
import { sandboxToken, selectedPlanBody } from './support/calls';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';

/**
 * Issue 38 finding 1: subscriptions renew. On the renewal date (the tenant's day) the run invoices the next period
 * of the plan in effect then (a change at renewal's), charges the card on file once per tenant and period, and moves
 * the period on; a decline leaves the invoice pending (overdue the next day, Pay now settles it).
 */
let t: TestApp;
let sandbox: SandboxProvider;
const charges: ChargeInput[] = [];
const NEW_YORK = 'America/New_York';

/** Now on the test app's clock (moved by t.advance). */
let offset = 0;
const now = () => new Date(Date.now() + offset);
const run = (at = now()) => runRenewals(t.database.db, sandbox, at);

const monthly = (planId: Subscription['planId'], name: string, renewsOn: string): Subscription => ({
  planId,
  name,
  interval: 'month',
  couponCode: null,
  percentOff: 0,
  startedOn: addDays(renewsOn, -30),
  renewsOn,
  pendingChange: null,
});

const setSubscription = (tenantId: string, sub: Subscription) =>
  t.database.db.execute(
    sql`update tenants set subscription_plan = ${sub.planId}, subscription = ${JSON.stringify(sub)}::jsonb where id = ${tenantId}`,
  );

const stateOf = async (tenantId: string) => {
  const r = await t.database.db.execute<{ plan: string; subscription: Subscription }>(
    sql`select subscription_plan plan, subscription from tenants where id = ${tenantId}`,
  );
  return r.rows[0]!;
};

const invoicesOf = async (tenantId: string) =>
  (
    await t.database.db.execute<{
      id: string;
      ref_id: string;
      plan_name: string;
      period_start: string;
      period_end: string;
      total_cents: number;
      list_cents: number;
      discount_cents: number;
      coupon_code: string | null;
      status_id: number;
      due_date: string;
      paid_on: Date | null;
    }>(sql`select id, ref_id, plan_name, period_start::text, period_end::text, total_cents, list_cents, discount_cents,
      coupon_code, status_id, due_date::text, paid_on from invoices where tenant_id = ${tenantId} order by created_on, ref_id`)
  ).rows;

/** A tenant's dates in `zone` (its global configuration names no zone of its own here). */
const setZone = async (tenantId: string, zone: string) => {
  await t.database.db.execute(sql`update tenants set timezone = ${zone} where id = ${tenantId}`);
  await t.database.db.execute(
    sql`update global_configs set config = config - 'tenantDefaultTZ' where tenant_id = ${tenantId}`,
  );
};

const selectedPlan = async (caller: Caller, email: string) =>
  (await caller.post('/api/billing/selected-plan', selectedPlanBody(email))).json().plan;

/** Nothing is due anywhere (the seed's renewal dates depend on when its template was made): each test sets its own. */
const parkAll = () =>
  t.database.db.execute(
    sql`update tenants set subscription = jsonb_set(subscription, '{renewsOn}', '"2999-01-01"') where subscription is not null`,
  );

const chargesFor = (tenantId: string) => charges.filter((c) => c.idempotencyKey.startsWith(`${tenantId}:renewal:`));

beforeAll(async () => {
  sandbox = createSandboxProvider(() => now());
  const charge = sandbox.charge;
  sandbox.charge = (input) => {
    charges.push(input);
    return charge(input);
  };
  t = await createTestApp({ payments: sandbox });
  for (const id of Object.values(t.tenants)) await setZone(id, NEW_YORK);
}, 60_000);
afterAll(() => t.close());
beforeEach(() => parkAll());

describe('issue 38 finding 1: the renewal run', () => {
  it('a due subscription renews once: two runs at once and a third make one paid invoice and one charge; the others are untouched', async () => {
    const law = t.tenants.lawfirm;
    const today = await tenantDay(t.database.db, law, now());
    await setSubscription(law, { ...monthly('professional', 'Professional', today), couponCode: 'X', percentOff: 10 });
    // Another tenant renews tomorrow (its day): not due; a third is not looked at.
    const notDue = monthly('starter', 'Starter', addDays(today, 1));
    await setSubscription(t.tenants.petitioner, notDue);
    const otherBefore = { state: await stateOf(t.tenants.otherfirm), invoices: await invoicesOf(t.tenants.otherfirm) };
    const before = (await invoicesOf(law)).length;

    const [a, b] = await Promise.all([run(), run()]);
    const c = await run();
    expect(a.renewed + b.renewed + c.renewed).toBe(1);
    const invoices = await invoicesOf(law);
    expect(invoices.length).toBe(before + 1);
    const renewal = invoices.at(-1)!;
    const year = today.slice(0, 4);
    expect(renewal).toMatchObject({
      plan_name: 'Professional',
      period_start: today,
      period_end: addDays(renewalDate(today, 'month'), -1),
      total_cents: 19_900,
      list_cents: 19_900,
      discount_cents: 0,
      coupon_code: null,
      status_id: 2,
      due_date: today,
    });
    expect(renewal.ref_id.startsWith(`INV-${year}-`)).toBe(true);
    expect(chargesFor(law)).toEqual([
      expect.objectContaining({ amountCents: 19_900, idempotencyKey: `${law}:renewal:professional:month:${today}` }),
    ]);
    expect((await stateOf(law)).subscription).toEqual({
      planId: 'professional',
      name: 'Professional',
      interval: 'month',
      couponCode: null,
      percentOff: 0,
      startedOn: today,
      renewsOn: renewalDate(today, 'month'),
      pendingChange: null,
    });
    // Audited as the system: no user, no role, the tenant's row.
    const audit = await t.database.db.execute<{ user_id: string | null; role_id: number | null; after: object }>(
      sql`select user_id, role_id, after from audit_log where tenant_id = ${law} and entity = 'subscription' and action = 'renew'`,
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ user_id: null, role_id: null, after: { invoice: renewal.ref_id } });

    expect((await stateOf(t.tenants.petitioner)).subscription).toEqual(notDue);
    expect(chargesFor(t.tenants.petitioner)).toEqual([]);
    expect(await stateOf(t.tenants.otherfirm)).toEqual(otherBefore.state);
    expect(await invoicesOf(t.tenants.otherfirm)).toEqual(otherBefore.invoices);

    // The plan card reads the next renewal: the same plan, its whole price, a month on.
    const admin = await login(t, DEMO.lawAdmin);
    const plan = await selectedPlan(admin, DEMO.lawAdmin);
    expect(plan.renewal).toEqual({
      on: renewalDate(today, 'month'),
      planId: 'professional',
      name: 'Professional',
      interval: 'month',
      amount: 199,
    });
  });

  it('a change at renewal becomes the plan: the cheaper plan is invoiced and charged at its price', async () => {
    const other = t.tenants.otherfirm;
    const today = await tenantDay(t.database.db, other, now());
    await setSubscription(other, {
      ...monthly('enterprise', 'Enterprise', today),
      pendingChange: { planId: 'starter', name: 'Starter', interval: 'month', effectiveOn: today },
    });
    const admin = await login(t, DEMO.otherAdmin);
    // What the plan card says before the run is what the run charges.
    expect(await selectedPlan(admin, DEMO.otherAdmin)).toMatchObject({
      code: 'starter',
      renewal: { on: renewalDate(today, 'month'), planId: 'starter', amount: 99 },
    });
    expect((await run()).renewed).toBe(1);
    const renewal = (await invoicesOf(other)).at(-1)!;
    expect(renewal).toMatchObject({ plan_name: 'Starter', period_start: today, total_cents: 9_900, status_id: 2 });
    expect(chargesFor(other).at(-1)).toMatchObject({ amountCents: 9_900 });
    const state = await stateOf(other);
    expect(state.plan).toBe('starter');
    expect(state.subscription).toMatchObject({
      planId: 'starter',
      startedOn: today,
      renewsOn: renewalDate(today, 'month'),
      pendingChange: null,
    });
    expect((await run()).renewed).toBe(0);
  });

  it("the tenant's day decides: at 23:30 in New York a renewal dated the UTC day waits, one dated the firm's day renews", async () => {
    const clock = new Intl.DateTimeFormat('en-GB', { timeZone: NEW_YORK, hour: '2-digit', minute: '2-digit' });
    let at = Math.ceil(Date.now() / 1_800_000) * 1_800_000 + 86_400_000;
    while (clock.format(new Date(at)) !== '23:30') at += 1_800_000;
    const instant = new Date(at);
    const firmDay = dayIn(instant, NEW_YORK);
    const serverDay = instant.toISOString().slice(0, 10);
    expect(serverDay).toBe(addDays(firmDay, 1));
    const firm = t.tenants.newfirm;
    const utcTenant = t.tenants.newpetitioner;
    await setZone(utcTenant, 'UTC');
    await setSubscription(firm, monthly('starter', 'Starter', serverDay));
    await setSubscription(utcTenant, monthly('starter', 'Starter', serverDay));
    const result = await run(instant);
    expect(result.renewed).toBe(1);
    expect((await stateOf(firm)).subscription.renewsOn).toBe(serverDay);
    expect((await stateOf(utcTenant)).subscription.renewsOn).toBe(renewalDate(serverDay, 'month'));
    await setSubscription(firm, monthly('starter', 'Starter', firmDay));
    expect((await run(instant)).renewed).toBe(1);
    expect((await invoicesOf(firm)).at(-1)).toMatchObject({ period_start: firmDay, due_date: firmDay });
  });

  it('a declined card leaves the invoice pending and the period moved on; the next day it is Overdue and Pay now settles it', async () => {
    const law = t.tenants.lawfirm;
    let admin = await login(t, DEMO.lawAdmin);
    const declining = await sandboxToken(admin, '4000 0000 0000 0341');
    expect((await admin.post('/api/subscription/attach-payment-method', { token: declining })).statusCode).toBe(200);
    const today = await tenantDay(t.database.db, law, now());
    await setSubscription(law, monthly('enterprise', 'Enterprise', today));
    const result = await run();
    expect(result).toMatchObject({ renewed: 1, paid: 0 });
    const renewal = (await invoicesOf(law)).at(-1)!;
    expect(renewal).toMatchObject({ period_start: today, status_id: 1, due_date: today, paid_on: null });
    expect((await stateOf(law)).subscription.renewsOn).toBe(renewalDate(today, 'month'));
    const listed = async () =>
      (await admin.post('/api/invoices/list', { filters: { title: renewal.ref_id } })).json().list[0];
    expect(await listed()).toMatchObject({ statusId: 1, isOverdue: false });
    expect((await run()).renewed).toBe(0);

    // The next day: Overdue; the firm puts a good card on file and pays.
    t.advance(86_400_000);
    offset += 86_400_000;
    admin = await login(t, DEMO.lawAdmin);
    expect(await listed()).toMatchObject({ statusId: 1, isOverdue: true });
    const good = await sandboxToken(admin, '4242 4242 4242 4242');
    expect((await admin.post('/api/subscription/attach-payment-method', { token: good })).statusCode).toBe(200);
    const paid = await admin.post('/api/invoices/pay', { invoiceId: renewal.id, idempotencyKey: randomUUID() });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await listed()).toMatchObject({ statusId: 2, isOverdue: false });
  });

  it('no card: the invoice is pending, nothing is charged, the period moves on', async () => {
    const pet = t.tenants.petitioner;
    await t.database.db.execute(sql`update tenants set card_token = null, card = null where id = ${pet}`);
    const today = await tenantDay(t.database.db, pet, now());
    await setSubscription(pet, monthly('starter', 'Starter', today));
    const chargesBefore = chargesFor(pet).length;
    expect(await run()).toMatchObject({ renewed: 1, paid: 0 });
    expect(chargesFor(pet).length).toBe(chargesBefore);
    expect((await invoicesOf(pet)).at(-1)).toMatchObject({ status_id: 1, total_cents: 9_900, due_date: today });
    expect((await stateOf(pet)).subscription.renewsOn).toBe(renewalDate(today, 'month'));
  });
});
