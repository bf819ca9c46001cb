import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled frame of the Global Configuration screen. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={4} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Master-data rows as Select / MultiSelect options. */
export const asOptions = (rows: { id: number; name: string }[]) =>
  rows.map((r) => ({ value: String(r.id), label: r.name }));
