import { type ListRequest, useListQuery } from '../../components/use-list-query';
import { type ApiBody, type ApiResponse, api, type PostPath } from '../../lib/api-client';
import { OUTBOX_KEY, TENANTS_KEY, USERS_KEY } from '../../lib/query-keys';
import { useInvalidatingMutation } from '../../lib/use-invalidating-mutation';

export const useUsers = (body: ListRequest<{ searchString?: string; roleIds?: number[]; statuses?: string[] }>) =>
  // The sort path is the column's sortPath, one of those the server lists.
  useListQuery(USERS_KEY, '/api/users/list', body as ApiBody<'/api/users/list'>);

export type UserAnswer = ApiResponse<'/api/users/update'>;
export type LinkAnswer = ApiResponse<'/api/users/invite'>;

/** Every user change refreshes the list and the outbox (a link may have been written). */
const useUserMutation = <P extends PostPath>(path: P) =>
  useInvalidatingMutation((body: ApiBody<P>) => api.call(path, body), [USERS_KEY, OUTBOX_KEY, TENANTS_KEY]);

export const useInviteUser = () => useUserMutation('/api/users/invite');
export const useUpdateUser = () => useUserMutation('/api/users/update');
export const useUserStatus = () => useUserMutation('/api/users/manage-status');
export const useResetMfa = () => useUserMutation('/api/users/reset-mfa');
export const useSendLink = () => useUserMutation('/api/users/send-link');
