import type { Me } from '@caseport/domain/auth/contracts';
import { Avatar, Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

const initials = (me: Me) =>
  `${me.user.firstName.charAt(0)}${me.user.lastName.charAt(0)}`.toUpperCase() || me.user.email.charAt(0).toUpperCase();

export const displayName = (me: Me) => `${me.user.firstName} ${me.user.lastName}`.trim() || me.user.email;

/** Platform users (roles 1 and 2) belong to no tenant. */
export const tenantName = (me: Me) => me.tenant?.name ?? 'Caseport platform';

/** The header's account button: avatar, name, role and tenant. Menu.Target passes its ref and handlers. */
export function UserMenuTrigger({ me, ...props }: { me: Me } & ComponentPropsWithRef<'button'>) {
  return (
    <UnstyledButton
      aria-label={`Account menu for ${displayName(me)}`}
      aria-haspopup="menu"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      p={4}
      {...props}
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
        {/* Phones: the avatar alone (with the chevron the header was 14 px wider than a 390 px screen). */}
        <Box visibleFrom="sm" lh={0}>
          <IconChevronDown size={16} aria-hidden="true" />
        </Box>
      </Group>
    </UnstyledButton>
  );
}
