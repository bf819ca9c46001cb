import type { LoginBody, Me } from '@caseport/domain/auth/contracts';
import type { OwnProfileBody } from '@caseport/domain/users/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api-client';

export const ME_KEY = ['auth', 'me'] as const;

/** A 401 from /auth/me is the ordinary "not signed in" answer, so it resolves to null instead of failing. */
const fetchMe = async (): Promise<Me | null> => {
  try {
    return await api.get<Me>('/api/auth/me');
  } catch (e) {
    if (isApiError(e) && e.status === 401) return null;
    throw e;
  }
};

/** `fetch: false` reads only what is cached (the login page must not probe the session: a 401 is noise there). */
export const useMe = ({ fetch = true }: { fetch?: boolean } = {}) =>
  useQuery({ queryKey: ME_KEY, queryFn: fetchMe, staleTime: 5 * 60_000, enabled: fetch });

export const useLogin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => api.post<Me>('/api/auth/login', body),
    onSuccess: (me) => {
      // Another user may have been signed in in this tab: nothing cached for them may leak across.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_KEY[0] });
      queryClient.setQueryData(ME_KEY, me);
    },
  });
};

export const useLogout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<unknown>('/api/auth/logout', {}),
    // Signed out locally even if the call failed (expired session): the cookie is gone or useless.
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(ME_KEY, null);
    },
  });
};

/** My Profile: the signed-in user's own name (issue 16). */
export const useUpdateOwnProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OwnProfileBody) => api.post<{ message: string }>('/api/users/update-own-profile', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_KEY }),
  });
};
