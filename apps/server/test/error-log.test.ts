import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createLoggedTestApp, DEMO, login, type TestApp } from './support/test-app';

/** Issue 25 finding 6: a request that fails in the database leaves no submitted value in the log. */
let lines: string[];
let t: TestApp;
let law: Caller;
beforeAll(async () => {
  ({ t, lines } = await createLoggedTestApp());
  law = await login(t, DEMO.lawAdmin);
});
afterAll(() => t.close());

describe('SECURITY 20: the error log', () => {
  it('SECURITY 20: a request that fails in the database is logged with its route, request id, error class and SQLSTATE, and none of the values it submitted', async () => {
    // A real fault: the tables the two routes write are gone (as after a bad migration).
    await t.database.db.execute(sql`alter table message_labels rename to message_labels_gone`);
    await t.database.db.execute(sql`alter table service_centers rename to service_centers_gone`);
    const planted = ['Planted Label 7f3a', 'Planted Desk 9c21', '<p>Planted Street 4411</p>'];
    const label = await law.post('/api/message-label/create', { name: planted[0], color: '#1E88E5' });
    const center = await law.post('/api/service-centers/create', {
      name: planted[1],
      typeId: 1,
      stateIds: [48],
      addressConfig: [{ courierId: 2, address: planted[2] }],
      premiumProcessing: 'yes',
    });
    for (const res of [label, center]) {
      expect(res.statusCode, res.body).toBe(500);
      expect(res.json()).toEqual({ code: 'INTERNAL', message: 'somthing went wrong' });
    }
    const errors = lines.map((l) => JSON.parse(l)).filter((l) => l.level >= 50);
    expect(errors.map((e) => e.route)).toEqual(['POST /api/message-label/create', 'POST /api/service-centers/create']);
    for (const e of errors) {
      expect(e).toMatchObject({ msg: 'unhandled error', sqlState: '42P01', reqId: expect.any(String) });
      expect(e.errorClass).toContain('Error');
      expect(e.stack).toMatch(/^\s+at /);
    }
    const log = lines.join('');
    for (const value of [...planted, 'Planted', DEMO.lawAdmin, 'params:', 'Failed query'])
      expect(log).not.toContain(value);
  });
});
