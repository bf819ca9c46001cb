import type { RunStatus, UscisOutcome } from '@caseport/domain/cases/run';
import type { ActivityAction, CaseActivity, CaseActivities as Run } from '@caseport/domain/cases/run-contracts';
import { FEE_METHOD_LABELS, type FeeMethod } from '@caseport/domain/cases/run-data';
import { actingRoleIds, actRefusal, type RunActor, rfeResponseDueOf } from '@caseport/domain/cases/run-rules';
import { STEP_TITLES, STEPS } from '@caseport/domain/workflows/catalogue';
import { ROLE_NAMES } from '@caseport/domain/workflows/rules';
import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { notify } from '../../components/notify';
import { isApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { activitiesKey, useActOnActivity, useCaseActivities, useStartActivities } from './activities-api';
import { ActivityDueModal } from './activity-due-modal';
import { ActivityFormModal, type FormKind } from './activity-form-modal';

const STATUS_COLORS: Record<RunStatus, string> = { waiting: 'gray', open: 'blue', done: 'teal', skipped: 'yellow' };
const STATUS_LABELS: Record<RunStatus, string> = { waiting: 'Waiting', open: 'Open', done: 'Done', skipped: 'Skipped' };
const OUTCOME_LABELS: Record<UscisOutcome, string> = {
  receipt: 'Receipt',
  rfe: 'RFE',
  approved: 'Approved',
  denied: 'Denied',
};

const money = (n: unknown) =>
  typeof n === 'number' ? `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}` : '';
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** What a done activity recorded, in a line. */
export const recordedOf = (a: CaseActivity): string | null => {
  const d = a.data;
  switch (a.kind) {
    case 'assign':
      return d.userName ? `Assigned to ${str(d.userName)}` : null;
    case 'lca':
      return d.lcaNumber
        ? `LCA ${str(d.lcaNumber)}${d.validFrom ? `, valid ${str(d.validFrom)} to ${str(d.validTo)}` : ''}`
        : null;
    case 'fee':
      return d.amount
        ? `${money(d.amount)} paid by ${FEE_METHOD_LABELS[d.method as FeeMethod] ?? str(d.method)} on ${str(d.paidOn)}`
        : null;
    case 'invoice':
      return d.total !== undefined
        ? `Invoice ${d.invoiceNumber ? `${str(d.invoiceNumber)} ` : ''}of ${money(d.total)} issued ${str(d.issuedOn)}`
        : null;
    case 'uscis': {
      const parts = a.uscisResponses.map((r) => {
        const x = (d[r] ?? {}) as Record<string, unknown>;
        if (r === 'receipt') return `Receipt ${str(x.receiptNumber)}`;
        if (r === 'rfe') return `RFE issued ${str(x.issuedOn)}, response due ${str(x.responseDueOn)}`;
        return `${OUTCOME_LABELS[r]} on ${str(x.decidedOn)}`;
      });
      return parts.length ? parts.join(' · ') : null;
    }
    default:
      return d.note ? str(d.note) : null;
  }
};

/** The form an open activity of each kind completes with (null: it is simply marked done). */
const formOf = (a: CaseActivity): FormKind | null =>
  a.kind === 'assign' || a.kind === 'lca' || a.kind === 'fee' || a.kind === 'invoice' ? a.kind : null;
const FORM_BUTTONS: Record<FormKind, string> = {
  assign: 'Assign',
  lca: 'Record LCA',
  fee: 'Record fee paid',
  invoice: 'Create invoice',
  uscis: 'Record USCIS response',
};

/** The actions a user has on an activity in its status (issue 34 item 5), in the case's state. */
export const actionsOf = (a: CaseActivity, run: Pick<Run, 'caseStatus' | 'allowedUscisOutcomes'>) => {
  const out: { label: string; action: ActivityAction; form?: FormKind }[] = [];
  if (run.caseStatus === 'closed') return out;
  if (a.kind === 'uscis') {
    if (run.allowedUscisOutcomes.length) out.push({ label: FORM_BUTTONS.uscis, action: 'uscis', form: 'uscis' });
  } else if (a.status === 'open') {
    const form = formOf(a);
    out.push(
      form ? { label: FORM_BUTTONS[form], action: 'complete', form } : { label: 'Mark done', action: 'complete' },
    );
  }
  if (a.status === 'open' && a.optional) out.push({ label: 'Skip', action: 'skip' });
  if ((a.status === 'done' || a.status === 'skipped') && a.code !== 'CREATE_PETITION')
    out.push({ label: 'Undo', action: 'undo' });
  return out;
};

/** Why the signed-in user may not act on the activity (run-rules.ts, the server's own rule), or null. */
export const refusalOf = (a: CaseActivity, actor: RunActor) =>
  actRefusal({ ownerRoleIds: a.ownerRoles.map((r) => r.roleId), ownerId: a.owner?.id ?? null }, actor);

/**
 * The Activities panel of a case page (issue 34 item 5): the case's workflow run grouped by step, in order, with
 * each activity's status, owner, due date, who it waits for outside the firm, what it recorded, and the actions
 * its status allows, to those who may act on it (the others see the actions disabled and why); an open activity's
 * due date is changed from its row. A change someone else made first answers 409: the panel says so and reads the
 * run again.
 */
export function CaseActivities({ caseId }: { caseId: string }) {
  const query = useCaseActivities(caseId);
  const start = useStartActivities(caseId);
  const act = useActOnActivity(caseId);
  const client = useQueryClient();
  const me = useCurrentUser();
  const actor: RunActor = { userId: me.user.id, roleId: me.roleId };
  const [form, setForm] = useState<{ activity: CaseActivity; kind: FormKind } | null>(null);
  const [due, setDue] = useState<CaseActivity | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  const onConflict = (e: unknown) => {
    if (!isApiError(e) || e.status !== 409) return false;
    void notify.error(e.message);
    setForm(null);
    setDue(null);
    void client.invalidateQueries({ queryKey: activitiesKey(caseId) });
    return true;
  };

  const run = (a: CaseActivity, action: ActivityAction) => {
    setPending(`${a.code}:${action}`);
    act.mutate(
      { code: a.code, version: a.version, action },
      {
        onSuccess: (r) => void notify.success(r.message),
        onError: (e) => {
          if (!onConflict(e)) void notify.error(e);
        },
        onSettled: () => setPending(null),
      },
    );
  };

  if (query.isPending) return <Loader aria-label="Loading the activities" />;
  if (query.isError) return <ErrorAlert error={query.error} />;
  const data = query.data;

  if (data.list.length === 0)
    return (
      <Paper withBorder p="md">
        {data.hasWorkflow ? (
          <Stack gap="sm" align="flex-start">
            <Text size="sm">The workflow of this case has not started yet.</Text>
            <Button
              size="sm"
              loading={start.isPending}
              onClick={() =>
                start.mutate(undefined, {
                  onSuccess: (r) => void notify.success(r.message),
                  onError: (e) => void notify.error(e),
                })
              }
            >
              Start the workflow
            </Button>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            This case has no workflow. Link a workflow to its case type in Settings, then open a new case.
          </Text>
        )}
      </Paper>
    );

  return (
    <Stack gap="lg">
      {data.caseStatus === 'closed' ? (
        <Badge color="gray" variant="light" size="lg">
          Case closed
        </Badge>
      ) : null}
      {STEPS.map((step) => {
        const items = data.list.filter((a) => a.step === step);
        if (!items.length) return null;
        return (
          <Stack key={step} gap="xs" component="section" aria-label={`Step ${step}: ${STEP_TITLES[step]}`}>
            <Title order={3} size="h5">
              Step {step}: {STEP_TITLES[step]}
            </Title>
            {items.map((a) => {
              const refusal = refusalOf(a, actor);
              return (
                <ActivityRow
                  key={a._id}
                  activity={a}
                  actions={actionsOf(a, data)}
                  refusal={refusal}
                  pending={pending}
                  onAction={(action, kind) => (kind ? setForm({ activity: a, kind }) : run(a, action))}
                  onChangeDue={
                    a.status === 'open' && data.caseStatus === 'open' && !refusal ? () => setDue(a) : undefined
                  }
                />
              );
            })}
          </Stack>
        );
      })}
      {form ? (
        <ActivityFormModal
          caseId={caseId}
          activity={form.activity}
          kind={form.kind}
          allowedUscisOutcomes={data.allowedUscisOutcomes}
          onClose={() => setForm(null)}
          onConflict={onConflict}
        />
      ) : null}
      {due ? (
        <ActivityDueModal
          caseId={caseId}
          activity={due}
          openedOn={data.openedOn}
          rfeResponseDueOn={rfeResponseDueOf(data.list.find((x) => x.kind === 'uscis')?.data)}
          onClose={() => setDue(null)}
          onConflict={onConflict}
        />
      ) : null}
    </Stack>
  );
}

function ActivityRow({
  activity: a,
  actions,
  refusal,
  pending,
  onAction,
  onChangeDue,
}: {
  activity: CaseActivity;
  actions: ReturnType<typeof actionsOf>;
  /** Why the user may not act on it (its actions are disabled), or null. */
  refusal: string | null;
  pending: string | null;
  onAction: (action: ActivityAction, form?: FormKind) => void;
  /** Present when the user may change its due date. */
  onChangeDue: (() => void) | undefined;
}) {
  const recorded = a.status === 'done' || a.kind === 'uscis' ? recordedOf(a) : null;
  // An activity with no editors is for those who open cases (run-rules.ts): the row names them.
  const owner =
    a.owner?.name ||
    actingRoleIds({ ownerRoleIds: a.ownerRoles.map((r) => r.roleId) })
      .map((r) => ROLE_NAMES[r] ?? `Role ${r}`)
      .join(', ');
  return (
    <Paper withBorder p="sm" radius="sm" aria-label={a.name} component="article">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm">
              {a.seq}. {a.name}
            </Text>
            <Badge color={STATUS_COLORS[a.status]} variant="light" size="sm">
              {STATUS_LABELS[a.status]}
            </Badge>
            {a.optional ? (
              <Badge color="gray" variant="outline" size="sm">
                Optional
              </Badge>
            ) : null}
          </Group>
          {a.dueOn && onChangeDue ? (
            <Button
              variant="subtle"
              size="compact-xs"
              leftSection={<IconCalendarEvent size={14} aria-hidden />}
              aria-label={`Change due date: ${a.name}`}
              onClick={onChangeDue}
            >
              Due {a.dueOn}
            </Button>
          ) : a.dueOn && (a.status === 'open' || a.status === 'waiting') ? (
            <Text size="xs" c="dimmed">
              Due {a.dueOn}
            </Text>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {a.owner ? `Owner: ${owner}` : `Who acts: ${owner}`}
        </Text>
        {a.waitsFor ? (
          <Text size="xs">
            Waits for {a.waitsFor.label}: {a.waitsFor.name ?? 'not linked yet'}
          </Text>
        ) : null}
        {recorded ? <Text size="xs">{recorded}</Text> : null}
        {a.doneBy && (a.status === 'done' || a.status === 'skipped') ? (
          <Text size="xs" c="dimmed">
            {a.status === 'done' ? 'Done' : 'Skipped'} by {a.doneBy.name}
            {a.doneOn ? ` on ${a.doneOn.slice(0, 10)}` : ''}
          </Text>
        ) : null}
        {actions.length ? (
          <Group gap="xs" wrap="wrap">
            {actions.map((x) => (
              <Button
                key={x.label}
                size="compact-sm"
                variant={x.action === 'undo' || x.action === 'skip' ? 'default' : 'light'}
                aria-label={`${x.label}: ${a.name}`}
                loading={pending === `${a.code}:${x.action}`}
                disabled={refusal !== null}
                onClick={() => onAction(x.action, x.form)}
              >
                {x.label}
              </Button>
            ))}
          </Group>
        ) : null}
        {actions.length && refusal ? (
          <Text size="xs" c="dimmed">
            {refusal}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
