import type { Executor, Tx } from '@caseport/db/client';
import {
  ACCOUNTING_MESSAGES,
  type AccountingExportQuery,
  type AccountingFeeLine,
  type AccountingSaveBody,
  type AccountingSettings,
  mappingWithDefaults,
} from '@caseport/domain/accounting/contracts';
import type { ExportBatch, ExportBill } from '@caseport/domain/accounting/formats';
import { qbDay } from '@caseport/domain/accounting/formats';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { TenantContext } from '../../platform/context';
import { fieldError, notFound } from '../../platform/errors';
import { tenantZone } from '../../platform/tenant-day';
import { EXPORTERS, type ExportFile } from './exporters';
import * as repo from './repository';

const ENTITY = 'accounting_settings';

const readMapping = async (tx: Executor, tenantId: string) => {
  const [row, fees] = await Promise.all([repo.findSettings(tx, tenantId), repo.feeLines(tx, tenantId)]);
  // The stored jsonb may be of an older shape: mappingWithDefaults reads it leniently.
  return { row, fees: fees as AccountingFeeLine[], mapping: mappingWithDefaults(row?.mapping ?? null, fees) };
};

/** The mapping (saved, or the defaults with `_id` null), the firm's fee lines and its time zone. */
export const accountingSettings = async (tx: Executor, ctx: TenantContext): Promise<AccountingSettings> => {
  const { row, fees, mapping } = await readMapping(tx, ctx.tenantId);
  return { _id: row?.id ?? null, mapping, feeLines: fees, timeZone: await tenantZone(tx, ctx.tenantId) };
};

/** Saves the whole mapping (the contract checked its rules); a fee code the firm does not have is refused. */
export const saveAccountingSettings = async (tx: Tx, ctx: TenantContext, clock: Clock, body: AccountingSaveBody) => {
  const fees = new Set((await repo.feeLines(tx, ctx.tenantId)).map((f) => f.code));
  const unknown = body.mapping.feeLines.findIndex((f) => !fees.has(f.code));
  if (unknown >= 0) throw fieldError(`mapping.feeLines.${unknown}.code`, ACCOUNTING_MESSAGES.unknownFee);
  const before = await repo.findSettings(tx, ctx.tenantId);
  const now = clock();
  // Two first saves at once: the second meets the row and updates it (the later save wins).
  const row = before
    ? await repo.updateSettings(tx, ctx.tenantId, body.mapping, now)
    : ((await repo.insertSettings(tx, ctx.tenantId, { mapping: body.mapping, createdBy: ctx.principal.userId }, now)) ??
      (await repo.updateSettings(tx, ctx.tenantId, body.mapping, now)));
  if (!row) throw notFound('Accounting settings');
  await recordAudit(tx, ctx, {
    entity: ENTITY,
    entityId: row.id,
    action: before ? 'update' : 'create',
    before: before?.mapping,
    after: body.mapping,
  });
  return { message: ACCOUNTING_MESSAGES.saved };
};

type InvoiceRow = Awaited<ReturnType<typeof repo.invoicesIssued>>[number];

/** An invoice of the invoice list as the firm's books see it: Caseport's bill for its plan and period. */
const toExportBill = (row: InvoiceRow): ExportBill => ({
  number: row.refId,
  issuedAt: row.createdOn,
  dueDate: row.dueDate,
  memo: `${row.planName} (${qbDay(row.periodStart)} - ${qbDay(row.periodEnd)})`,
  amountCents: row.totalCents,
});

/**
 * The tenant's own books for its days `from`..`to`: the subscription invoices issued (bills from the vendor)
 * and paid (bill payments), written by the exporter of the format. Only the caller's (or picked) tenant's rows: the repository's tenant filter and row-level
 * security both hold that line.
 */
export const exportAccounting = async (
  tx: Executor,
  ctx: TenantContext,
  query: AccountingExportQuery,
): Promise<ExportFile> => {
  const timeZone = await tenantZone(tx, ctx.tenantId);
  const [{ mapping }, issued, paid] = await Promise.all([
    readMapping(tx, ctx.tenantId),
    repo.invoicesIssued(tx, ctx.tenantId, timeZone, query.from, query.to),
    query.format === 'iif' ? repo.invoicesPaid(tx, ctx.tenantId, timeZone, query.from, query.to) : [],
  ]);
  const items = new Map<string, string>();
  for (const l of mapping.feeLines) if (!items.has(l.item)) items.set(l.item, l.incomeAccount);
  const batch: ExportBatch = {
    timeZone,
    ...mapping.subscriptionBill,
    items: [...items].map(([name, incomeAccount]) => ({ name, incomeAccount })),
    bills: issued.map(toExportBill),
    payments: paid.flatMap((r) =>
      r.paidOn ? [{ billNumber: r.refId, paidAt: r.paidOn, amountCents: r.totalCents }] : [],
    ),
  };
  return EXPORTERS[query.format].export(batch, { from: query.from, to: query.to });
};
