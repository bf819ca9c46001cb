import type { LoginBody, Me } from '@caseport/domain/auth/contracts';
import type { OwnProfileBody } from '@caseport/domain/users/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { ME_KEY } from '../../lib/current-user';

/** Who is signed in here: null when nobody is (issue 38, finding 7: answered 200, no failing request). */
const fetchMe = async (): Promise<Me | null> => (await api.call('/api/auth/session', {})).me;

/** `fetch: false` reads only what is cached (the login page must not probe the session: a 401 is noise there). */
export const useMe = ({ fetch = true }: { fetch?: boolean } = {}) =>
  useQuery({ queryKey: ME_KEY, queryFn: fetchMe, staleTime: 5 * 60_000, enabled: fetch });

/** A new session's Me: nothing cached for another user who was signed in in this tab may leak across. */
export const useSignedIn = () => {
  const queryClient = useQueryClient();
  return (me: Me) => {
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_KEY[0] });
    queryClient.setQueryData(ME_KEY, me);
  };
};

/** The password step: signed in, or a second step to take (issue 16, two-factor sign-in). */
export const useLogin = () => {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: LoginBody) => api.call('/api/auth/login', body),
    onSuccess: (answer) => {
      if (!('mfa' in answer)) signedIn(answer);
    },
  });
};

export const useMfaVerify = () => {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: { challenge: string; code: string } | { challenge: string; recoveryCode: string }) =>
      api.call('/api/auth/mfa/verify', body),
    onSuccess: signedIn,
  });
};

export const useMfaEnrolStart = () =>
  useMutation({
    mutationFn: (challenge: string) => api.call('/api/auth/mfa/enrol-start', { challenge }),
  });

/** Signs in once the codes are shown: the caller sets Me when the user has saved them. */
export const useMfaEnrolConfirm = () =>
  useMutation({
    mutationFn: (body: { challenge: string; code: string }) => api.call('/api/auth/mfa/enrol-confirm', body),
  });

export const useLogout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('/api/auth/logout', {}),
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
    mutationFn: (body: OwnProfileBody) => api.call('/api/users/update-own-profile', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_KEY }),
  });
};
