import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * Role 1's customers (D-02): every tenant, for the screens where the platform admin picks the customer it acts
 * for (Case Code Configuration's filter, Reminders, Accounting). One query key, so they share one load.
 */
export const useCustomerList = (enabled: boolean) =>
  useQuery({
    queryKey: ['tenant', 'list', 'customers'],
    enabled,
    staleTime: 5 * 60_000,
    queryFn: () => api.call('/api/tenant/list', { page: 1, perpage: 10_000, getMasterData: true }).then((r) => r.list),
  });
