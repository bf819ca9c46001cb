import { type Executor, schema } from '@caseport/db/client';
import { eq } from 'drizzle-orm';

export type NewFile = typeof schema.files.$inferInsert;

/** `tenantId` null: a platform user's upload (roles 1/2 without an acting tenant). */
export const insertFile = async (tx: Executor, tenantId: string | null, file: Omit<NewFile, 'tenantId'>) => {
  const [row] = await tx
    .insert(schema.files)
    .values({ ...file, tenantId })
    .returning();
  return row!;
};

/** Row-level security limits this to the caller's tenant: another tenant's path is simply not found. */
export const findFileByPath = async (tx: Executor, tenantId: string | null, storedName: string) => {
  const [row] = await tx.select().from(schema.files).where(eq(schema.files.storedName, storedName)).limit(1);
  return row && row.tenantId === tenantId ? row : null;
};
