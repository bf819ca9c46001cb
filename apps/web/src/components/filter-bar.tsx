import { Button, Group, Paper } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

export interface FilterBarProps {
  children: ReactNode;
  onApply: () => void;
  onClear: () => void;
  /** Apply disabled until something changed (the caller knows its draft). */
  applyDisabled?: boolean;
  applyLabel?: string;
  clearLabel?: string;
  /** Accessible name of the filter form ('Filters', 'Workflow filters'). */
  label?: string;
}

/** The one filter behaviour of the lists (LISTS.md). Filters are a draft until Apply, so a half-typed date range does not fire a request per keystroke. */
export function FilterBar({
  children,
  onApply,
  onClear,
  applyDisabled,
  applyLabel = 'Apply',
  clearLabel = 'Clear',
  label = 'Filters',
}: FilterBarProps) {
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    onApply();
  };
  return (
    <Paper component="form" role="search" aria-label={label} withBorder p="sm" radius="md" onSubmit={onSubmit}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        {children}
        <Group gap="xs" ml="auto">
          <Button type="button" variant="default" onClick={onClear}>
            {clearLabel}
          </Button>
          <Button type="submit" disabled={applyDisabled}>
            {applyLabel}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
