import { Button, Group, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { ListSearchInput } from './list-search-input';

/**
 * A list screen's header (LISTS.md): its title, the live search box and Add, left out when the role may not
 * add. It wraps below the title on a phone.
 */
export function ListHeader({
  title,
  searchLabel,
  search,
  onSearchChange,
  onAdd,
}: {
  title: string;
  /** The search box's placeholder, which is its label ('Search by Name'). */
  searchLabel: string;
  search: string;
  onSearchChange: (value: string) => void;
  onAdd?: () => void;
}) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <Title order={2}>{title}</Title>
      <Group gap="sm" wrap="wrap">
        <ListSearchInput label={searchLabel} value={search} onChange={onSearchChange} />
        {onAdd ? (
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={onAdd}>
            Add
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}
