import type { AccountingExportQuery, AccountingSaveBody } from '@caseport/domain/accounting/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { saveDownloaded } from '../../lib/files';

const KEY = ['accounting'] as const;

/** The mapping (or its defaults), the firm's fee lines and time zone; role 1 names the customer (D-02). */
export const useAccountingSettings = (tenantId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: [...KEY, 'settings', tenantId],
    enabled,
    queryFn: () => api.call('/api/accounting/settings', tenantId ? { tenantId } : {}),
  });

export const useSaveAccountingSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountingSaveBody) => api.call('/api/accounting/save-settings', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
};

/** Fetches the export and hands it to the browser as a download (errors stay in the page as toasts). */
export const useDownloadExport = () =>
  useMutation({
    mutationFn: async (query: AccountingExportQuery) => {
      saveDownloaded(await api.download('/api/accounting/export', query), `quickbooks.${query.format}`);
    },
  });
