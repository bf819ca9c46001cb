import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { tenants, users, workflows } from '../schema/index';
import { DEMO_PLAN, seedDemoInvoices } from './invoices';
import { seedWorkflows } from './workflows';

export interface DemoAccount {
  email: string;
  roleId: number;
  tenant: string | null;
}

/** The demo accounts of the foundation issue; profiles start incomplete. */
export const DEMO_TENANTS = [
  { key: 'lawfirm', name: 'Demo Law Firm', type: 1 },
  { key: 'petitioner', name: 'Demo Petitioner Co', type: 2 },
  { key: 'otherfirm', name: 'Other Law Firm', type: 1 },
] as const;

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
] as const;

/** Demo e-mails by key (lawAdmin, coSignatory ...): one list for the API tests and the e2e fixtures. */
export const DEMO_EMAILS = Object.fromEntries(DEMO_USERS.map((u) => [u.key, u.email])) as {
  [U in (typeof DEMO_USERS)[number] as U['key']]: U['email'];
};

export const isDatabaseEmpty = async (db: Executor): Promise<boolean> => {
  const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from tenants`);
  return (r.rows[0]?.n ?? 0) === 0;
};

/**
 * Seeds the demo on an empty database. D-27: the demo tenants get a plan and a sandbox card token so every
 * tab is reachable; the card/plan rule itself is tested with tenants that have neither.
 */
export const seedDemo = async (db: Executor, passwordHash: string): Promise<Record<string, string>> => {
  const tenantIds: Record<string, string> = {};
  for (const t of DEMO_TENANTS) {
    const [row] = await db
      .insert(tenants)
      .values({ name: t.name, type: t.type, subscriptionPlan: DEMO_PLAN.code, cardToken: `sandbox_demo_${t.key}` })
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
  // R-BILL-024..034: a billing history per demo tenant (the law firm's spans two list pages).
  await seedDemoInvoices(db, [
    { tenantId: tenantIds.lawfirm!, email: DEMO_EMAILS.lawAdmin, months: 30 },
    { tenantId: tenantIds.petitioner!, email: DEMO_EMAILS.coAdmin, months: 6 },
    { tenantId: tenantIds.otherfirm!, email: DEMO_EMAILS.otherAdmin, months: 3 },
  ]);
  return tenantIds;
};
