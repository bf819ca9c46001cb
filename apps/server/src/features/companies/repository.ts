import { type Executor, schema } from '@caseport/db/client';
import { Role } from '@caseport/domain/auth/roles';
import type { CompanyListBody } from '@caseport/domain/companies/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { containsText, orderByOf, pageWindow, toPage } from '../../platform/list';

const u = schema.users;
const fullName = sql<string>`${u.firstName} || ' ' || ${u.lastName}`;

/** The tenant's petitioners (active role-50 accounts), searched and sorted by name. */
export const listCompanies = async (tx: Executor, tenantId: string, q: CompanyListBody) => {
  const where = and(
    eq(u.tenantId, tenantId),
    eq(u.roleId, Role.Petitioner),
    eq(u.isActive, true),
    containsText(fullName, q.matcher.searchString),
  );
  const { limit, offset } = pageWindow(q);
  const rows = tx
    .select({ _id: u.id, name: fullName, email: u.email, createdOn: u.createdOn })
    .from(u)
    .where(where)
    .orderBy(
      ...orderByOf(
        q.sorting,
        { name: sql`lower(${fullName})`, createdOn: u.createdOn },
        { path: 'name', order: 1 },
        u.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  return toPage(
    rows.then((list) => list.map((r) => ({ ...r, createdOn: r.createdOn.toISOString() }))),
    tx.select({ n: count() }).from(u).where(where),
  );
};
