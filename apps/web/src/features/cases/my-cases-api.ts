import type { CASE_STATUSES } from '@caseport/domain/cases/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { type ApiBody, api } from '../../lib/api-client';
import { saveDownloaded } from '../../lib/files';

/** Issue 35 item 1: 'My cases' of the people outside the firm (roles 11, 12, 50, 51). */
const KEY = ['my-cases'] as const;

export interface MyCaseQuery {
  page: number;
  perpage: number;
  sorting: { path: string; order: 1 | -1 };
  filters: { searchString?: string; statuses?: (typeof CASE_STATUSES)[number][] };
}

export const useMyCaseList = (q: MyCaseQuery) =>
  useQuery({
    queryKey: [...KEY, 'list', q],
    queryFn: ({ signal }) => api.call('/api/my-cases/list', q as ApiBody<'/api/my-cases/list'>, signal),
    placeholderData: keepPreviousData,
  });

export const useMyCase = (caseId: string) =>
  useQuery({
    queryKey: [...KEY, 'details', caseId],
    queryFn: ({ signal }) => api.call('/api/my-cases/details', { caseId }, signal),
  });

export const useDownloadMyInvoice = (caseId: string) =>
  useMutation({
    mutationFn: async (invoice: { _id: string; invoiceNumber: string }) =>
      saveDownloaded(
        await api.download('/api/my-cases/invoice-pdf', { caseId, invoiceId: invoice._id }),
        `${invoice.invoiceNumber}.pdf`,
      ),
  });
