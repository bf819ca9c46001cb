import { findTab } from '@caseport/domain/settings/tabs';
import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import type { TabPanelProps } from '../lib/tab-panel';

export const placeholderText = (label: string) => `${label} — this area is being built; nothing here is stored yet.`;

export function PlaceholderPanel({ tabKey, subTab, title }: TabPanelProps & { title?: string | undefined }) {
  const label = title ?? findTab(tabKey)?.label ?? tabKey;
  return (
    <Stack gap="md">
      <Title order={2}>{label}</Title>
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="sm" ta="center" py="lg">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden="true">
            <IconHammer size={26} />
          </ThemeIcon>
          <Text>{placeholderText(label)}</Text>
          {subTab ? (
            <Text size="sm" c="dimmed">
              Requested section: {subTab}
            </Text>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}
