import { Drawer, Stack, Text } from '@mantine/core';
import type { HelpEntry } from './help-text';

export default function HelpDrawer({
  entry,
  opened,
  onClose,
}: {
  entry: HelpEntry | undefined;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={opened && !!entry}
      onClose={onClose}
      position="right"
      size="md"
      title={entry ? `Help: ${entry.title}` : 'Help'}
      closeButtonProps={{ 'aria-label': 'Close help' }}
    >
      <Stack gap="sm">
        {entry?.paragraphs.map((p) => (
          <Text key={p} size="sm">
            {p}
          </Text>
        ))}
      </Stack>
    </Drawer>
  );
}
