import { BRANCH_MESSAGES } from '@caseport/domain/branches/contracts';
import { buildAddress } from '@caseport/domain/profile/fixtures';
import { ROLE_NOT_ALLOWED } from '@caseport/domain/users/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/calls';
import { type Caller, createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let lawAdmin: Caller;
let lawManager: Caller;
let otherAdmin: Caller;
let austin: string;
let houston: string;
let texasCity: number;

const address = () => buildAddress({ stateId: 48, locationId: texasCity });
const branches = async (c: Caller, body: Record<string, unknown> = {}) =>
  (await c.post('/api/branches/list', body)).json() as {
    list: { _id: string; name: string; managerName: string | null; userCount: number; location: string }[];
    totalCount: number;
  };
let seq = 0;
const invite = (c: Caller, roleId: number, over: Record<string, unknown> = {}) =>
  c.post('/api/users/invite', {
    email: `branch-person${++seq}@lawfirm.test`,
    firstName: 'Bea',
    lastName: `Branch${seq}`,
    roleId,
    ...over,
  });
const auditRows = async () =>
  Number((await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log`)).rows[0]?.n);

beforeAll(async () => {
  t = await createTestApp();
  [lawAdmin, lawManager, otherAdmin] = await signIn(t, 'lawAdmin', 'lawManager', 'otherAdmin');
  const list = (await branches(lawAdmin)).list;
  austin = list.find((b) => b.name === 'Austin Office')?._id as string;
  houston = list.find((b) => b.name === 'Houston Office')?._id as string;
  texasCity = Number(
    (await t.database.db.execute<{ id: number }>(sql`select min(id) as id from cities where state_id = 48`)).rows[0]
      ?.id,
  );
});
afterAll(() => t.close());

describe('branches (issue 16; tabs branchList, branchCreate, branchDetails)', () => {
  it('branchList: the admin lists the firm’s branches with location, manager and user count; a branch manager sees only their own', async () => {
    const all = await branches(lawAdmin);
    expect(all.list.map((b) => b.name)).toEqual(['Austin Office', 'Houston Office']);
    expect(all.list[0]).toMatchObject({ location: 'Austin, Texas', managerName: 'Marco Mendes' });
    expect(all.list[0]?.userCount).toBeGreaterThanOrEqual(1);
    const mine = await branches(lawManager);
    expect(mine.list.map((b) => b.name)).toEqual(['Austin Office']);
    expect((await branches(lawAdmin, { filters: { searchString: 'hous' } })).list.map((b) => b.name)).toEqual([
      'Houston Office',
    ]);
  });

  it('branchCreate / branchDetails: the admin creates a branch with the shared address and a manager, and its details show the address, manager and users; one audit row', async () => {
    const manager = (await invite(lawAdmin, 4, { firstName: 'Dana', lastName: 'Dallas' })).json().user._id;
    const before = await auditRows();
    const res = await lawAdmin.post('/api/branches/create', {
      name: 'Dallas Office',
      address: address(),
      phone: '2145550100',
      managerId: manager,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await auditRows()).toBe(before + 1);
    const id = res.json().branch._id;
    const details = (await lawAdmin.post('/api/branches/details', { branchId: id })).json();
    expect(details).toMatchObject({
      name: 'Dallas Office',
      phone: '2145550100',
      managerName: 'Dana Dallas',
      address: { stateId: 48, locationId: texasCity, state: { name: 'Texas' } },
    });
    expect(details.users.map((u: { name: string }) => u.name)).toEqual(['Dana Dallas']);
    const dup = await lawAdmin.post('/api/branches/create', { name: 'dallas office', address: address() });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().fields[0]).toMatchObject({ name: 'name', message: BRANCH_MESSAGES.nameTaken });
    // The manager must be a Branch Manager (role 4).
    const paralegal = (await invite(lawAdmin, 6)).json().user._id;
    const wrong = await lawAdmin.post('/api/branches/update', {
      branchId: id,
      name: 'Dallas Office',
      address: address(),
      managerId: paralegal,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields[0]).toMatchObject({ name: 'managerId', message: BRANCH_MESSAGES.managerRole });
  });

  it('a branch manager cannot create branches nor open another branch; another tenant’s branch answers 404', async () => {
    const create = await lawManager.post('/api/branches/create', { name: 'Rogue Office', address: address() });
    expect(create.statusCode).toBe(403);
    expect((await lawManager.post('/api/branches/details', { branchId: houston })).statusCode).toBe(404);
    expect((await lawManager.post('/api/branches/details', { branchId: austin })).statusCode).toBe(200);
    expect((await otherAdmin.post('/api/branches/details', { branchId: austin })).statusCode).toBe(404);
    const foreign = await otherAdmin.post('/api/users/invite', {
      email: 'foreign-branch@otherfirm.test',
      firstName: 'F',
      lastName: 'B',
      roleId: 11,
      branchId: austin,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('a branch manager (role 4) manages only the users of their branch', () => {
  it('a role-4 user cannot create a role-3 user or one outside their branch; inside it, the new user lands in their branch', async () => {
    const admin = await invite(lawManager, 3);
    expect(admin.statusCode).toBe(400);
    expect(admin.json().fields[0]).toMatchObject({ name: 'roleId', message: ROLE_NOT_ALLOWED });
    const outside = await invite(lawManager, 11, { branchId: houston });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe(BRANCH_MESSAGES.notYourBranch);
    const none = await invite(lawManager, 11, { branchId: null });
    expect(none.statusCode).toBe(403);
    const inside = await invite(lawManager, 11);
    expect(inside.statusCode, inside.body).toBe(200);
    expect(inside.json().user).toMatchObject({ branchId: austin, branchName: 'Austin Office' });
  });

  it('a role-4 user lists only their branch’s users and cannot touch, or move, anyone else', async () => {
    const houstonUser = (await invite(lawAdmin, 11, { branchId: houston, firstName: 'Hugo' })).json().user;
    const austinUser = (await invite(lawAdmin, 11, { branchId: austin, firstName: 'Ada' })).json().user;
    const seen = (await lawManager.post('/api/users/list', { perpage: 100, filters: {} })).json().list as {
      _id: string;
      branchId: string;
    }[];
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((u) => u.branchId === austin)).toBe(true);
    expect(seen.map((u) => u._id)).not.toContain(houstonUser._id);
    const touch = await lawManager.post('/api/users/manage-status', { userId: houstonUser._id, active: false });
    expect(touch.statusCode).toBe(403);
    const move = await lawManager.post('/api/users/update', {
      userId: austinUser._id,
      firstName: 'Ada',
      lastName: 'Moved',
      roleId: 11,
      branchId: houston,
    });
    expect(move.statusCode).toBe(403);
    const rename = await lawManager.post('/api/users/update', {
      userId: austinUser._id,
      firstName: 'Ada',
      lastName: 'Renamed',
      roleId: 11,
    });
    expect(rename.statusCode).toBe(200);
    expect(rename.json().user.branchId).toBe(austin);
    // The admin moves people between branches.
    const moved = await lawAdmin.post('/api/users/update', {
      userId: austinUser._id,
      firstName: 'Ada',
      lastName: 'Renamed',
      roleId: 11,
      branchId: houston,
    });
    expect(moved.json().user.branchName).toBe('Houston Office');
  });
});
