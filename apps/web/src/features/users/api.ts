import type { TenantCreateBody, TenantListItem } from '@caseport/domain/tenants/contracts';
import type {
  Delivery,
  OutboxItem,
  UserInviteBody,
  UserItem,
  UserStatusBody,
  UserUpdateBody,
} from '@caseport/domain/users/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useListQuery } from '../../components/use-list-query';
import { api } from '../../lib/api-client';

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
  useListQuery<UserItem>(USERS_KEY, '/api/users/list', body);

export const useOutbox = (body: ListRequest<{ to?: string }>) =>
  useListQuery<OutboxItem>(OUTBOX_KEY, '/api/mail-outbox/list', body);

export type UserAnswer = { message: string; user: UserItem };
export type LinkAnswer = UserAnswer & { delivery: Delivery };

/** Every user change refreshes the list and the outbox (a link may have been written). */
const useUserMutation = <B, A>(path: string) => {
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

export const useInviteUser = () => useUserMutation<UserInviteBody, LinkAnswer>('/api/users/invite');
export const useUpdateUser = () => useUserMutation<UserUpdateBody, UserAnswer>('/api/users/update');
export const useUserStatus = () => useUserMutation<UserStatusBody, UserAnswer>('/api/users/manage-status');
export const useResetMfa = () => useUserMutation<{ userId: string }, UserAnswer>('/api/users/reset-mfa');
export const useSendLink = () => useUserMutation<{ userId: string }, LinkAnswer>('/api/users/send-link');

export const useTenants = (body: ListRequest<{ searchString?: string; tenantType?: 1 | 2; status?: string }>) =>
  useListQuery<TenantListItem>(TENANTS_KEY, '/api/tenant/list', body);
export const useCreateTenant = () =>
  useUserMutation<TenantCreateBody, { message: string; tenant: TenantListItem; delivery: Delivery }>(
    '/api/tenant/create',
  );
export const useTenantStatus = () =>
  useUserMutation<{ tenantId: string; active: boolean }, { message: string; tenant: TenantListItem }>(
    '/api/tenant/manage-status',
  );
