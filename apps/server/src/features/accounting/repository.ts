import { type Executor, schema, type Tx } from '@caseport/db/client';
import { ACCOUNTING_FEE_LINES_MAX } from '@caseport/domain/accounting/contracts';
import { and, asc, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';

const a = schema.accountingSettings;
const inv = schema.invoices;
const lines = schema.filingFeeLines;
const versions = schema.filingFeeVersions;

/** The most invoices (and payments) one export carries: years of a firm's invoices, far below a memory risk. */
export const EXPORT_ROWS_MAX = 20_000;

export const findSettings = async (tx: Executor, tenantId: string) => {
  const [row] = await tx.select().from(a).where(eq(a.tenantId, tenantId));
  return row ?? null;
};

export const insertSettings = async (
  tx: Tx,
  tenantId: string,
  values: { mapping: unknown; createdBy: string | null },
  now: Date,
) => {
  const [row] = await tx
    .insert(a)
    .values({ tenantId, ...values, createdOn: now, updatedOn: now })
    .onConflictDoNothing({ target: a.tenantId })
    .returning({ id: a.id });
  return row ?? null;
};

export const updateSettings = async (tx: Tx, tenantId: string, mapping: unknown, now: Date) => {
  const [row] = await tx
    .update(a)
    .set({ mapping, updatedOn: now })
    .where(eq(a.tenantId, tenantId))
    .returning({ id: a.id });
  return row ?? null;
};

/** The firm's fee lines: one per code across its saved fee versions, named as in its newest version. */
export const feeLines = (tx: Executor, tenantId: string) =>
  tx
    .selectDistinctOn([lines.code], { code: lines.code, name: lines.name, type: lines.type })
    .from(lines)
    .innerJoin(versions, and(eq(versions.tenantId, lines.tenantId), eq(versions.id, lines.versionId)))
    .where(eq(lines.tenantId, tenantId))
    .orderBy(asc(lines.code), desc(versions.effectiveFrom))
    .limit(ACCOUNTING_FEE_LINES_MAX);

/** The tenant's calendar day of a timestamp column, compared with a day range (both days included). */
const dayWithin = (column: SQL | typeof inv.createdOn, timeZone: string, from: string, to: string) =>
  sql`(${column} at time zone ${timeZone})::date between ${from}::date and ${to}::date`;

/** Invoices issued on the tenant's days `from`..`to`, oldest first. */
export const invoicesIssued = (tx: Executor, tenantId: string, timeZone: string, from: string, to: string) =>
  tx
    .select()
    .from(inv)
    .where(and(eq(inv.tenantId, tenantId), dayWithin(inv.createdOn, timeZone, from, to)))
    .orderBy(asc(inv.createdOn), asc(inv.refId))
    .limit(EXPORT_ROWS_MAX);

/** Invoices paid on the tenant's days `from`..`to` (an invoice is paid whole, once: R-BILL-031). */
export const invoicesPaid = (tx: Executor, tenantId: string, timeZone: string, from: string, to: string) =>
  tx
    .select()
    .from(inv)
    .where(and(eq(inv.tenantId, tenantId), isNotNull(inv.paidOn), dayWithin(sql`${inv.paidOn}`, timeZone, from, to)))
    .orderBy(asc(inv.paidOn), asc(inv.refId))
    .limit(EXPORT_ROWS_MAX);
