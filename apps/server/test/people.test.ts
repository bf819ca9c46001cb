import { PERSON_MESSAGES } from '@caseport/domain/people/contracts';
import { addDays } from '@caseport/domain/reminders/engine';
import { dayIn } from '@caseport/domain/tenants/tenant-day';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from './support/calls';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';

let t: TestApp;
let admin: Caller;
let manager: Caller;
let other: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t, DEMO.lawAdmin);
  manager = await login(t, DEMO.lawManager);
  other = await login(t, DEMO.otherAdmin);
});
afterAll(() => t.close());

const count = async (q: ReturnType<typeof sql>) => Number((await t.database.db.execute<{ n: number }>(q)).rows[0]?.n);
const persons = () => count(sql`select count(*)::int as n from persons`);

describe('issue 34: the people of the tenant’s cases (/api/people/*)', () => {
  it('issue 34: a person is created, listed, searched, read and updated, each write audited', async () => {
    const audits = () => count(sql`select count(*)::int as n from audit_log where entity = 'person'`);
    const before = await audits();
    const created = await ok(admin, '/api/people/create', {
      person: {
        givenName: ' Ana María ',
        familyName: 'López',
        dateOfBirth: '1991-04-02',
        passportNumber: 'X1234567',
        passportExpiry: '2031-01-31',
        inUS: true,
        email: 'ana@example.test',
        phone: '+1 212 555 0100',
        address: { line1: '1 Main St', city: 'Austin', state: 'TX', zipcode: '78701', country: 'United States' },
      },
    });
    expect(created.person).toMatchObject({
      givenName: 'Ana María',
      familyName: 'López',
      dateOfBirth: '1991-04-02',
      passportExpiry: '2031-01-31',
      inUS: true,
      caseCount: 0,
    });
    const id = created.person._id as string;
    await ok(manager, '/api/people/create', { person: { givenName: 'Bo', familyName: 'Zhang' } });
    const list = await ok(manager, '/api/people/list', { filters: { searchString: 'maría l' } });
    expect(list).toMatchObject({ totalCount: 1, list: [{ _id: id }] });
    const sorted = await ok(admin, '/api/people/list', {});
    expect(sorted.list.map((p: { familyName: string }) => p.familyName)).toEqual(['López', 'Zhang']);
    expect(await ok(admin, '/api/people/details', { personId: id })).toMatchObject({
      _id: id,
      email: 'ana@example.test',
    });
    const saved = await ok(admin, '/api/people/update', {
      personId: id,
      person: { givenName: 'Ana María', familyName: 'López Ruiz', dateOfBirth: '1991-04-02' },
    });
    expect(saved.person).toMatchObject({ familyName: 'López Ruiz', passportExpiry: null, inUS: false });
    expect(await audits()).toBe(before + 3);
    // Another tenant sees none of it.
    expect((await other.post('/api/people/details', { personId: id })).statusCode).toBe(404);
    expect(
      (await other.post('/api/people/update', { personId: id, person: { givenName: 'X', familyName: 'Y' } }))
        .statusCode,
    ).toBe(404);
    expect((await ok(other, '/api/people/list', {})).totalCount).toBe(0);
  });

  it('issue 34: similar people: same name key and date of birth; without a birth date, the same name', async () => {
    await ok(admin, '/api/people/create', {
      person: { givenName: 'Kim', familyName: 'Park', dateOfBirth: '1980-05-05' },
    });
    const similar = (body: object) => ok(admin, '/api/people/similar', body);
    expect((await similar({ givenName: ' KIM ', familyName: 'park', dateOfBirth: '1980-05-05' })).list).toHaveLength(1);
    expect((await similar({ givenName: 'Kim', familyName: 'Park', dateOfBirth: '1980-05-06' })).list).toHaveLength(0);
    expect((await similar({ givenName: 'Kim', familyName: 'Park' })).list).toHaveLength(1);
    expect((await ok(other, '/api/people/similar', { givenName: 'Kim', familyName: 'Park' })).list).toHaveLength(0);
    // Creating one is refused with 409 until allowSimilar.
    const n = await persons();
    const again = await admin.post('/api/people/create', {
      person: { givenName: 'kim', familyName: 'PARK', dateOfBirth: '1980-05-05' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'SIMILAR_PERSON',
      message: PERSON_MESSAGES.similarExists,
      fields: [{ name: 'person.givenName', message: PERSON_MESSAGES.similarExists }],
    });
    expect(await persons()).toBe(n);
    await ok(admin, '/api/people/create', {
      person: { givenName: 'kim', familyName: 'PARK', dateOfBirth: '1980-05-05' },
      allowSimilar: true,
    });
    expect(await persons()).toBe(n + 1);
  });

  it("issue 34: a date of birth after the tenant's today is refused on its field; bad input writes nothing", async () => {
    const today = dayIn(new Date(), 'America/New_York');
    const n = await persons();
    const future = await admin.post('/api/people/create', {
      person: { givenName: 'Tim', familyName: 'Future', dateOfBirth: addDays(today, 2) },
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().fields).toEqual([{ name: 'person.dateOfBirth', message: PERSON_MESSAGES.dateOfBirthFuture }]);
    for (const person of [
      { givenName: '', familyName: 'X' },
      { givenName: 'A', familyName: 'B', phone: '12' },
      { givenName: 'A', familyName: 'B', dateOfBirth: '1990-02-30' },
      { givenName: 'A', familyName: 'B', tenantId: t.tenants.otherfirm },
    ])
      expect((await admin.post('/api/people/create', { person })).statusCode, JSON.stringify(person)).toBe(400);
    expect(await persons()).toBe(n);
    await ok(admin, '/api/people/create', {
      person: { givenName: 'Tina', familyName: 'Today', dateOfBirth: addDays(today, -1) },
    });
  });

  it('issue 34: role 50 is refused on every people route', async () => {
    const petitioner = await login(t, DEMO.lawPetitioner);
    const someId = '00000000-0000-4000-8000-000000000000';
    for (const [url, body] of [
      ['/api/people/list', {}],
      ['/api/people/details', { personId: someId }],
      ['/api/people/similar', { givenName: 'A', familyName: 'B' }],
      ['/api/people/create', { person: { givenName: 'A', familyName: 'B' } }],
      ['/api/people/update', { personId: someId, person: { givenName: 'A', familyName: 'B' } }],
    ] as const)
      expect((await petitioner.post(url, body)).statusCode, url).toBe(403);
  });
});
