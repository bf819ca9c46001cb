import { Alert, Stack, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** D-03: what role 4 sees instead of any tab while the tenant profile is incomplete. */
export function NoticePanel({ title, notice }: { title: string; notice: string }) {
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden="true" />} role="status">
        {notice}
      </Alert>
    </Stack>
  );
}
