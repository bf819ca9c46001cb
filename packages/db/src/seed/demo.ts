import { defaultGlobalConfig } from '@caseport/domain/reminders/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { branches, cities, countries, globalConfigs, states, tenants, users, workflows } from '../schema/index';
import { demoBilling, seedDemoInvoices } from './invoices';
import { seedWorkflows } from './workflows';

export interface DemoAccount {
  email: string;
  roleId: number;
  tenant: string | null;
}

/**
 * The demo tenants. This seed makes every tenant as a sign-up would: profile incomplete, default workflow
 * pending, no case type on. On the first `npm start` the server then fills in the `complete` ones through its
 * own API (apps/server/src/demo/content.ts), so the demo shows the product; the others stay new and show
 * first-time setup (issue 15). A new tenant of each type: the petitioner company's Company Details differ.
 */
export const DEMO_TENANTS = [
  { key: 'lawfirm', name: 'Demo Law Firm', type: 1, complete: true },
  { key: 'petitioner', name: 'Demo Petitioner Co', type: 2, complete: true },
  { key: 'otherfirm', name: 'Other Law Firm', type: 1, complete: true },
  { key: 'newfirm', name: 'New Law Firm', type: 1, complete: false },
  { key: 'newpetitioner', name: 'New Petitioner Co', type: 2, complete: false },
] as const;
export type DemoTenantKey = (typeof DEMO_TENANTS)[number]['key'];

export const DEMO_USERS = [
  {
    key: 'platformAdmin',
    email: 'platform-admin@caseport.test',
    firstName: 'Pat',
    lastName: 'Admin',
    roleId: 1,
    tenant: null,
  },
  {
    key: 'platformOps',
    email: 'platform-ops@caseport.test',
    firstName: 'Olive',
    lastName: 'Ops',
    roleId: 2,
    tenant: null,
  },
  {
    key: 'lawAdmin',
    email: 'admin@lawfirm.test',
    firstName: 'Laura',
    lastName: 'Lawson',
    roleId: 3,
    tenant: 'lawfirm',
  },
  {
    key: 'lawManager',
    email: 'manager@lawfirm.test',
    firstName: 'Marco',
    lastName: 'Mendes',
    roleId: 4,
    tenant: 'lawfirm',
  },
  {
    key: 'lawPetitioner',
    email: 'petitioner@lawfirm.test',
    firstName: 'Priya',
    lastName: 'Patel',
    roleId: 50,
    tenant: 'lawfirm',
  },
  {
    key: 'coAdmin',
    email: 'admin@petitioner.test',
    firstName: 'Carl',
    lastName: 'Chen',
    roleId: 3,
    tenant: 'petitioner',
  },
  {
    key: 'coSignatory',
    email: 'signatory@petitioner.test',
    firstName: 'Sara',
    lastName: 'Singh',
    roleId: 12,
    tenant: 'petitioner',
  },
  {
    key: 'otherAdmin',
    email: 'admin@otherfirm.test',
    firstName: 'Omar',
    lastName: 'Okafor',
    roleId: 3,
    tenant: 'otherfirm',
  },
  {
    key: 'newAdmin',
    email: 'new@newfirm.test',
    firstName: 'Nina',
    lastName: 'Novak',
    roleId: 3,
    tenant: 'newfirm',
  },
  {
    key: 'newManager',
    email: 'manager@newfirm.test',
    firstName: 'Noah',
    lastName: 'Nakamura',
    roleId: 4,
    tenant: 'newfirm',
  },
  {
    key: 'newCoAdmin',
    email: 'new@newpetitioner.test',
    firstName: 'Nadia',
    lastName: 'Nunez',
    roleId: 3,
    tenant: 'newpetitioner',
  },
  {
    key: 'newCoSignatory',
    email: 'signatory@newpetitioner.test',
    firstName: 'Nils',
    lastName: 'Nyberg',
    roleId: 12,
    tenant: 'newpetitioner',
  },
] as const;

/**
 * Demo branches (issue 16): the law firm has two offices, Marco (role 4) runs Austin; every complete tenant has
 * at least one, so each tenant table holds a row of the isolation fuzz's victim (otherfirm).
 */
export const DEMO_BRANCHES = [
  {
    tenant: 'lawfirm',
    name: 'Austin Office',
    line1: '500 Congress Avenue',
    state: 'Texas',
    city: 'Austin',
    zipcode: '78701',
    phone: '5125550100',
    manager: 'manager@lawfirm.test',
  },
  {
    tenant: 'lawfirm',
    name: 'Houston Office',
    line1: '1200 Smith Street',
    state: 'Texas',
    city: 'Houston',
    zipcode: '77002',
    phone: '7135550100',
    manager: null,
  },
  {
    tenant: 'petitioner',
    name: 'Headquarters',
    line1: '200 Technology Drive',
    state: 'California',
    city: 'San Jose',
    zipcode: '95110',
    phone: '4085550100',
    manager: null,
  },
  {
    tenant: 'otherfirm',
    name: 'Boston Office',
    line1: '1 Federal Street',
    state: 'Massachusetts',
    city: 'Boston',
    zipcode: '02110',
    phone: '6175550100',
    manager: null,
  },
] as const;

/** A stored address as the API would write it: ids and the master-data detail objects (United States). */
const demoAddress = async (db: Executor, b: (typeof DEMO_BRANCHES)[number]) => {
  const [country] = await db.select().from(countries).where(eq(countries.id, 231));
  const [state] = await db
    .select()
    .from(states)
    .where(and(eq(states.countryId, 231), eq(states.name, b.state)));
  if (!country || !state) return null;
  const [city] = await db
    .select()
    .from(cities)
    .where(and(eq(cities.stateId, state.id), eq(cities.name, b.city)))
    .limit(1);
  if (!city) return null;
  return {
    line1: b.line1,
    line2: '',
    aptType: null,
    countryId: country.id,
    stateId: state.id,
    locationId: city.id,
    zipcode: b.zipcode,
    country: { ...country },
    state: { id: state.id, name: state.name, countryId: state.countryId },
    location: { id: city.id, name: city.name, stateId: city.stateId },
  };
};

const seedDemoBranches = async (db: Executor, tenantIds: Record<string, string>) => {
  for (const b of DEMO_BRANCHES) {
    const manager = b.manager
      ? (await db.select({ id: users.id }).from(users).where(eq(users.email, b.manager)))[0]?.id
      : undefined;
    const [row] = await db
      .insert(branches)
      .values({
        tenantId: tenantIds[b.tenant] as string,
        name: b.name,
        address: await demoAddress(db, b),
        phone: b.phone,
        managerId: manager ?? null,
      })
      .returning({ id: branches.id });
    if (manager) await db.update(users).set({ branchId: row!.id }).where(eq(users.id, manager));
  }
};

/** Issue 34: the other demo firm's one petitioner company, a pending invitation (no password). */
export const OTHER_FIRM_PETITIONER = {
  email: 'petitioner@otherfirm.test',
  firstName: 'Hana',
  lastName: 'Berg',
} as const;

/** Demo e-mails by key (lawAdmin, coSignatory ...): one list for the API tests and the e2e fixtures. */
export const DEMO_EMAILS = Object.fromEntries(DEMO_USERS.map((u) => [u.key, u.email])) as {
  [U in (typeof DEMO_USERS)[number] as U['key']]: U['email'];
};

export const isDatabaseEmpty = async (db: Executor): Promise<boolean> => {
  const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from tenants`);
  return (r.rows[0]?.n ?? 0) === 0;
};

/**
 * Seeds the demo on an empty database. D-27: every demo tenant gets a plan and a sandbox card so the demo is
 * not held; a tenant created later starts without and adds them in its profile's Plan & payment step.
 */
export const seedDemo = async (db: Executor, passwordHash: string): Promise<Record<string, string>> => {
  const tenantIds: Record<string, string> = {};
  for (const t of DEMO_TENANTS) {
    const [row] = await db
      .insert(tenants)
      .values({ name: t.name, type: t.type, ...demoBilling(t.key) })
      .returning({ id: tenants.id });
    tenantIds[t.key] = row!.id;
    // Every tenant starts with a default workflow that still needs its setup (R-SHELL-045).
    await db.insert(workflows).values({
      tenantId: row!.id,
      name: 'Default Workflow',
      tplTypeId: 1,
      isDefault: true,
      configCompleted: false,
      active: false,
    });
  }
  await seedWorkflows(db);
  // Issue 17: the demo law firm and company start with the spec's global configuration (the other demo
  // tenants have none, so their Reminders screen offers Save).
  for (const t of DEMO_TENANTS.filter((x) => x.key === 'lawfirm' || x.key === 'petitioner')) {
    await db.insert(globalConfigs).values({ tenantId: tenantIds[t.key]!, config: defaultGlobalConfig(t.type) });
  }
  for (const u of DEMO_USERS) {
    await db.insert(users).values({
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      roleId: u.roleId,
      tenantId: u.tenant ? tenantIds[u.tenant] : null,
      passwordHash,
    });
  }
  // Issue 34: the other firm's petitioner company (role 50), so its demo case names one; invited, never signed in
  // (not a demo account: DEMO_USERS are the accounts the login screen and the tests sign in with).
  await db.insert(users).values({
    email: OTHER_FIRM_PETITIONER.email,
    firstName: OTHER_FIRM_PETITIONER.firstName,
    lastName: OTHER_FIRM_PETITIONER.lastName,
    roleId: 50,
    tenantId: tenantIds.otherfirm!,
  });
  await seedDemoBranches(db, tenantIds);
  // R-BILL-024..034: a billing history per demo tenant (the law firm's spans two list pages).
  await seedDemoInvoices(db, [
    { tenantId: tenantIds.lawfirm!, email: DEMO_EMAILS.lawAdmin, months: 30 },
    { tenantId: tenantIds.petitioner!, email: DEMO_EMAILS.coAdmin, months: 6 },
    // Issue 38 finding 1: the second firm has not paid last month's invoice either (Overdue, Pay now).
    { tenantId: tenantIds.otherfirm!, email: DEMO_EMAILS.otherAdmin, months: 3, unpaid: 2 },
  ]);
  return tenantIds;
};
