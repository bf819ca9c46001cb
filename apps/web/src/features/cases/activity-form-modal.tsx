import type { UscisOutcome } from '@caseport/domain/cases/run';
import type { CaseActivity, RunDataValue } from '@caseport/domain/cases/run-contracts';
import { checkRunData, FEE_METHOD_LABELS, FEE_METHODS } from '@caseport/domain/cases/run-data';
import {
  ActionIcon,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { DateInput } from '../../components/date-input';
import { ModalFooter } from '../../components/modal-footer';
import { ModalForm } from '../../components/modal-form';
import { notify } from '../../components/notify';
import { isApiError } from '../../lib/api-client';
import { useActOnActivity, useFeeEstimate, useUsersOfRole } from './activities-api';

export type FormKind = 'assign' | 'lca' | 'fee' | 'invoice' | 'uscis';

const OUTCOME_LABELS: Record<UscisOutcome, string> = {
  receipt: 'Receipt',
  rfe: 'RFE',
  approved: 'Approved',
  denied: 'Denied',
};

interface Values {
  userId: string | null;
  lcaNumber: string;
  validFrom: string;
  validTo: string;
  submittedOn: string;
  amount: number | string;
  method: string | null;
  paidOn: string;
  reference: string;
  lines: { label: string; amount: number | string }[];
  issuedOn: string;
  outcome: UscisOutcome | null;
  receiptNumber: string;
  receivedOn: string;
  responseDueOn: string;
  decidedOn: string;
}

const blank = (s: string) => (s.trim() ? s.trim() : undefined);
const num = (v: number | string) => (v === '' ? undefined : Number(v));

/** The data the server checks (run-data.ts), built from the form; empty fields are left out. */
const dataOf = (kind: FormKind, v: Values): Record<string, unknown> => {
  switch (kind) {
    case 'assign':
      return { userId: v.userId ?? undefined };
    case 'lca':
      return {
        lcaNumber: blank(v.lcaNumber),
        validFrom: blank(v.validFrom),
        validTo: blank(v.validTo),
        submittedOn: blank(v.submittedOn),
      };
    case 'fee':
      return {
        amount: num(v.amount),
        method: v.method ?? undefined,
        paidOn: blank(v.paidOn),
        reference: blank(v.reference),
      };
    case 'invoice':
      return {
        lines: v.lines.map((l) => ({ label: l.label.trim(), amount: num(l.amount) })),
        issuedOn: blank(v.issuedOn),
      };
    case 'uscis':
      if (v.outcome === 'receipt') return { receiptNumber: blank(v.receiptNumber), receivedOn: blank(v.receivedOn) };
      if (v.outcome === 'rfe') return { issuedOn: blank(v.issuedOn), responseDueOn: blank(v.responseDueOn) };
      return { decidedOn: blank(v.decidedOn) };
  }
};
const compact = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined));

/** `data.lines.0.amount` → the form's `lines.0.amount`. */
const formErrorsOf = (fields: { name: string; message: string }[]) =>
  Object.fromEntries(fields.map((f) => [f.name.replace(/^data\./, ''), f.message]));

/**
 * What completing an activity records (issue 34 item 5): the user an ASSIGN_* activity picks, the LCA, the fee
 * paid, the invoice's lines (started from the case's fee estimate), or a USCIS response among those the run
 * accepts now. Checked here with the server's own schemas (run-data.ts) and again by the server.
 */
export function ActivityFormModal({
  caseId,
  activity: a,
  kind,
  allowedUscisOutcomes,
  onClose,
  onConflict,
}: {
  caseId: string;
  activity: CaseActivity;
  kind: FormKind;
  allowedUscisOutcomes: UscisOutcome[];
  onClose: () => void;
  /** A 409: the panel says so, closes this and reads the run again; answers whether it was one. */
  onConflict: (e: unknown) => boolean;
}) {
  const today = dayjs().format('YYYY-MM-DD');
  const act = useActOnActivity(caseId);
  const [serverError, setServerError] = useState<unknown>(null);
  const form = useForm<Values>({
    initialValues: {
      userId: null,
      lcaNumber: typeof a.data.lcaNumber === 'string' ? a.data.lcaNumber : '',
      validFrom: '',
      validTo: '',
      submittedOn: a.code === 'LCA_SUBMIT' ? today : '',
      amount: '',
      method: null,
      paidOn: today,
      reference: '',
      lines: [{ label: '', amount: '' }],
      issuedOn: today,
      outcome: allowedUscisOutcomes[0] ?? null,
      receiptNumber: '',
      receivedOn: '',
      responseDueOn: '',
      decidedOn: today,
    },
  });
  const users = useUsersOfRole(kind === 'assign' ? (a.assigns?.roleId ?? null) : null);
  const estimate = useFeeEstimate(caseId, kind === 'invoice');
  const { setFieldValue } = form;
  const untouchedLines = form.values.lines.length === 1 && !form.values.lines[0]?.label;
  // biome-ignore lint/correctness/useExhaustiveDependencies: starts the invoice from the estimate once it arrives
  useEffect(() => {
    const lines = estimate.data?.lines.filter((l) => !l.online);
    if (lines?.length && untouchedLines)
      setFieldValue(
        'lines',
        lines.map((l) => ({ label: l.name, amount: l.amount })),
      );
  }, [estimate.data]);

  const submit = (v: Values) => {
    const outcome = kind === 'uscis' ? (v.outcome ?? undefined) : undefined;
    if (kind === 'uscis' && !outcome) return form.setFieldError('outcome', 'Choose the USCIS response');
    const data = compact(dataOf(kind, v));
    const checked = checkRunData(outcome ? { outcome } : { kind: a.kind, code: a.code }, data);
    if (!checked.ok) return form.setErrors(formErrorsOf(checked.fields));
    act.mutate(
      {
        code: a.code,
        version: a.version,
        action: kind === 'uscis' ? 'uscis' : 'complete',
        outcome,
        // checkRunData just above held the values to the kind's schema, whose values are all storable scalars.
        data: data as Record<string, RunDataValue>,
      },
      {
        onSuccess: (r) => {
          void notify.success(r.message);
          onClose();
        },
        onError: (e) => {
          if (onConflict(e)) return;
          const fields = isApiError(e) ? (e.fields ?? []) : [];
          if (fields.length) form.setErrors(formErrorsOf(fields));
          else setServerError(e);
        },
      },
    );
  };

  const date = (name: keyof Values, label: string, required = true) => (
    <DateInput label={label} withAsterisk={required} {...form.getInputProps(name)} />
  );

  return (
    <Modal opened onClose={onClose} title={a.name} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <ModalForm onSubmit={form.onSubmit(submit)} error={serverError} onClearError={() => setServerError(null)}>
        {kind === 'assign' ? (
          users.isPending ? (
            <Loader size="sm" aria-label="Loading the users" />
          ) : (users.data?.list.length ?? 0) === 0 ? (
            <Text size="sm">
              Your firm has no active {a.assigns?.roleName ?? 'user'} yet: invite one in Settings, Users.
            </Text>
          ) : (
            <Select
              label={a.assigns?.roleName ?? 'User'}
              withAsterisk
              searchable
              data={(users.data?.list ?? []).map((u) => ({ value: u._id, label: `${u.firstName} ${u.lastName}` }))}
              {...form.getInputProps('userId')}
            />
          )
        ) : null}
        {kind === 'lca' ? (
          <>
            <TextInput
              label="LCA case number"
              placeholder="I-200-24123-123456"
              withAsterisk
              {...form.getInputProps('lcaNumber')}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {date('validFrom', 'Valid from', a.code === 'LCA_SUBMIT')}
              {date('validTo', 'Valid to', a.code === 'LCA_SUBMIT')}
              {a.code === 'LCA_SUBMIT' ? date('submittedOn', 'Submitted on') : null}
            </SimpleGrid>
          </>
        ) : null}
        {kind === 'fee' ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NumberInput
              label="Amount paid"
              prefix="$"
              decimalScale={2}
              min={0}
              withAsterisk
              {...form.getInputProps('amount')}
            />
            <Select
              label="Paid by"
              withAsterisk
              data={FEE_METHODS.map((m) => ({ value: m, label: FEE_METHOD_LABELS[m] }))}
              {...form.getInputProps('method')}
            />
            {date('paidOn', 'Paid on')}
            <TextInput label="Reference" placeholder="Check number" {...form.getInputProps('reference')} />
          </SimpleGrid>
        ) : null}
        {kind === 'invoice' ? (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {estimate.isPending
                ? 'Loading the fee estimate…'
                : 'The lines start from the case’s fee estimate (paper filing); add legal fees as needed.'}
            </Text>
            {form.values.lines.map((_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines have no id; the form addresses them by index
              <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
                <TextInput label="Line" style={{ flex: 1 }} {...form.getInputProps(`lines.${i}.label`)} />
                <NumberInput
                  label="Amount"
                  prefix="$"
                  decimalScale={2}
                  min={0}
                  w={120}
                  {...form.getInputProps(`lines.${i}.amount`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mb={4}
                  aria-label={`Remove line ${i + 1}`}
                  disabled={form.values.lines.length === 1}
                  onClick={() => form.removeListItem('lines', i)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            {typeof form.errors.lines === 'string' ? (
              <Text size="xs" c="var(--mantine-color-error)">
                {form.errors.lines}
              </Text>
            ) : null}
            <Group>
              <Button
                variant="default"
                size="compact-sm"
                onClick={() => form.insertListItem('lines', { label: '', amount: '' })}
              >
                Add line
              </Button>
            </Group>
            {date('issuedOn', 'Issued on')}
          </Stack>
        ) : null}
        {kind === 'uscis' ? (
          <>
            <Radio.Group label="USCIS response" withAsterisk {...form.getInputProps('outcome')}>
              <Group gap="md" mt={6} wrap="wrap">
                {allowedUscisOutcomes.map((o) => (
                  <Radio key={o} value={o} label={OUTCOME_LABELS[o]} />
                ))}
              </Group>
            </Radio.Group>
            {form.values.outcome === 'receipt' ? (
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <TextInput
                  label="Receipt number"
                  placeholder="IOE0912345678"
                  withAsterisk
                  {...form.getInputProps('receiptNumber')}
                />
                {date('receivedOn', 'Received on', false)}
              </SimpleGrid>
            ) : form.values.outcome === 'rfe' ? (
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                {date('issuedOn', 'RFE issued on')}
                {date('responseDueOn', 'Response due on')}
              </SimpleGrid>
            ) : form.values.outcome ? (
              date('decidedOn', 'Decided on')
            ) : null}
          </>
        ) : null}
        <ModalFooter onCancel={onClose} saving={act.isPending} cancelWhileSaving saveLabel="Save" />
      </ModalForm>
    </Modal>
  );
}
