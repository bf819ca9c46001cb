import { canOpenSettings, isPartyRole, isSigningRole, Role } from '@caseport/domain/auth/roles';
import { Navigate } from 'react-router';
import { useCurrentUser } from '../lib/current-user';
import { NoAccessPage } from './no-access-page';

/**
 * `/` by role (D-01): petitioners to their profile, a new tenant's administrator to first-time setup, settings
 * roles to the tab the activation rules pick.
 */
export function RootRedirect() {
  const me = useCurrentUser();
  if (me.roleId === Role.Petitioner) return <Navigate to="/petitioner-profile" replace />;
  // R-PROFILE-036: role 12 keeps its company's logo and address on the same screen.
  if (me.roleId === Role.AuthorizedSignatory) return <Navigate to="/petitioner-profile" replace />;
  // D-01: a new tenant's administrator starts in first-time setup, on its first step.
  if (me.roleId === Role.Admin && me.tenant?.profComplted !== 'Yes')
    return <Navigate to="/basic-settings/profile" replace />;
  if (canOpenSettings(me.roleId)) return <Navigate to="/settings" replace />;
  // Issue 35: a beneficiary or sponsor has no profile or settings to keep: their cases.
  if (isPartyRole(me.roleId)) return <Navigate to="/my-cases" replace />;
  // Issue 35 item 3: an attorney (role 5) has no settings: the documents waiting for their signature.
  if (isSigningRole(me.roleId)) return <Navigate to="/to-sign" replace />;
  return <NoAccessPage />;
}
