import { type Executor, schema } from '@caseport/db/client';
import { and, eq } from 'drizzle-orm';

const pp = schema.petitionerProfiles;

export const findPetitionerProfile = async (tx: Executor, tenantId: string, userId: string) => {
  const [row] = await tx
    .select()
    .from(pp)
    .where(and(eq(pp.tenantId, tenantId), eq(pp.userId, userId)));
  return row ?? null;
};

export const upsertPetitionerProfile = async (tx: Executor, tenantId: string, userId: string, info: unknown) => {
  await tx
    .insert(pp)
    .values({ tenantId, userId, info })
    .onConflictDoUpdate({ target: pp.userId, set: { info, updatedOn: new Date() } });
};
