import type { CaseInvoice } from '@caseport/domain/cases/case-invoices';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { saveDownloaded } from '../../lib/files';

/** Issue 34 item 5: a case's invoices (issued by CREATE_INVOICE), its Fees tab. */
export const invoicesKey = (caseId: string) => ['cases', 'invoices', caseId] as const;

export const useCaseInvoices = (caseId: string) =>
  useQuery({
    queryKey: invoicesKey(caseId),
    queryFn: ({ signal }) => api.call('/api/cases/invoices/list', { caseId }, signal),
  });

export const useDownloadCaseInvoice = (caseId: string) =>
  useMutation({
    mutationFn: async (invoice: CaseInvoice) =>
      saveDownloaded(
        await api.download('/api/cases/invoices/pdf', { caseId, invoiceId: invoice._id }),
        `${invoice.invoiceNumber}.pdf`,
      ),
  });
