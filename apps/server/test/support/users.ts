import { schema } from '@caseport/db/client';
import type { DemoTenantKey } from '@caseport/db/seed/demo';
import { eq } from 'drizzle-orm';
import { DEMO, type TestApp } from './test-app';

/**
 * Adds a user of any role to a seeded tenant, with the test password (the seed's own hash is copied, so no
 * hashing cost), for roles the demo does not seed in that tenant (a law firm's 12 and 51, a petitioner
 * company's 4 and 51 ...). Answers the new e-mail, for `login`.
 */
export const addUser = async (t: TestApp, tenant: DemoTenantKey, roleId: number): Promise<string> => {
  const [seeded] = await t.database.db
    .select({ passwordHash: schema.users.passwordHash })
    .from(schema.users)
    .where(eq(schema.users.email, DEMO.lawAdmin));
  const email = `role-${roleId}@${tenant.toLowerCase()}.test`;
  await t.database.db.insert(schema.users).values({
    tenantId: t.tenants[tenant],
    email,
    passwordHash: seeded!.passwordHash,
    firstName: 'Role',
    lastName: String(roleId),
    roleId,
  });
  return email;
};
