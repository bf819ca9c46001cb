import { type Executor, schema } from '@caseport/db/client';
import { and, count, desc, eq } from 'drizzle-orm';

// Issue 34 item 5: a case's invoices (case_invoices), issued by CREATE_INVOICE and voided by its undo.
const i = schema.caseInvoices;
const k = schema.cases;

export type CaseInvoiceRow = typeof i.$inferSelect;

/** The names an invoice is addressed by, and the number it extends. */
export const findCaseForInvoice = async (tx: Executor, tenantId: string, caseId: string) => {
  const [row] = await tx
    .select({
      caseNumber: k.caseNumber,
      petitionerName: k.petitionerName,
      beneficiaryName: k.beneficiaryName,
      applicantName: k.applicantName,
    })
    .from(k)
    .where(and(eq(k.tenantId, tenantId), eq(k.id, caseId)));
  return row ?? null;
};

/** How many invoices the case has had (voided ones too): the next one is numbered after them. */
export const countCaseInvoices = async (tx: Executor, tenantId: string, caseId: string) => {
  const [row] = await tx
    .select({ n: count() })
    .from(i)
    .where(and(eq(i.tenantId, tenantId), eq(i.caseId, caseId)));
  return Number(row?.n ?? 0);
};

export const insertCaseInvoice = async (
  tx: Executor,
  tenantId: string,
  values: Omit<typeof i.$inferInsert, 'id' | 'tenantId' | 'status' | 'createdOn' | 'voidedOn'>,
) => {
  const [row] = await tx
    .insert(i)
    .values({ ...values, tenantId })
    .returning();
  return row as CaseInvoiceRow;
};

/** Voids the issued invoice an activity made; answers it (null when there is none). */
export const voidActivityInvoice = async (tx: Executor, tenantId: string, activityId: string, at: string) => {
  const [row] = await tx
    .update(i)
    .set({ status: 'void', voidedOn: at })
    .where(and(eq(i.tenantId, tenantId), eq(i.activityId, activityId), eq(i.status, 'issued')))
    .returning();
  return row ?? null;
};

/** A case's invoices, newest first. */
export const listCaseInvoices = (tx: Executor, tenantId: string, caseId: string) =>
  tx
    .select()
    .from(i)
    .where(and(eq(i.tenantId, tenantId), eq(i.caseId, caseId)))
    .orderBy(desc(i.createdOn), desc(i.invoiceNumber));

/** The firm that issues its case invoices: its name and profile (for the address). */
export const findIssuer = async (tx: Executor, tenantId: string) => {
  const [row] = await tx
    .select({ name: schema.tenants.name, profile: schema.tenants.profile })
    .from(schema.tenants)
    .where(eq(schema.tenants.id, tenantId));
  return row ?? null;
};

export const findCaseInvoice = async (tx: Executor, tenantId: string, caseId: string, invoiceId: string) => {
  const [row] = await tx
    .select()
    .from(i)
    .where(and(eq(i.tenantId, tenantId), eq(i.caseId, caseId), eq(i.id, invoiceId)));
  return row ?? null;
};
