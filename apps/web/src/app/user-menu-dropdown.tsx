import type { Me } from '@caseport/domain/auth/contracts';
import { Group, Menu, Stack, Text } from '@mantine/core';
import { IconBuilding, IconClock, IconKey, IconLogout, IconUser, IconUserShield } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { datesNote } from '../components/format-date';
import { notify } from '../components/notify';
import { useLogout } from '../features/auth/api';
import { displayName, tenantName, UserMenuTrigger } from './user-menu-trigger';

/** Loaded on first open: the shell's initial JS stays inside its budget. */
const ChangePasswordDialog = lazy(() => import('../features/auth/change-password-dialog'));

/** The account menu itself (Mantine Menu + floating-ui), loaded on the first click of its trigger. */
export default function UserMenuDropdown({ me }: { me: Me }) {
  const navigate = useNavigate();
  const [changingPassword, setChangingPassword] = useState(false);
  const logout = useLogout();
  const onSignOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => navigate('/login', { replace: true }),
      onError: () => {
        navigate('/login', { replace: true });
        notify.error('The server did not confirm the sign-out; your session on this device was cleared.');
      },
    });

  return (
    <>
      <Menu position="bottom-end" width={260} withinPortal defaultOpened>
        <Menu.Target>
          <UserMenuTrigger me={me} />
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Signed in as</Menu.Label>
          <Stack gap={2} px="sm" pb="xs">
            <Text size="sm" fw={600}>
              {displayName(me)}
            </Text>
            <Text size="xs" c="dimmed">
              {me.user.email}
            </Text>
            <Group gap={6} mt={4} wrap="nowrap">
              <IconUserShield size={14} aria-hidden="true" />
              <Text size="xs">{me.user.roleName}</Text>
            </Group>
            <Group gap={6} wrap="nowrap">
              <IconBuilding size={14} aria-hidden="true" />
              <Text size="xs">{tenantName(me)}</Text>
            </Group>
            <Group gap={6} wrap="nowrap">
              <IconClock size={14} aria-hidden="true" />
              <Text size="xs">{datesNote(me)}</Text>
            </Group>
          </Stack>
          <Menu.Divider />
          <Menu.Item leftSection={<IconUser size={16} aria-hidden="true" />} onClick={() => navigate('/account')}>
            My Profile
          </Menu.Item>
          <Menu.Item leftSection={<IconKey size={16} aria-hidden="true" />} onClick={() => setChangingPassword(true)}>
            Change password
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconLogout size={16} aria-hidden="true" />}
            onClick={onSignOut}
            disabled={logout.isPending}
          >
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {changingPassword ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog opened onClose={() => setChangingPassword(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
