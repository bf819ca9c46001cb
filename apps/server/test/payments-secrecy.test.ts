import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedTestApp, DEMO, login, type TestApp } from './support/test-app';

let t: TestApp;
let lines: string[];

const NUMBER = '4242424242424242';
const DECLINED = '4000000000000002';
const CVC = '8317';
const AMEX = '378282246310005';

const count = (text: string, part: string) => text.split(part).length - 1;
/** Every table of the database, every row as JSON text. */
const dumpAll = async () => {
  const tables = await t.database.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  expect(tables.rows.length).toBeGreaterThan(10);
  let dump = '';
  for (const { name } of tables.rows) {
    const rows = await t.database.db.execute<{ j: string }>(
      sql`select coalesce(string_agg(row_to_json(x)::text, E'\n'), '') as j from ${sql.identifier(name)} x`,
    );
    dump += rows.rows[0]?.j ?? '';
  }
  return dump;
};

beforeAll(async () => {
  ({ t, lines } = await createLoggedTestApp());
});
afterAll(() => t.close());

describe('Card data never kept (D-26)', () => {
  it('D-26: after tokenizing, declining, attaching and subscribing, no log line, no table row (as text) and no response body holds the card numbers or the CVC', async () => {
    const admin = await login(t, DEMO.lawAdmin);
    const before = await dumpAll();
    const bodies: string[] = [];
    const post = async (url: string, body: unknown) => {
      const res = await admin.post(url, body);
      bodies.push(res.body);
      return res;
    };
    const year = new Date().getUTCFullYear() + 2;
    await post('/api/tenant/pay-terms-accepted', {});
    const amex = await post('/api/payments-sandbox/tokens', { number: AMEX, exp_month: 5, exp_year: year, cvc: CVC });
    expect(amex.statusCode).toBe(200);
    expect(
      (await post('/api/payments-sandbox/tokens', { number: DECLINED, exp_month: 5, exp_year: year, cvc: '317' }))
        .statusCode,
    ).toBe(402);
    expect(
      (await post('/api/payments-sandbox/tokens', { number: NUMBER, exp_month: 5, exp_year: year, cvc: CVC }))
        .statusCode,
    ).toBe(400);
    const token = (
      await post('/api/payments-sandbox/tokens', { number: NUMBER, exp_month: 5, exp_year: year, cvc: '317' })
    ).json().id;
    expect((await post('/api/subscription/attach-payment-method', { token })).statusCode).toBe(200);
    expect(
      (
        await post('/api/subscription/subscribe', {
          planId: 'enterprise',
          interval: 'month',
          idempotencyKey: randomUUID(),
        })
      ).statusCode,
    ).toBe(200);
    bodies.push((await post('/api/subscription/cards', { page: 1, perpage: 100 })).body);

    const dump = await dumpAll();
    expect(dump).toContain(token);
    const log = lines.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [NUMBER, DECLINED, AMEX, CVC, '"317"']) {
      // Short digit strings occur in master data (ids, zip codes): the flow must not add a single one.
      expect(count(dump, secret), `table text holds ${secret}`).toBe(count(before, secret));
      expect(log, `log holds ${secret}`).not.toContain(secret);
      expect(bodies.join('\n'), `a response holds ${secret}`).not.toContain(secret);
    }
  });
});
