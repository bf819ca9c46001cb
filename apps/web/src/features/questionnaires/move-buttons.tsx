import { ActionIcon, Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';

export function MoveButtons({
  what,
  index,
  count,
  onMove,
  onRemove,
}: {
  what: string;
  index: number;
  count: number;
  onMove: (by: number) => void;
  onRemove: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" disabled={index === 0} onClick={() => onMove(-1)} aria-label={`Move ${what} up`}>
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        disabled={index === count - 1}
        onClick={() => onMove(1)}
        aria-label={`Move ${what} down`}
      >
        <IconArrowDown size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`Remove ${what}`}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}
