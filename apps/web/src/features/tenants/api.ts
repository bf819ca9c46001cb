import { type ListRequest, useListQuery } from '../../components/use-list-query';
import { type ApiBody, api, type PostPath } from '../../lib/api-client';
import { OUTBOX_KEY, TENANTS_KEY, USERS_KEY } from '../../lib/query-keys';
import { useInvalidatingMutation } from '../../lib/use-invalidating-mutation';

/** A tenant change refreshes the tenant list, the user list and the outbox (its admin's link may have been written). */
const useTenantMutation = <P extends PostPath>(path: P) =>
  useInvalidatingMutation((body: ApiBody<P>) => api.call(path, body), [USERS_KEY, OUTBOX_KEY, TENANTS_KEY]);

export const useTenants = (body: ListRequest<{ searchString?: string; tenantType?: 1 | 2; status?: string }>) =>
  // The sort path is the column's sortPath, one of those the server lists.
  useListQuery(TENANTS_KEY, '/api/tenant/list', body as ApiBody<'/api/tenant/list'>);
export const useCreateTenant = () => useTenantMutation('/api/tenant/create');
export const useTenantStatus = () => useTenantMutation('/api/tenant/manage-status');
