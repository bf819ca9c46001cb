import { z } from 'zod';

/**
 * A case's invoices (issue 34 item 5): completing CREATE_INVOICE issues one from the lines the firm confirms (its
 * Fees tab's estimate by default); undoing the activity voids it. An issued invoice is never changed or deleted:
 * its number stays taken and its PDF reads the same on every download. Billed to the case's petitioner company
 * (a law firm's role-50 account, or the petitioner company itself), else its beneficiary or applicant.
 */
export const CASE_INVOICE_STATUSES = ['issued', 'void'] as const;
export type CaseInvoiceStatus = (typeof CASE_INVOICE_STATUSES)[number];
export const CASE_INVOICE_STATUS_NAMES: Record<CaseInvoiceStatus, string> = { issued: 'Issued', void: 'Void' };

/** The n-th invoice of a case (1-based, voided ones counted): `H1B-2026-10001-INV1`. */
export const caseInvoiceNumber = (caseNumber: string, n: number) => `${caseNumber}-INV${n}`;

/** Who a case's invoice is addressed to: its petitioner, else its beneficiary or applicant. */
export const caseInvoiceBilledTo = (names: { petitionerName?: string | null; beneficiaryName?: string | null }) =>
  names.petitionerName?.trim() || names.beneficiaryName?.trim() || 'Client';

export const CaseInvoiceLineSchema = z.object({ label: z.string(), amount: z.number() });

export const CaseInvoiceSchema = z.object({
  _id: z.string(),
  invoiceNumber: z.string(),
  /** The firm's day it was issued (YYYY-MM-DD). */
  issuedOn: z.string(),
  billedTo: z.string(),
  lines: z.array(CaseInvoiceLineSchema),
  /** Dollars, the sum of the lines (summed in cents). */
  total: z.number(),
  status: z.enum(CASE_INVOICE_STATUSES),
  voidedOn: z.string().nullable(),
});
export type CaseInvoice = z.infer<typeof CaseInvoiceSchema>;
export const CaseInvoicesSchema = z.object({ list: z.array(CaseInvoiceSchema) });

export const CaseInvoiceQuerySchema = z.object({ caseId: z.uuid(), invoiceId: z.uuid() }).strict();
export type CaseInvoiceQuery = z.infer<typeof CaseInvoiceQuerySchema>;
