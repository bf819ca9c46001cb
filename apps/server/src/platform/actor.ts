import { type Executor, schema } from '@caseport/db/client';
import { eq } from 'drizzle-orm';
import type { RequestContext } from './context';

export interface Actor {
  userId: string;
  name: string;
  roleId: number;
  roleName: string;
}

/** The caller as lists show it ("Created By" with role, SOC document uploadedByName/RoleName). */
export const actorOf = async (tx: Executor, ctx: RequestContext): Promise<Actor> => {
  const p = ctx.principal;
  const [role] = await tx
    .select({ name: schema.userRoles.name })
    .from(schema.userRoles)
    .where(eq(schema.userRoles.id, p.roleId));
  return {
    userId: p.userId,
    name: `${p.firstName} ${p.lastName}`.trim(),
    roleId: p.roleId,
    roleName: role?.name ?? `Role ${p.roleId}`,
  };
};
