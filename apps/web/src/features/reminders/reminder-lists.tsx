import { canShowMore, type ReminderKey } from '@caseport/domain/reminders/days';
import { Anchor, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Section } from './config-section';
import { DayEntries } from './day-entries';
import type { FormState } from './form-state';

/**
 * The settings Reminders tab lists (002 §2.2, §3.8): password expiry, permanent days prior to expiry and
 * global statuses. Show More extends a list unless its last entry is the sentinel: 999, or 0 for the global
 * statuses (R-REM-082..084). The global statuses are edited per country in the Global Status block.
 */
export function ReminderLists({
  state,
  onBlock,
}: {
  state: FormState;
  onBlock: (key: ReminderKey, days: (number | null)[]) => void;
}) {
  const statusDays = state.statuses.flatMap((s) => s.days).filter((d): d is number => d !== null);
  return (
    <Section title="Reminder lists">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {(
          [
            ['passwordExpiry', 'Password expiry', 'pwdExpiry'],
            ['permanentDaysPriorToExpiry', 'Permanent days prior to expiry', 'priorToExpiryPermDays'],
          ] as const
        ).map(([list, label, key]) => (
          <Stack key={list} gap={4}>
            <Text fw={600}>{label}</Text>
            <DayEntries
              blockKey={key}
              label={label}
              days={state.blocks[key].days}
              onChange={(days) => onBlock(key, days)}
              more={{ label: 'Show More', visible: canShowMore(list, state.blocks[key].days) }}
            />
          </Stack>
        ))}
        <Stack gap={4}>
          <Text fw={600}>Global statuses</Text>
          {statusDays.length === 0 ? (
            <Text size="sm" c="dimmed">
              No entries
            </Text>
          ) : (
            <Group gap={4}>
              {statusDays.map((d, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: positions of an ordered list
                <Badge key={i} variant="outline">
                  {d} days
                </Badge>
              ))}
            </Group>
          )}
          {canShowMore('globalStatuses', statusDays) && state.statuses.length ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => document.getElementById('global-status-block')?.scrollIntoView({ behavior: 'smooth' })}
            >
              Show More
            </Anchor>
          ) : null}
        </Stack>
      </SimpleGrid>
    </Section>
  );
}
