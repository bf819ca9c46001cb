import {
  applyDayEntry,
  canAddDayEntry,
  canDeleteDayEntry,
  DAY_MESSAGES,
  DAY_ORDER_HINT,
  DAYS_MAX_LENGTH,
  dayListProblems,
  moreHidden,
  type ReminderKey,
  sanitizeDaysInput,
} from '@caseport/domain/reminders/days';
import { ActionIcon, Anchor, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { orderOf } from './form-state';

interface DayEntriesProps {
  /** The block's key; decides the ordering (R-REM-033/036) and the '+ More' sentinel (R-REM-007/008). */
  blockKey: ReminderKey | 'globalStatus';
  label: string;
  days: (number | null)[];
  onChange: (days: (number | null)[]) => void;
  /** Messages put on entries from outside (a save refused by the form check). */
  errors?: Record<number, string>;
  /** The settings reminder lists (§2.2) extend with 'Show More' and their own sentinel instead of '+ More'. */
  more?: { label: string; visible: boolean };
}

/**
 * A block's ordered day entries (002 §2.1, §5.1): digits only, at most 3 (R-REM-032); an entry that breaks
 * the order is cleared and flagged with the spec's message when it is left (R-REM-030, R-REM-034..038);
 * the delete icon shows above one entry (R-REM-004); '+ More' adds an entry only when the list validates
 * (R-REM-005/006) and is hidden at the sentinel (R-REM-007/008).
 */
export function DayEntries({ blockKey, label, days, onChange, errors = {}, more }: DayEntriesProps) {
  const [flags, setFlags] = useState<Record<number, string>>({});
  const order = orderOf(blockKey);
  const hintId = useId();
  const check = (index: number, list = days) => {
    const { days: next, problem } = applyDayEntry(order, list, index);
    setFlags((f) => {
      const rest = { ...f };
      delete rest[index];
      return problem ? { ...rest, [index]: problem } : rest;
    });
    if (problem) onChange(next);
  };
  const onMore = () => {
    if (more ? dayListProblems(order, days).every((p) => p === null) : canAddDayEntry(blockKey, days)) {
      setFlags({});
      onChange([...days, null]);
      return;
    }
    // R-REM-006: nothing is added; the entries that fail say why.
    const problems = dayListProblems(order, days);
    setFlags(Object.fromEntries(problems.flatMap((p, i) => (p ? [[i, p]] : []))));
  };
  const onDelete = (index: number) => {
    setFlags({});
    onChange(days.filter((_, i) => i !== index));
  };
  return (
    // Mantine sets each input's aria-describedby to its own error, so the order hint describes the list as a group.
    <Stack gap={6} role="group" aria-label={`${label} days`} aria-describedby={hintId}>
      <Text id={hintId} size="xs" c="dimmed">
        {DAY_ORDER_HINT[order]}
      </Text>
      {days.map((value, index) => {
        const error = flags[index] ?? errors[index];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries are positions in an ordered list; they have no identity
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              aria-label={`${label} days ${index + 1}`}
              placeholder="Days"
              inputMode="numeric"
              maxLength={DAYS_MAX_LENGTH}
              w={120}
              value={value === null ? '' : String(value)}
              error={error}
              onChange={(e) => {
                const digits = sanitizeDaysInput(e.currentTarget.value);
                onChange(days.map((d, i) => (i === index ? (digits === '' ? null : Number(digits)) : d)));
              }}
              onBlur={() => check(index)}
              styles={{ root: { flex: '0 0 auto' }, error: { width: 220 } }}
            />
            {canDeleteDayEntry(days) ? (
              <ActionIcon
                variant="subtle"
                color="red"
                mt={4}
                aria-label={`Delete ${label} entry ${index + 1}`}
                onClick={() => onDelete(index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            ) : null}
          </Group>
        );
      })}
      {(more ? !more.visible : moreHidden(blockKey, days)) ? null : (
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={onMore}
          aria-label={`${label}: ${more?.label ?? '+ More'}`}
        >
          {more?.label ?? '+ More'}
        </Anchor>
      )}
    </Stack>
  );
}

export { DAY_MESSAGES };
