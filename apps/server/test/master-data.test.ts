import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';

let t: TestApp;
let c: Caller;
beforeAll(async () => {
  t = await createTestApp();
  c = await login(t, DEMO.lawAdmin);
});
afterAll(() => t.close());

const list = async (body: object) => {
  const res = await c.post('/api/masterdata/list', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().list as Record<string, unknown>[];
};

describe('POST /api/masterdata/list', () => {
  it('R-CONST-003: country 231 is the United States with phone code 1, USD and zip length 5, listed first', async () => {
    const countries = await list({ category: 'countries', page: 1, perpage: 1000, matcher: {} });
    expect(countries.length).toBeGreaterThan(240);
    expect(countries[0]).toEqual({
      id: 231,
      name: 'United States',
      phoneCode: '1',
      order: 1,
      currencySymbol: '$',
      currencyCode: 'USD',
      zipcodeLength: 5,
      sortName: 'US',
    });
  });

  it('states are matched by countryId (US states and territories) and locations by stateId', async () => {
    const states = await list({ category: 'states', page: 1, perpage: 1000, matcher: { countryId: 231 } });
    const names = states.map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining(['California', 'New York', 'District of Columbia', 'Puerto Rico', 'Guam']),
    );
    expect(states.every((s) => s.countryId === 231)).toBe(true);
    const california = states.find((s) => s.name === 'California')!;
    const cities = await list({ category: 'locations', page: 1, perpage: 1000, matcher: { stateId: california.id } });
    expect(cities.map((x) => x.name)).toEqual(expect.arrayContaining(['Los Angeles', 'San Francisco']));
    expect(cities.every((x) => x.stateId === california.id)).toBe(true);
  });

  it('takes matcher {searchString, petitionType, getAllSubTypes}, page, perpage, category and sorting; answers list', async () => {
    const subTypes = await list({
      category: 'petition_sub_types',
      page: 1,
      perpage: 1000,
      matcher: { petitionType: 1, getAllSubTypes: true, searchString: 'cap' },
      sorting: { path: 'name', order: 1 },
    });
    expect(subTypes.length).toBeGreaterThan(0);
    expect(subTypes.every((s) => s.petitionTypeId === 1 && String(s.name).toLowerCase().includes('cap'))).toBe(true);
    const names = subTypes.map((s) => String(s.name));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('R-ROLE-002: R-ROLE-003: R-ROLE-004: R-ROLE-005: R-ROLE-006: user_roles name 3 Admin, 4 Branch Manager, 12 Authorized Signatory, 50 Petitioner and 51 Sponsor', async () => {
    const roles = Object.fromEntries((await list({ category: 'user_roles', perpage: 100 })).map((r) => [r.id, r.name]));
    expect(roles).toMatchObject({
      3: 'Admin',
      4: 'Branch Manager',
      12: 'Authorized Signatory',
      50: 'Petitioner',
      51: 'Sponsor',
    });
    expect(roles[1]).toBeTruthy();
    expect(roles[2]).toBeTruthy();
  });

  it("R-ROLE-007: user_roles hold roles 5, 8, 9, 10 and 11 (11 the Beneficiary, the default filter of a case's Link account list)", async () => {
    const roles = Object.fromEntries((await list({ category: 'user_roles', perpage: 100 })).map((r) => [r.id, r.name]));
    for (const id of [5, 8, 9, 10, 11]) expect(roles[id], `role ${id}`).toBeTruthy();
    expect(roles[11]).toBe('Beneficiary');
  });

  it('petition_types hold the US immigration case types (H-1B, L-1, PERM, I-140, I-485, I-130, N-400)', async () => {
    const types = (await list({ category: 'petition_types', perpage: 1000 })).map((p) => String(p.name));
    for (const name of ['H-1B', 'L-1', 'PERM', 'I-140', 'I-485', 'I-130', 'N-400']) {
      expect(
        types.some((n) => n.includes(name)),
        name,
      ).toBe(true);
    }
  });

  it('D-13: template_types are the master data ids 1-9, named as D-13 describes them', async () => {
    const types = await list({ category: 'template_types' });
    expect(types.map((x) => x.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const name = (id: number) => String(types.find((x) => x.id === id)?.name);
    for (const x of types) expect(String(x.name).trim(), String(x.id)).not.toBe('');
    expect(name(1)).toMatch(/nonimmigrant worker petition/i);
    expect(name(1)).toMatch(/RFE/);
    expect(name(5)).toMatch(/applicant-initiated/i);
    expect(name(7)).toMatch(/family-based/i);
    expect(name(8)).toMatch(/family-based/i);
    expect(name(9)).toMatch(/citizenship/i);
  });

  it('page and perpage page through the list', async () => {
    const first = await list({ category: 'countries', page: 1, perpage: 10 });
    const second = await list({ category: 'countries', page: 2, perpage: 10 });
    expect(first).toHaveLength(10);
    expect(second[0]!.id).not.toBe(first[0]!.id);
  });
});
