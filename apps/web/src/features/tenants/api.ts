import type { TenantCreateBody, TenantListItem } from '@caseport/domain/tenants/contracts';
import type { Delivery } from '@caseport/domain/users/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ListRequest, useListQuery } from '../../components/use-list-query';
import { api } from '../../lib/api-client';
import { OUTBOX_KEY, TENANTS_KEY, USERS_KEY } from '../../lib/query-keys';

/** A tenant change refreshes the tenant list, the user list and the outbox (its admin's link may have been written). */
const useTenantMutation = <B, A>(path: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api.post<A>(path, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: USERS_KEY });
      void queryClient.invalidateQueries({ queryKey: OUTBOX_KEY });
      void queryClient.invalidateQueries({ queryKey: TENANTS_KEY });
    },
  });
};

export const useTenants = (body: ListRequest<{ searchString?: string; tenantType?: 1 | 2; status?: string }>) =>
  useListQuery<TenantListItem>(TENANTS_KEY, '/api/tenant/list', body);
export const useCreateTenant = () =>
  useTenantMutation<TenantCreateBody, { message: string; tenant: TenantListItem; delivery: Delivery }>(
    '/api/tenant/create',
  );
export const useTenantStatus = () =>
  useTenantMutation<{ tenantId: string; active: boolean }, { message: string; tenant: TenantListItem }>(
    '/api/tenant/manage-status',
  );
