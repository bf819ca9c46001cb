import { Center, Stack, Text, Title } from '@mantine/core';
import { useCurrentUser } from '../lib/current-user';
import { ShellLayout } from './shell-layout';

/** Roles outside 1-4 and 50 (e.g. signatories) have no screen in this part of the portal (R-SHELL-001). */
export function NoAccessPage() {
  const me = useCurrentUser();
  return (
    <ShellLayout me={me}>
      <Center mih="50dvh">
        <Stack align="center" gap="xs" maw={480} ta="center">
          <Title order={1} fz="h3">
            Nothing to configure here
          </Title>
          <Text c="dimmed">
            Settings are available to administrators and branch managers. Your role ({me.user.roleName}) has no settings
            to manage; ask your administrator if you need a change.
          </Text>
        </Stack>
      </Center>
    </ShellLayout>
  );
}
