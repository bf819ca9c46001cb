import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useListQuery } from '../../components/use-list-query';
import { type ApiBody, type ApiResponse, api, type PostPath } from '../../lib/api-client';

export const USERS_KEY = ['users'] as const;
export const OUTBOX_KEY = ['mail-outbox'] as const;
export const TENANTS_KEY = ['tenant-admin'] as const;

export interface ListRequest<F> {
  page: number;
  perpage: number;
  sorting: { path: string; order: 1 | -1 };
  filters: F;
}

export const useUsers = (body: ListRequest<{ searchString?: string; roleIds?: number[]; statuses?: string[] }>) =>
  // The sort path is the column's sortPath, one of those the server lists.
  useListQuery(USERS_KEY, '/api/users/list', body as ApiBody<'/api/users/list'>);

export const useOutbox = (body: ListRequest<{ to?: string }>) =>
  // The sort path is the column's sortPath, one of those the server lists.
  useListQuery(OUTBOX_KEY, '/api/mail-outbox/list', body as ApiBody<'/api/mail-outbox/list'>);

export type UserAnswer = ApiResponse<'/api/users/update'>;
export type LinkAnswer = ApiResponse<'/api/users/invite'>;

/** Every user change refreshes the list and the outbox (a link may have been written). */
const useUserMutation = <P extends PostPath>(path: P) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<P>) => api.call(path, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: USERS_KEY });
      void queryClient.invalidateQueries({ queryKey: OUTBOX_KEY });
      void queryClient.invalidateQueries({ queryKey: TENANTS_KEY });
    },
  });
};

export const useInviteUser = () => useUserMutation('/api/users/invite');
export const useUpdateUser = () => useUserMutation('/api/users/update');
export const useUserStatus = () => useUserMutation('/api/users/manage-status');
export const useResetMfa = () => useUserMutation('/api/users/reset-mfa');
export const useSendLink = () => useUserMutation('/api/users/send-link');

export const useTenants = (body: ListRequest<{ searchString?: string; tenantType?: 1 | 2; status?: string }>) =>
  // The sort path is the column's sortPath, one of those the server lists.
  useListQuery(TENANTS_KEY, '/api/tenant/list', body as ApiBody<'/api/tenant/list'>);
export const useCreateTenant = () => useUserMutation('/api/tenant/create');
export const useTenantStatus = () => useUserMutation('/api/tenant/manage-status');
