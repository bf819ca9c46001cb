import { type Executor, schema } from '@caseport/db/client';
import { and, eq, sql } from 'drizzle-orm';

const pf = schema.platformForms;
const pe = schema.platformFormEditions;
const pcc = schema.platformCaseConfigs;
const tenants = schema.tenants;

/** The statements the platform's offer to tenants also reads live in platform/ (issue 40); the screens use them too. */
export {
  catalogueSubTypes,
  catalogueTypes,
  editionsOf,
  findForm,
  findSubType,
  listForms,
  platformConfigs,
  publishedQuestionnaires,
} from '../../platform/library-offer-repository';

/** @platformScope the platform library (forms, editions) is platform master data with no tenant column */
export const findFormByNumber = async (tx: Executor, formNumber: string) => {
  const [row] = await tx.select({ id: pf.id }).from(pf).where(sql`upper(${pf.formNumber}) = upper(${formNumber})`);
  return row ?? null;
};

type FormValues = Omit<typeof pf.$inferInsert, 'id' | 'createdOn'>;
/** @platformScope the platform library (forms, editions) is platform master data with no tenant column */
export const insertForm = async (tx: Executor, values: FormValues) => {
  const [row] = await tx.insert(pf).values(values).returning({ id: pf.id });
  return row!.id;
};
/** @platformScope the platform library (forms, editions) is platform master data with no tenant column */
export const updateForm = (tx: Executor, id: string, values: Partial<FormValues>) =>
  tx.update(pf).set(values).where(eq(pf.id, id));

/** @platformScope the platform library (forms, editions) is platform master data with no tenant column */
export const insertEdition = async (tx: Executor, values: typeof pe.$inferInsert) => {
  const [row] = await tx.insert(pe).values(values).returning({ id: pe.id });
  return row!.id;
};

/** @platformScope the platform library (forms, editions) is platform master data with no tenant column */
export const findEditionByDate = async (tx: Executor, formId: string, editionDate: string) => {
  const [row] = await tx
    .select({ id: pe.id })
    .from(pe)
    .where(and(eq(pe.formId, formId), eq(pe.editionDate, editionDate)));
  return row ?? null;
};

/** @platformScope role 1 names the tenant a shared letter came from; the tenant directory is the platform's */
export const existingTenant = async (tx: Executor, id: string) => {
  const [row] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, id));
  return row ?? null;
};

// Platform default configurations --------------------------------------------------------------------------

/** @platformScope the platform default configurations are platform-wide rows */
export const findPlatformConfig = async (tx: Executor, subTypeId: number) => {
  const [row] = await tx.select().from(pcc).where(eq(pcc.subTypeId, subTypeId));
  return row ?? null;
};
/** @platformScope the platform default configurations are platform-wide rows */
export const upsertPlatformConfig = (tx: Executor, values: typeof pcc.$inferInsert) =>
  tx
    .insert(pcc)
    .values(values)
    .onConflictDoUpdate({
      target: pcc.subTypeId,
      set: {
        typeId: values.typeId,
        questionnaireId: values.questionnaireId,
        linkDefaultWorkflow: values.linkDefaultWorkflow,
        formIds: values.formIds,
        updatedBy: values.updatedBy,
        updatedOn: values.updatedOn,
      },
    });
/** @platformScope the platform default configurations are platform-wide rows */
export const deletePlatformConfig = (tx: Executor, subTypeId: number) =>
  tx.delete(pcc).where(eq(pcc.subTypeId, subTypeId));
