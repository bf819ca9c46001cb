import type { Me } from '@caseport/domain/auth/contracts';
import { type ReactNode, Suspense } from 'react';
import { Navigate } from 'react-router';
import { useCurrentUser } from '../lib/current-user';
import { FullPageLoader } from './full-page-status';
import { ShellLayout } from './shell-layout';

/**
 * A signed-in page of a feature (/cases, /account) inside the shell's header. The page's own chunk loads behind
 * the full-page loader, as before; a role that may not open the page goes home (`allow`).
 */
export function ShellPage({ allow, children }: { allow?: (me: Me) => boolean; children: ReactNode }) {
  const me = useCurrentUser();
  if (allow && !allow(me)) return <Navigate to="/" replace />;
  return (
    <Suspense fallback={<FullPageLoader />}>
      <ShellLayout me={me}>{children}</ShellLayout>
    </Suspense>
  );
}
