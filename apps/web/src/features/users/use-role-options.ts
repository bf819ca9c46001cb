import { useMemo } from 'react';
import { useCurrentUser } from '../../lib/current-user';
import { useMasterData } from '../../lib/use-master-data';

/** Role names from master data 'user_roles', by id. */
export const useRoleNames = () => {
  const roles = useMasterData('user_roles', { perpage: 1000 });
  return useMemo(() => new Map((roles.data ?? []).map((r) => [r.id, r.name])), [roles.data]);
};

/** The roles the signed-in user may give (001 §6, `allowedRoleIds` of /api/auth/me), as Select options. */
export const useAssignableRoles = () => {
  const me = useCurrentUser();
  const names = useRoleNames();
  return me.allowedRoleIds.map((id) => ({ value: String(id), label: names.get(id) ?? `Role ${id}` }));
};
