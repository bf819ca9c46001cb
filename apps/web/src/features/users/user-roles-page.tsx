import { isPlatformRole } from '@caseport/domain/auth/roles';
import { roleCapabilities } from '@caseport/domain/users/role-catalogue';
import { Accordion, Badge, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import type { TabPanelProps } from '../../lib/tab-panel';
import { useMasterData } from '../../lib/use-master-data';
import { TwoFactorPanel } from './two-factor-panel';
import { useRoleNames } from './use-role-options';

/** R-ROLE-008: never offered as a choice. */
const NOT_OFFERED = [14, 49];
const TYPE_NOTE: Record<number, string> = { 1: 'law firms only', 2: 'petitioner companies only' };

function RoleDetails({ roleId }: { roleId: number }) {
  const names = useRoleNames();
  const c = roleCapabilities(roleId);
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={600}>
          Settings tabs
        </Text>
        {c.tabs.length ? (
          <Group gap={6} mt={4}>
            {c.tabs.map((t) => (
              <Badge
                key={t.key}
                variant={t.inMenu ? 'light' : 'outline'}
                color="blue"
                tt="none"
                // Long labels wrap on a phone instead of being cut.
                style={{ maxWidth: '100%', height: 'auto', whiteSpace: 'normal' }}
              >
                {t.label}
                {t.inMenu ? '' : ' (opened from another screen)'}
                {t.tenantTypes?.length === 1 ? ` — ${TYPE_NOTE[t.tenantTypes[0] as number]}` : ''}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            None: this role does not open the settings.
          </Text>
        )}
      </div>
      <div>
        <Text size="sm" fw={600}>
          May give these roles
        </Text>
        <Text size="sm" c={c.canGive.length ? undefined : 'dimmed'}>
          {c.canGive.length ? c.canGive.map((id) => names.get(id) ?? `Role ${id}`).join(', ') : 'None'}
        </Text>
      </div>
      <div>
        <Text size="sm" fw={600}>
          What it may do
        </Text>
        <Stack gap={2} mt={4}>
          {c.areas.map((a) => (
            <Text key={a.area} size="sm">
              <Text span fw={500}>
                {a.area}
              </Text>
              : {a.actions.join(', ')}
            </Text>
          ))}
        </Stack>
      </div>
    </Stack>
  );
}

function RoleCatalogue() {
  const roles = useMasterData('user_roles', { perpage: 1000 });
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Every role, with the settings tabs it opens and what it may do. This is read from the same rules the server
        enforces.
      </Text>
      <Accordion variant="separated" multiple>
        {(roles.data ?? []).map((r) => (
          <Accordion.Item key={r.id} value={String(r.id)}>
            <Accordion.Control>
              <Group gap="sm" wrap="wrap">
                <Text fw={500}>{r.name}</Text>
                <Badge size="sm" variant="light" color="gray">
                  Role {r.id}
                </Badge>
                {NOT_OFFERED.includes(r.id) ? (
                  <Badge size="sm" variant="outline" color="gray">
                    Not offered as a choice
                  </Badge>
                ) : null}
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <RoleDetails roleId={r.id} />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}

/**
 * User Roles tab (usersRoles, R-SHELL-017): the role catalogue; for roles 3 and 4 the way to the Users screen
 * (`users` has no menu entry, R-SHELL-040); for roles 1 and 2 the tenant list beside it. The tenant list and the
 * audit trail are other areas' panels: the tab registry hands them in (app/user-roles-tab.tsx).
 */
export default function UserRolesPage({
  subTab,
  onSubTabChange,
  tenantsPanel,
  auditPanel,
}: TabPanelProps & { tenantsPanel: ReactNode; auditPanel: ReactNode }) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const platform = isPlatformRole(me.roleId);
  const admin = me.roleId === 3;
  const view = platform && subTab === 'tenants' ? 'tenants' : admin && subTab === 'audit' ? 'audit' : 'roles';
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>User Roles</Title>
        {me.tabs.includes('users') ? (
          <Button leftSection={<IconUsers size={16} aria-hidden="true" />} onClick={() => navigate('/settings/users')}>
            Manage Users
          </Button>
        ) : null}
      </Group>
      {admin ? (
        <SegmentedControl
          w="fit-content"
          value={view}
          onChange={(v) => onSubTabChange(v === 'audit' ? 'audit' : null)}
          data={[
            { value: 'roles', label: 'Roles' },
            { value: 'audit', label: 'Audit trail' },
          ]}
        />
      ) : null}
      {platform ? (
        <SegmentedControl
          w="fit-content"
          value={view}
          onChange={(v) => onSubTabChange(v === 'tenants' ? 'tenants' : null)}
          data={[
            { value: 'roles', label: 'Roles' },
            { value: 'tenants', label: 'Tenants' },
          ]}
        />
      ) : null}
      {view === 'tenants' ? (
        tenantsPanel
      ) : view === 'audit' ? (
        auditPanel
      ) : (
        <>
          {me.roleId === 3 ? <TwoFactorPanel /> : null}
          <RoleCatalogue />
        </>
      )}
    </Stack>
  );
}
