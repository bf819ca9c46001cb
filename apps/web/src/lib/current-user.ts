import type { Me } from '@caseport/domain/auth/contracts';
import { createContext, useContext } from 'react';

/** The query of POST /api/auth/session (features/auth/api.ts `useMe`); other areas refresh or clear it. */
export const ME_KEY = ['auth', 'me'] as const;

export const CurrentUserContext = createContext<Me | null>(null);

/** The signed-in user; only valid below <RequireAuth>, which renders nothing else until /auth/me answered. */
export function useCurrentUser(): Me {
  const me = useContext(CurrentUserContext);
  if (!me) throw new Error('useCurrentUser must be used below <RequireAuth>');
  return me;
}
