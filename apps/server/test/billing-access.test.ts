import { randomUUID } from 'node:crypto';
import { BILLING_WRITE_FORBIDDEN } from '@caseport/domain/billing/access';
import { buildBillingDetails } from '@caseport/domain/billing/fixtures';
import { buildAddress } from '@caseport/domain/profile/fixtures';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';
import { addUser } from './support/users';

/*
 * Issue 39, finding 5 (SECURITY 26): the firm's client (role 50), its branch manager (4), a signatory (12) and a
 * sponsor (51) cannot change the plan, the card, the payment terms or the Billing Details of a tenant that is not
 * held; role 50 can while the tenant is held for card or plan (D-27), and not once the hold is lifted.
 */

let t: TestApp;
let lawAdmin: Caller;
const callers: Record<number, Caller> = {};
let heldPetitioner: Caller;
let heldAdmin: Caller;
let details: unknown;

const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' };

/** Everything a billing write could touch, for one tenant: its row, its invoices, the audit rows. */
const snapshot = async (tenantId: string) => {
  const row = await t.database.db.execute<{ j: string }>(
    sql`select row_to_json(x)::text j from tenants x where id = ${tenantId}`,
  );
  const invoices = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int n from invoices where tenant_id = ${tenantId}`,
  );
  const audit = await t.database.db.execute<{ n: number }>(sql`select count(*)::int n from audit_log`);
  return { row: row.rows[0]?.j, invoices: invoices.rows[0]?.n, audit: audit.rows[0]?.n };
};

/** Every billing write with a body that would succeed for the administrator. */
const writes = (token: string) =>
  [
    ['/api/tenant/pay-terms-accepted', {}],
    ['/api/subscription/attach-payment-method', { token }],
    ['/api/subscription/subscribe', { planId: 'enterprise', interval: 'year', idempotencyKey: randomUUID() }],
    ['/api/tenant/update-billing-details', { billingDetails: details }],
  ] as const;

beforeAll(async () => {
  t = await createTestApp();
  lawAdmin = await login(t, DEMO.lawAdmin);
  callers[4] = await login(t, DEMO.lawManager);
  callers[12] = await login(t, await addUser(t, 'lawfirm', 12));
  callers[50] = await login(t, DEMO.lawPetitioner);
  callers[51] = await login(t, await addUser(t, 'lawfirm', 51));
  await t.database.db.execute(
    sql`update tenants set card_token = null, card = null, subscription_plan = null, subscription = null, pay_terms_accepted_on = null where id = ${t.tenants.newfirm}`,
  );
  heldPetitioner = await login(t, await addUser(t, 'newfirm', 50));
  heldAdmin = await login(t, DEMO.newAdmin);
  const r = await t.database.db.execute<{ state_id: number; city_id: number }>(
    sql`select s.id state_id, c.id city_id from states s join cities c on c.state_id = s.id where s.country_id = 231 order by s.id, c.id limit 1`,
  );
  details = buildBillingDetails(buildAddress({ stateId: r.rows[0]!.state_id, locationId: r.rows[0]!.city_id }));
});
afterAll(() => t.close());

describe('issue 39: billing writes check the caller and the tenant state', () => {
  it('issue 39: every billing write as roles 4, 12, 50 and 51 of an unheld tenant is 403 and changes nothing', async () => {
    const token = (await lawAdmin.post('/api/payments-sandbox/tokens', card)).json().id as string;
    const before = await snapshot(t.tenants.lawfirm);
    const wrong: string[] = [];
    for (const role of [4, 12, 50, 51])
      for (const [url, body] of writes(token)) {
        const res = await callers[role]!.post(url, body);
        if (res.statusCode !== 403 || res.json().code !== 'FORBIDDEN')
          wrong.push(`role ${role} ${url}: ${res.statusCode}`);
      }
    expect(wrong).toEqual([]);
    expect(await snapshot(t.tenants.lawfirm)).toEqual(before);
    // Role 50 is told why, in words.
    const res = await callers[50]!.post('/api/tenant/pay-terms-accepted', {});
    expect(res.json().message).toBe(BILLING_WRITE_FORBIDDEN);
    // The administrator's same writes go through.
    for (const [url, body] of writes(token)) expect((await lawAdmin.post(url, body)).statusCode, url).toBe(200);
  });

  it('issue 39: role 50 of a held tenant lifts the hold (terms, card, plan); afterwards its billing writes are 403', async () => {
    expect((await heldPetitioner.post('/api/tenant/pay-terms-accepted', {})).statusCode).toBe(200);
    const token = (await heldPetitioner.post('/api/payments-sandbox/tokens', card)).json().id as string;
    expect((await heldPetitioner.post('/api/subscription/attach-payment-method', { token })).statusCode).toBe(200);
    // Billing Details stay the administrator's even while held.
    expect(
      (await heldPetitioner.post('/api/tenant/update-billing-details', { billingDetails: details })).statusCode,
    ).toBe(403);
    const sub = await heldPetitioner.post('/api/subscription/subscribe', {
      planId: 'starter',
      interval: 'month',
      idempotencyKey: randomUUID(),
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const before = await snapshot(t.tenants.newfirm);
    const next = (await heldPetitioner.post('/api/payments-sandbox/tokens', card)).json().id as string;
    for (const [url, body] of writes(next)) expect((await heldPetitioner.post(url, body)).statusCode, url).toBe(403);
    expect(await snapshot(t.tenants.newfirm)).toEqual(before);
    expect((await heldAdmin.post('/api/subscription/attach-payment-method', { token: next })).statusCode).not.toBe(403);
  });
});
