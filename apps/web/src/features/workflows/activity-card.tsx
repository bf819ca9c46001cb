import {
  type Activity,
  isEditorsFieldHidden,
  isIncludeLocked,
  isWatchersFieldHidden,
  type RoleRef,
  type RuleContext,
  type WorkflowAction,
  type WorkflowDraft,
} from '@caseport/domain/workflows/rules';
import { Badge, Checkbox, Group, MultiSelect, Paper, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { memo } from 'react';

interface Props {
  activity: Activity;
  draft: WorkflowDraft;
  ctx: RuleContext;
  choices: RoleRef[];
  error?: string | undefined;
  dispatch: (action: WorkflowAction) => void;
}

const options = (roles: RoleRef[]) => roles.map((r) => ({ value: String(r.roleId), label: r.roleName }));
const ids = (roles: RoleRef[]) => roles.map((r) => String(r.roleId));

type Flag = Extract<WorkflowAction, { type: 'setFlag' }>['flag'];
/** The activity's own checkboxes after Action required, in this order, each where the activity offers it. */
const FLAGS: { flag: Flag; label: string; shown: (a: Activity) => boolean }[] = [
  { flag: 'confirmRequiredVal', label: 'Confirmation required', shown: (a) => a.confirmRequired },
  { flag: 'canAssignAllUsersVal', label: 'Any user of these roles', shown: (a) => a.canAssignAllUsers },
  {
    flag: 'approvedPwdReqForAdvEvidences',
    label: 'Approved PWD required for advertisement evidence',
    shown: (a) => a.code === 'COLLECT_ADV_EVIDENCE',
  },
  {
    flag: 'restrictPermDraftByAdvConfig',
    label: 'Draft only after advertisements are configured',
    shown: (a) => a.code === 'PREPARE_PERM_APPLICATION',
  },
];

/** One activity of the editor: every switch is the engine's (rules.ts); this only renders and dispatches. */
export const ActivityCard = memo(function ActivityCard({ activity: a, draft, ctx, choices, error, dispatch }: Props) {
  const locked = isIncludeLocked(draft, a.code, ctx);
  const on = a.include;
  const showEditors = !isEditorsFieldHidden(a.code, ctx);
  const showWatchers = !isWatchersFieldHidden(a.code);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-activity={a.code}
      // An excluded activity is told by its grey card, not by fading: faded text would fall below AA contrast.
      bg={on ? undefined : 'var(--mantine-color-gray-0)'}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Group gap={6}>
              <Text fw={600}>{a.name}</Text>
              {a.optional ? (
                <Badge size="xs" variant="light" color="gray">
                  Optional
                </Badge>
              ) : null}
              {locked && on ? (
                <Badge size="xs" variant="light" color="blue">
                  Required
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {a.description}
            </Text>
          </Stack>
          <Switch
            aria-label={`Include ${a.name}`}
            checked={on}
            disabled={locked}
            onChange={(e) => dispatch({ type: 'setInclude', code: a.code, value: e.currentTarget.checked })}
            onLabel="Yes"
            offLabel="No"
            size="md"
          />
        </Group>
        {on ? (
          <>
            <Group gap="lg">
              <Checkbox
                label="Action required"
                checked={a.actionRequired}
                disabled={a.code === 'ASSIGN_SUPERVISOR' || (locked && a.code.startsWith('RFE_'))}
                onChange={(e) => dispatch({ type: 'setActionRequired', code: a.code, value: e.currentTarget.checked })}
              />
              {FLAGS.filter((f) => f.shown(a)).map((f) => (
                <Checkbox
                  key={f.flag}
                  label={f.label}
                  checked={a[f.flag]}
                  onChange={(e) =>
                    dispatch({ type: 'setFlag', code: a.code, flag: f.flag, value: e.currentTarget.checked })
                  }
                />
              ))}
            </Group>
            {showEditors || showWatchers ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {showEditors ? (
                  <MultiSelect
                    label="Editors"
                    placeholder={a.editors.length ? undefined : 'Choose roles'}
                    data={options(choices)}
                    value={ids(a.editors)}
                    onChange={(v) => dispatch({ type: 'setEditors', code: a.code, roleIds: v.map(Number) })}
                    error={error}
                    clearable
                    comboboxProps={{ withinPortal: true }}
                  />
                ) : null}
                {showWatchers ? (
                  <MultiSelect
                    label="Watchers"
                    placeholder={a.watchers.length ? undefined : 'Choose roles'}
                    data={options(choices)}
                    value={ids(a.watchers)}
                    onChange={(v) => dispatch({ type: 'setWatchers', code: a.code, roleIds: v.map(Number) })}
                    clearable
                    comboboxProps={{ withinPortal: true }}
                  />
                ) : null}
              </SimpleGrid>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
});
