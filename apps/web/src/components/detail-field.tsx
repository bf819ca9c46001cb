import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled value of a details view (a small dimmed label over the value; a dash when empty). */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children === null || children === undefined || children === '' ? '—' : children}
      </Text>
    </div>
  );
}
