import type { TenantTypeId } from '@caseport/domain/auth/roles';
import {
  REMINDER_KEY_DEFS,
  type ReminderBlock,
  type ReminderKey,
  type reminderTabs,
} from '@caseport/domain/reminders/days';
import { reminderRoleOptions } from '@caseport/domain/reminders/recipients';
import { Anchor, Badge, Button, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { type MasterDataRow, useMasterData } from '../../lib/use-master-data';
import { asOptions, Section } from './config-section';
import { DayEntries } from './day-entries';
import { type FormState, formProblems } from './form-state';

/** The Reminders section: one tab per reminder family (002 §2.1), each with its blocks of days and recipients. */
export function ReminderTabs({
  tabs,
  activeTab,
  onTabChange,
  state,
  setState,
  errors,
  roleRows,
  tenantType,
}: {
  tabs: ReturnType<typeof reminderTabs>;
  activeTab: string;
  onTabChange: (tab: string | null) => void;
  state: FormState;
  setState: (update: (s: FormState) => FormState) => void;
  errors: Record<string, string>;
  roleRows: MasterDataRow[];
  tenantType: TenantTypeId;
}) {
  // R-REM-074: the countries of the Global Status block.
  const countries = useMasterData('countries');
  const setBlock = (key: ReminderKey, patch: Partial<FormState['blocks'][ReminderKey]>) =>
    setState((s) => ({ ...s, blocks: { ...s.blocks, [key]: { ...s.blocks[key], ...patch } } }));
  const blockErrors = (prefix: string) =>
    Object.fromEntries(
      Object.entries(errors)
        .filter(([k]) => k.startsWith(`${prefix}.`) && /^\d+$/.test(k.slice(prefix.length + 1)))
        .map(([k, v]) => [Number(k.slice(prefix.length + 1)), v]),
    );

  const renderBlock = (block: ReminderBlock) => {
    if (block.key === 'globalStatus')
      return (
        <GlobalStatus
          key="globalStatus"
          statuses={state.statuses}
          countries={countries.data ?? []}
          errors={errors}
          onChange={(statuses) => setState((s) => ({ ...s, statuses }))}
        />
      );
    const key = block.key;
    const list = REMINDER_KEY_DEFS[key].roles;
    return (
      <Paper key={key} withBorder p="sm" radius="sm">
        <Text fw={600}>{block.title}</Text>
        <Text size="sm" c="dimmed" mb="xs">
          {block.hint}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {list ? (
            <MultiSelect
              label="Send reminder to"
              placeholder="Select roles"
              data={asOptions(reminderRoleOptions(roleRows, list, tenantType))}
              value={state.blocks[key].roles.map(String)}
              onChange={(v) => setBlock(key, { roles: v.map(Number) })}
              clearable
            />
          ) : null}
          <DayEntries
            blockKey={key}
            label={block.title}
            days={state.blocks[key].days}
            errors={blockErrors(key)}
            onChange={(days) => setBlock(key, { days })}
          />
        </SimpleGrid>
      </Paper>
    );
  };

  return (
    <Section title="Reminders">
      <Tabs
        value={activeTab}
        onChange={onTabChange}
        keepMounted={false}
        // Issue 38 finding 9: the family tabs wrap onto more rows rather than scroll sideways out of sight.
        styles={{ tab: { whiteSpace: 'nowrap' } }}
      >
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.key} value={t.key}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Panel key={t.key} value={t.key} pt="md">
            <Stack gap="sm">{t.blocks.map(renderBlock)}</Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Section>
  );
}

/** R-REM-014, R-REM-039/040: per-country day lists; a country once; adding needs the lists to validate. */
function GlobalStatus({
  statuses,
  countries,
  errors,
  onChange,
}: {
  statuses: FormState['statuses'];
  countries: MasterDataRow[];
  errors: Record<string, string>;
  onChange: (statuses: FormState['statuses']) => void;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const used = new Set(statuses.map((s) => s.countryId));
  const onAdd = () => {
    const invalid = formProblems({ statuses } as FormState, []);
    if (Object.keys(invalid).length) {
      setProblem('Complete the days of the countries above first');
      return;
    }
    const country = countries.find((c) => String(c.id) === picked);
    if (!country) {
      setProblem('Select Country');
      return;
    }
    setProblem(null);
    setPicked(null);
    onChange([...statuses, { countryId: country.id, name: country.name, days: [null] }]);
  };
  return (
    <Paper withBorder p="sm" radius="sm" id="global-status-block">
      <Text fw={600}>Global Status</Text>
      <Text size="sm" c="dimmed" mb="xs">
        Days prior to expiry, per country
      </Text>
      <Stack gap="sm">
        {statuses.map((s, si) => (
          <Group key={s.countryId} align="flex-start" gap="md">
            <Badge variant="light" size="lg" miw={120}>
              {s.name}
            </Badge>
            <DayEntries
              blockKey="globalStatus"
              label={s.name}
              days={s.days}
              errors={Object.fromEntries(
                Object.entries(errors)
                  .filter(([k]) => k.startsWith(`globalStatus.${si}.`))
                  .map(([k, v]) => [Number(k.split('.')[2]), v]),
              )}
              onChange={(days) => onChange(statuses.map((x, i) => (i === si ? { ...x, days } : x)))}
            />
            <Anchor
              component="button"
              type="button"
              size="sm"
              c="red"
              onClick={() => onChange(statuses.filter((_, i) => i !== si))}
            >
              Remove {s.name}
            </Anchor>
          </Group>
        ))}
        <Group align="flex-end" gap="sm">
          <Select
            label="Country"
            placeholder="Select Country"
            searchable
            w={260}
            data={countries.filter((c) => !used.has(c.id)).map((c) => ({ value: String(c.id), label: c.name }))}
            value={picked}
            onChange={setPicked}
            error={problem}
          />
          <Button variant="light" onClick={onAdd}>
            Add Country
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
