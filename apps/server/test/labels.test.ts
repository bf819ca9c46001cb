import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/calls';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';

let t: TestApp;
let lawAdmin: Caller;
let lawManager: Caller;
let otherAdmin: Caller;
let platformAdmin: Caller;

const create = (c: Caller, name: string, color = '#1E88E5') => c.post('/api/message-label/create', { name, color });
const list = (c: Caller, body: Record<string, unknown> = {}) => c.post('/api/message-label/list', body);

beforeAll(async () => {
  t = await createTestApp();
  [lawAdmin, lawManager, otherAdmin, platformAdmin] = await signIn(
    t,
    'lawAdmin',
    'lawManager',
    'otherAdmin',
    'platformAdmin',
  );
  // Distinct timestamps and creators for the sort tests.
  for (const [c, name] of [
    [lawAdmin, 'Bravo'],
    [lawManager, 'alpha'],
    [lawAdmin, 'Charlie 100%_done'],
  ] as const) {
    t.advance(60_000);
    expect((await create(c, name)).statusCode).toBe(200);
  }
});
afterAll(() => t.close());

describe('POST /api/message-label/list', () => {
  it('R-LABEL-013: answers { list, totalCount } with paging, newest first by default', async () => {
    const res = await list(lawAdmin, { page: 1, perpage: 10 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalCount).toBe(3);
    expect(body.list.map((l: { name: string }) => l.name)).toEqual(['Charlie 100%_done', 'alpha', 'Bravo']);
    const page2 = (await list(lawAdmin, { page: 2, perpage: 10 })).json();
    expect(page2).toEqual({ list: [], totalCount: 3 });
  });

  it('R-LABEL-011: an item has _id, name, color, createdByName, createdByRoleName, createdOn, updatedOn', async () => {
    const [item] = (await list(lawAdmin, { sorting: { path: 'name', order: 1 } })).json().list;
    expect(item).toMatchObject({
      name: 'alpha',
      color: '#1E88E5',
      createdByName: 'Marco Mendes',
      createdByRoleName: expect.any(String),
    });
    expect(item._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(item.createdOn).getTime()).not.toBeNaN();
    expect(new Date(item.updatedOn).getTime()).not.toBeNaN();
  });

  it('R-LABEL-001: matcher.searchString finds names containing the text, case-insensitively, with % and _ taken literally', async () => {
    const names = async (searchString: string) =>
      (await list(lawAdmin, { matcher: { searchString } })).json().list.map((l: { name: string }) => l.name);
    expect(await names('ALP')).toEqual(['alpha']);
    expect(await names('100%_')).toEqual(['Charlie 100%_done']);
    expect(await names('%')).toEqual(['Charlie 100%_done']);
    expect(await names('zzz')).toEqual([]);
  });

  it('R-LABEL-004: sorts by name, createdByName, createdOn and updatedOn; R-LABEL-008: order 1 ascending, -1 descending', async () => {
    const names = async (path: string, order: 1 | -1) =>
      (await list(lawAdmin, { sorting: { path, order } })).json().list.map((l: { name: string }) => l.name);
    const byName = await names('name', 1);
    expect(byName.map((n: string) => n.toLowerCase())).toEqual(['alpha', 'bravo', 'charlie 100%_done']);
    expect(await names('name', -1)).toEqual([...byName].reverse());
    expect((await names('createdByName', 1))[2]).toBe('alpha'); // Laura Lawson < Marco Mendes
    expect((await names('createdByName', -1))[0]).toBe('alpha');
    expect(await names('createdOn', 1)).toEqual(['Bravo', 'alpha', 'Charlie 100%_done']);
    expect(await names('updatedOn', -1)).toEqual(['Charlie 100%_done', 'alpha', 'Bravo']);
    const bad = await list(lawAdmin, { sorting: { path: 'color', order: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
  });

  it('R-LABEL-012: the list takes {matcher {statusList, searchString}, page, perpage, sorting}; statusList filters active/inactive', async () => {
    const [bravo] = (await list(lawAdmin, { matcher: { searchString: 'bravo' } })).json().list;
    const off = await lawAdmin.post('/api/message-label/update', {
      labelId: bravo._id,
      name: 'Bravo',
      color: '#1E88E5',
      status: false,
    });
    expect(off.statusCode).toBe(200);
    const active = (await list(lawAdmin, { matcher: { statusList: [true] } })).json();
    expect(active.list.map((l: { name: string }) => l.name)).not.toContain('Bravo');
    const inactive = (await list(lawAdmin, { matcher: { statusList: [false] } })).json();
    expect(inactive.list.map((l: { name: string }) => l.name)).toEqual(['Bravo']);
    await lawAdmin.post('/api/message-label/update', {
      labelId: bravo._id,
      name: 'Bravo',
      color: '#1E88E5',
      status: true,
    });
    expect((await list(lawAdmin, { filters: {} })).statusCode).toBe(400);
  });

  it("tenants see only their own labels; the platform team's labels are its own", async () => {
    expect((await list(otherAdmin)).json()).toEqual({ list: [], totalCount: 0 });
    expect((await create(platformAdmin, 'Platform follow-up')).statusCode).toBe(200);
    expect((await list(platformAdmin)).json().list.map((l: { name: string }) => l.name)).toEqual([
      'Platform follow-up',
    ]);
    expect((await list(lawAdmin)).json().totalCount).toBe(3);
  });
});

describe('POST /api/message-label/create and /update (D-20)', () => {
  it('D-20: name 1-50 characters and a #RRGGBB color are required; errors carry the field', async () => {
    const empty = await create(lawAdmin, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields[0]).toEqual({ name: 'name', message: 'Name is required' });
    expect((await create(lawAdmin, 'x'.repeat(51))).statusCode).toBe(400);
    const color = await create(lawAdmin, 'Colourless', 'red');
    expect(color.statusCode).toBe(400);
    expect(color.json().fields[0].name).toBe('color');
  });

  it('D-20: names are unique per tenant ignoring case (409 DUPLICATE); another tenant may reuse the name', async () => {
    const dup = await create(lawManager, 'ALPHA');
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'DUPLICATE', message: 'Label name already exists' });
    expect((await create(otherAdmin, 'Alpha')).statusCode).toBe(200);
  });

  it('R-LABEL-005: create answers the server message and the label; update changes name and colour and is audited', async () => {
    const res = await create(lawAdmin, 'RFE received', '#e53935');
    expect(res.json()).toMatchObject({
      message: 'Label created successfully',
      label: { name: 'RFE received', color: '#E53935', status: true },
    });
    const id = res.json().label._id;
    t.advance(60_000);
    const upd = await lawManager.post('/api/message-label/update', {
      labelId: id,
      name: 'RFE answered',
      color: '#43A047',
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().message).toBe('Label updated successfully');
    expect(new Date(upd.json().label.updatedOn).getTime()).toBeGreaterThan(
      new Date(res.json().label.createdOn).getTime(),
    );
    const audit = await t.database.db.execute<{ action: string; role_id: number }>(
      sql`select action, role_id from audit_log where entity = 'message_label' and entity_id = ${id} order by id`,
    );
    expect(audit.rows).toEqual([
      { action: 'create', role_id: 3 },
      { action: 'update', role_id: 4 },
    ]);
  });

  it("another tenant's label id answers 404 and nothing changes", async () => {
    const [mine] = (await list(lawAdmin, { matcher: { searchString: 'alpha' } })).json().list;
    const res = await otherAdmin.post('/api/message-label/update', {
      labelId: mine._id,
      name: 'Hijacked',
      color: '#000000',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    const [after] = (await list(lawAdmin, { matcher: { searchString: 'alpha' } })).json().list;
    expect(after.name).toBe('alpha');
  });

  it('a NUL character in a name answers 400, not 500', async () => {
    const res = await create(lawAdmin, 'Null\u0000byte');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });

  it('a tenantId in the body is refused (mass assignment)', async () => {
    const res = await lawAdmin.post('/api/message-label/create', {
      name: 'Sneaky',
      color: '#000000',
      tenantId: t.tenants.otherfirm,
    });
    expect(res.statusCode).toBe(400);
  });

  it('role 12 and role 50 cannot reach the labels API (tab content roles 1-4)', async () => {
    const signatory = await login(t, DEMO.coSignatory);
    expect((await list(signatory)).statusCode).toBe(403);
  });
});
