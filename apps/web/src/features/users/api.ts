import type {
  Delivery,
  UserInviteBody,
  UserItem,
  UserStatusBody,
  UserUpdateBody,
} from '@caseport/domain/users/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ListRequest, useListQuery } from '../../components/use-list-query';
import { api } from '../../lib/api-client';
import { OUTBOX_KEY, TENANTS_KEY, USERS_KEY } from '../../lib/query-keys';

export const useUsers = (body: ListRequest<{ searchString?: string; roleIds?: number[]; statuses?: string[] }>) =>
  useListQuery<UserItem>(USERS_KEY, '/api/users/list', body);

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
