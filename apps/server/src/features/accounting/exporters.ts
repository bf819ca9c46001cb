import type { ExportFormat } from '@caseport/domain/accounting/contracts';
import { type ExportBatch, formatCsv, formatIif } from '@caseport/domain/accounting/formats';

/** What an export hands back: here always a file the firm imports into QuickBooks. */
export interface ExportFile {
  filename: string;
  contentType: string;
  body: string;
}

/**
 * Issue 21: the sync behind one interface. The file adapters below write what QuickBooks imports; an online
 * connection (QuickBooks Online's API) is one more implementation of `AccountingExporter` that posts the same
 * batch and answers a receipt file, registered in EXPORTERS: the service, the mapping and the batch stay.
 */
export interface AccountingExporter {
  readonly format: ExportFormat;
  export(batch: ExportBatch, range: { from: string; to: string }): Promise<ExportFile>;
}

const fileName = (kind: string, range: { from: string; to: string }, ext: string) =>
  `quickbooks-${kind}-${range.from}-to-${range.to}.${ext}`;

/** QuickBooks Desktop: File → Utilities → Import → IIF Files. Bills and bill payments. */
export const iifExporter: AccountingExporter = {
  format: 'iif',
  export: async (batch, range) => ({
    filename: fileName('bills-payments', range, 'iif'),
    // IIF is tab-separated text; QuickBooks reads it as Windows text.
    contentType: 'text/plain; charset=utf-8',
    body: formatIif(batch),
  }),
};

/** QuickBooks Online: Settings → Import data → Bills. Bills only (bill payments are not importable there). */
export const csvExporter: AccountingExporter = {
  format: 'csv',
  export: async (batch, range) => ({
    filename: fileName('bills', range, 'csv'),
    contentType: 'text/csv; charset=utf-8',
    body: formatCsv(batch),
  }),
};

export const EXPORTERS: Record<ExportFormat, AccountingExporter> = { iif: iifExporter, csv: csvExporter };
