import type { Me } from '@caseport/domain/auth/contracts';
import { Avatar, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBuilding, IconChevronDown, IconLogout, IconUserShield } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { notify } from '../components/notify';
import { useLogout } from '../features/auth/api';

const initials = (me: Me) =>
  `${me.user.firstName.charAt(0)}${me.user.lastName.charAt(0)}`.toUpperCase() || me.user.email.charAt(0).toUpperCase();

export const displayName = (me: Me) => `${me.user.firstName} ${me.user.lastName}`.trim() || me.user.email;

/** Platform users (roles 1 and 2) belong to no tenant. */
export const tenantName = (me: Me) => me.tenant?.name ?? 'Caseport platform';

export function UserMenu({ me }: { me: Me }) {
  const navigate = useNavigate();
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
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={`Account menu for ${displayName(me)}`}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
          p={4}
        >
          <Group gap="xs" wrap="nowrap">
            <Avatar color="brand" radius="xl" size={34}>
              {initials(me)}
            </Avatar>
            <Stack gap={0} visibleFrom="sm" style={{ lineHeight: 1.2 }}>
              <Text size="sm" fw={600} lh={1.3}>
                {displayName(me)}
              </Text>
              <Text size="xs" c="dimmed" lh={1.3}>
                {me.user.roleName} · {tenantName(me)}
              </Text>
            </Stack>
            <IconChevronDown size={16} aria-hidden="true" />
          </Group>
        </UnstyledButton>
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
        </Stack>
        <Menu.Divider />
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
  );
}
