import { type Executor, schema } from '@caseport/db/client';
import type { EsignField } from '@caseport/domain/esign-fields/contracts';
import { and, eq } from 'drizzle-orm';
import { ownedBy } from '../../platform/list';

const f = schema.esignFields;

/** The fields placed on one prepared document of the tenant, or null when none were saved yet. */
export const findFields = async (tx: Executor, tenantId: string | null, documentPath: string) => {
  const [row] = await tx
    .select({ id: f.id, fields: f.fields })
    .from(f)
    .where(and(ownedBy(f.tenantId, tenantId), eq(f.documentPath, documentPath)))
    .limit(1);
  return row ? { id: row.id, fields: row.fields as EsignField[] } : null;
};

export const insertFields = async (
  tx: Executor,
  tenantId: string | null,
  values: { documentPath: string; fields: EsignField[]; updatedBy: string; updatedOn: Date },
) => {
  const [row] = await tx
    .insert(f)
    .values({ ...values, tenantId })
    .returning({ id: f.id });
  return row!.id;
};

export const updateFields = async (
  tx: Executor,
  tenantId: string | null,
  id: string,
  values: { fields: EsignField[]; updatedBy: string; updatedOn: Date },
) => {
  await tx
    .update(f)
    .set(values)
    .where(and(ownedBy(f.tenantId, tenantId), eq(f.id, id)));
};
