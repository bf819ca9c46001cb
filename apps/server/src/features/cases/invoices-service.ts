import type { Executor } from '@caseport/db/client';
import { formatUsd } from '@caseport/domain/billing/invoices';
import {
  CASE_INVOICE_STATUS_NAMES,
  type CaseInvoice,
  type CaseInvoiceStatus,
  caseInvoiceBilledTo,
  caseInvoiceNumber,
} from '@caseport/domain/cases/case-invoices';
import { invoiceTotal } from '@caseport/domain/cases/run-data';
import { formatProfileAddress } from '@caseport/domain/profile/contracts';
import { casePetitionerOf } from '../../platform/case-view';
import type { TenantContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { invoiceDate, renderInvoiceDocument } from '../../platform/invoice-document';
import * as repo from './invoices-repository';

/**
 * Issue 34 item 5: CREATE_INVOICE issues the case's invoice from the lines the firm confirmed; its undo voids it.
 * Billed to the case's petitioner (name and address as they are when it is issued: the invoice keeps them), else
 * its beneficiary or applicant.
 */
export const issueCaseInvoice = async (
  tx: Executor,
  ctx: TenantContext,
  input: {
    caseId: string;
    petitionerId: string | null;
    activityId: string;
    lines: { label: string; amount: number }[];
    issuedOn: string;
  },
) => {
  const c = await repo.findCaseForInvoice(tx, ctx.tenantId, input.caseId);
  if (!c) throw notFound('Case');
  const petitioner = await casePetitionerOf(tx, ctx.tenantId, input.petitionerId);
  const name = caseInvoiceBilledTo({
    petitionerName: petitioner?.name,
    beneficiaryName: c.beneficiaryName ?? c.applicantName,
  });
  const billedTo = [name, petitioner?.name === name ? petitioner.address : null].filter(Boolean).join('\n');
  const n = (await repo.countCaseInvoices(tx, ctx.tenantId, input.caseId)) + 1;
  const row = await repo.insertCaseInvoice(tx, ctx.tenantId, {
    caseId: input.caseId,
    activityId: input.activityId,
    invoiceNumber: caseInvoiceNumber(c.caseNumber, n),
    issuedOn: input.issuedOn,
    billedTo,
    lines: input.lines.map((l) => ({ label: l.label, amount: l.amount })),
    totalCents: Math.round(invoiceTotal(input.lines) * 100),
    createdBy: ctx.principal.userId,
  });
  return { invoiceId: row.id, invoiceNumber: row.invoiceNumber };
};

/** The undo of CREATE_INVOICE: the invoice it issued is voided (kept, its number taken). */
export const voidCaseInvoice = (tx: Executor, ctx: TenantContext, activityId: string, at: Date) =>
  repo.voidActivityInvoice(tx, ctx.tenantId, activityId, at.toISOString());

const toView = (row: repo.CaseInvoiceRow): CaseInvoice => ({
  _id: row.id,
  invoiceNumber: row.invoiceNumber,
  issuedOn: row.issuedOn,
  billedTo: row.billedTo,
  lines: row.lines as CaseInvoice['lines'],
  total: row.totalCents / 100,
  status: row.status as CaseInvoiceStatus,
  voidedOn: row.voidedOn,
});

export const listCaseInvoices = async (tx: Executor, ctx: TenantContext, caseId: string) => {
  if (!(await repo.findCaseForInvoice(tx, ctx.tenantId, caseId))) throw notFound('Case');
  return { list: (await repo.listCaseInvoices(tx, ctx.tenantId, caseId)).map(toView) };
};

/** The PDF of one of a case's invoices, rendered from its row; another case's or tenant's id is 404. */
export const caseInvoicePdf = async (tx: Executor, ctx: TenantContext, caseId: string, invoiceId: string) => {
  const row = await repo.findCaseInvoice(tx, ctx.tenantId, caseId, invoiceId);
  if (!row) throw notFound('Invoice');
  const firm = await repo.findIssuer(tx, ctx.tenantId);
  const invoice = toView(row);
  const data = await renderInvoiceDocument({
    issuer: {
      name: firm?.name ?? 'Caseport',
      tagline: formatProfileAddress((firm?.profile as Record<string, unknown> | null)?.address) ?? '',
    },
    number: invoice.invoiceNumber,
    facts: [
      ['Invoice date', invoiceDate(invoice.issuedOn)],
      ['Status', CASE_INVOICE_STATUS_NAMES[invoice.status]],
    ],
    billedTo: invoice.billedTo.split('\n'),
    lines: invoice.lines.map((l) => ({ description: l.label, amount: formatUsd(l.amount) })),
    total: `${formatUsd(invoice.total)} USD`,
    ...(invoice.status === 'void' ? { stamp: 'VOID' } : {}),
    footer: 'Thank you for your business.',
    createdOn: new Date(row.createdOn),
  });
  return { filename: `${invoice.invoiceNumber}.pdf`, data };
};
