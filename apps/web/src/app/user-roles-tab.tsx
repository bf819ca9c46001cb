import { lazy, Suspense } from 'react';
import UserRolesPage from '../features/users/user-roles-page';
import type { TabPanelProps } from '../lib/tab-panel';

// Each its own chunk, loaded when its sub-tab opens.
const AuditPanel = lazy(() => import('../features/audit/audit-panel').then((m) => ({ default: m.AuditPanel })));
const TenantsPanel = lazy(() => import('../features/tenants/tenants-panel'));

/**
 * The User Roles tab (usersRoles): the users area's page, with the tenants area's list (roles 1 and 2) and the
 * audit area's trail (role 3) as its sub-tabs. Composed here because a feature imports no other feature.
 */
export default function UserRolesTab(props: TabPanelProps) {
  return (
    <UserRolesPage
      {...props}
      tenantsPanel={
        <Suspense fallback={null}>
          <TenantsPanel />
        </Suspense>
      }
      auditPanel={
        <Suspense fallback={null}>
          <AuditPanel />
        </Suspense>
      }
    />
  );
}
