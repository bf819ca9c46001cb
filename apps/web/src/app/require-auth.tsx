import { Navigate, Outlet, useLocation } from 'react-router';
import { setDisplayTimeZone } from '../components/format-date';
import { useMe } from '../features/auth/api';
import { loginUrlFor } from '../lib/api-client';
import { CurrentUserContext } from '../lib/current-user';
import { FullPageError, FullPageLoader } from './full-page-status';
import { ShellProvider } from './shell-context';

export function RequireAuth() {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <FullPageLoader label="Loading your account" />;
  if (me.isError) return <FullPageError error={me.error} onRetry={() => void me.refetch()} />;
  if (!me.data) return <Navigate to={loginUrlFor(`${location.pathname}${location.search}`)} replace />;
  // Every list and detail shows dates in the tenant's zone (components/LISTS.md).
  setDisplayTimeZone(me.data.tenant?.timezone);
  return (
    <CurrentUserContext.Provider value={me.data}>
      <ShellProvider>
        <Outlet />
      </ShellProvider>
    </CurrentUserContext.Provider>
  );
}
