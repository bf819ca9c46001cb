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
              {a.confirmRequired ? (
                <Checkbox
                  label="Confirmation required"
                  checked={a.confirmRequiredVal}
                  onChange={(e) =>
                    dispatch({
                      type: 'setFlag',
                      code: a.code,
                      flag: 'confirmRequiredVal',
                      value: e.currentTarget.checked,
                    })
                  }
                />
              ) : null}
              {a.canAssignAllUsers ? (
                <Checkbox
                  label="Any user of these roles"
                  checked={a.canAssignAllUsersVal}
                  onChange={(e) =>
                    dispatch({
                      type: 'setFlag',
                      code: a.code,
                      flag: 'canAssignAllUsersVal',
                      value: e.currentTarget.checked,
                    })
                  }
                />
              ) : null}
              {a.code === 'COLLECT_ADV_EVIDENCE' ? (
                <Checkbox
                  label="Approved PWD required for advertisement evidence"
                  checked={a.approvedPwdReqForAdvEvidences}
                  onChange={(e) =>
                    dispatch({
                      type: 'setFlag',
                      code: a.code,
                      flag: 'approvedPwdReqForAdvEvidences',
                      value: e.currentTarget.checked,
                    })
                  }
                />
              ) : null}
              {a.code === 'PREPARE_PERM_APPLICATION' ? (
                <Checkbox
                  label="Draft only after advertisements are configured"
                  checked={a.restrictPermDraftByAdvConfig}
                  onChange={(e) =>
                    dispatch({
                      type: 'setFlag',
                      code: a.code,
                      flag: 'restrictPermDraftByAdvConfig',
                      value: e.currentTarget.checked,
                    })
                  }
                />
              ) : null}
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
