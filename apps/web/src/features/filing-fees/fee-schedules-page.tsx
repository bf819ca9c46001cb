import {
  FEE_CURRENCY,
  type FeeSchedulePublishBody,
  type PlatformFeeSchedules,
} from '@caseport/domain/filing-fees/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowsDiff, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorAlert } from '../../components/error-alert';
import { ModalFooter } from '../../components/modal-footer';
import { ModalForm } from '../../components/modal-form';
import { notify } from '../../components/notify';
import { RowActions } from '../../components/row-actions';
import { isApiError } from '../../lib/api-client';
import {
  useCompareSchedules,
  usePlatformSchedules,
  usePublishSchedule,
  useSetLineEnd,
  useWithdrawSchedule,
} from './schedules-api';

type Version = PlatformFeeSchedules['schedules'][number];
type Line = PlatformFeeSchedules['lines'][number];

const money = (n: number | null) => (n === null ? '—' : `${FEE_CURRENCY}${n.toLocaleString('en-US')}`);
const STATUS = {
  'in force': { label: 'In force', color: 'teal' },
  upcoming: { label: 'Upcoming', color: 'blue' },
  past: { label: 'Past', color: 'gray' },
} as const;
const StatusBadge = ({ status }: { status: keyof typeof STATUS }) => (
  <Badge variant="light" color={STATUS[status].color} style={{ flexShrink: 0, minWidth: 'max-content' }}>
    {STATUS[status].label}
  </Badge>
);
const EVERY_TYPE = '*';
const dayAfter = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/**
 * Issue 36: the platform's fee schedules (roles 1 and 2): the versions in force, upcoming and past, what changes
 * between two of them, a new version published with its first day, an upcoming one withdrawn, and the dated lines
 * (the H-1B proclamation payment) with the last day the administrator sets.
 */
export default function FeeSchedulesPage() {
  const query = usePlatformSchedules();
  const [publishing, setPublishing] = useState(false);
  const [compare, setCompare] = useState<{ from: string; to: string } | null>(null);
  const [toWithdraw, setToWithdraw] = useState<Version | null>(null);
  const withdraw = useWithdrawSchedule();
  if (query.isPending) return <Loader aria-label="Loading fee schedules" />;
  if (query.isError) return <ErrorAlert error={query.error} />;
  const { schedules, today } = query.data;
  const before = (v: Version) => schedules[schedules.indexOf(v) + 1];
  const pair = compare ?? (schedules[1] && schedules[0] ? { from: schedules[1].id, to: schedules[0].id } : null);

  return (
    <Stack gap="lg" maw={1000}>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Fee schedules</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setPublishing(true)}>
          Publish a new version
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        The USCIS fees every firm starts from, by the day they apply (days in UTC; today is {today}). A case's estimate
        uses the version in force on its filing date; a firm's own amounts stay its own.
      </Text>

      <Stack gap={4}>
        <Title order={3} size="h4">
          Versions
        </Title>
        {/* One cell per version (its days, status and source): nothing to scroll sideways to at 390 px. */}
        <Table.ScrollContainer minWidth={320}>
          <Table aria-label="Fee schedule versions" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Actions</Table.Th>
                <Table.Th>Version</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {schedules.map((v) => {
                const previous = before(v);
                return (
                  <Table.Tr key={v.id}>
                    <Table.Td w={96}>
                      <RowActions
                        name={`the version from ${v.effectiveFrom}`}
                        actions={[
                          {
                            label: 'Compare with the version before',
                            icon: IconArrowsDiff,
                            hidden: !previous,
                            onClick: () => previous && setCompare({ from: previous.id, to: v.id }),
                          },
                          {
                            label: 'Withdraw',
                            icon: IconTrash,
                            color: 'red',
                            hidden: !(v.published && v.status === 'upcoming'),
                            onClick: () => setToWithdraw(v),
                          },
                        ]}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="wrap">
                        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                          {v.until ? `${v.effectiveFrom} to ${v.until}` : `From ${v.effectiveFrom}`}
                        </Text>
                        <StatusBadge status={v.status} />
                        {v.published && (
                          <Badge variant="outline" color="gray" style={{ flexShrink: 0, minWidth: 'max-content' }}>
                            {v.changes} {v.changes === 1 ? 'change' : 'changes'}
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed">
                        {v.source}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>

      {pair && <Compare versions={schedules} pair={pair} onChange={setCompare} />}
      <DatedLines lines={query.data.datedLines} />

      <PublishModal opened={publishing} onClose={() => setPublishing(false)} today={today} lines={query.data.lines} />
      <ConfirmDialog
        opened={toWithdraw !== null}
        title="Withdraw the version"
        message={`Withdraw the version from ${toWithdraw?.effectiveFrom ?? ''}? Estimates keep following the version before it.`}
        confirmLabel="Withdraw"
        cancelLabel="Cancel"
        loading={withdraw.isPending}
        error={withdraw.error}
        onClearError={() => withdraw.reset()}
        onCancel={() => {
          setToWithdraw(null);
          withdraw.reset();
        }}
        onConfirm={() =>
          toWithdraw &&
          withdraw.mutate(toWithdraw.id, {
            onSuccess: (r) => {
              setToWithdraw(null);
              if (compare && (compare.from === toWithdraw.id || compare.to === toWithdraw.id)) setCompare(null);
              void notify.success(r.message);
            },
          })
        }
      />
    </Stack>
  );
}

function Compare({
  versions,
  pair,
  onChange,
}: {
  versions: Version[];
  pair: { from: string; to: string };
  onChange: (pair: { from: string; to: string }) => void;
}) {
  const diff = useCompareSchedules(pair);
  const options = versions.map((v) => ({ value: v.id, label: `From ${v.effectiveFrom} (${STATUS[v.status].label})` }));
  return (
    <Stack gap={4}>
      <Title order={3} size="h4">
        What changes
      </Title>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          label="From the version"
          data={options}
          value={pair.from}
          onChange={(v) => v && onChange({ ...pair, from: v })}
          allowDeselect={false}
          w={260}
        />
        <Select
          label="To the version"
          data={options}
          value={pair.to}
          onChange={(v) => v && onChange({ ...pair, to: v })}
          allowDeselect={false}
          w={260}
        />
      </Group>
      {diff.isPending ? (
        <Loader size="sm" aria-label="Comparing the versions" />
      ) : diff.isError ? (
        <ErrorAlert error={diff.error} />
      ) : diff.data.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No amount changes between these versions.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={340}>
          <Table aria-label="Changes between the versions" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Case type</Table.Th>
                <Table.Th>Fee</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {diff.data.rows.map((r) => (
                <Table.Tr key={`${r.typeCode}-${r.code}-${r.before}-${r.after}`}>
                  <Table.Td>
                    <Text size="sm">{r.typeName}</Text>
                    <Text size="xs" c="dimmed">
                      {r.subTypes.join(', ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td ta="right">
                    {money(r.before)} → <b style={{ whiteSpace: 'nowrap' }}>{money(r.after)}</b>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** The dated lines (the H-1B proclamation payment): their period, and the last day the administrator sets. */
function DatedLines({ lines }: { lines: PlatformFeeSchedules['datedLines'] }) {
  const setEnd = useSetLineEnd();
  const [until, setUntil] = useState<Record<string, string>>({});
  if (lines.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h4">
        Dated lines
      </Title>
      {lines.map((l) => {
        const value = until[l.code] ?? l.until;
        const error = isApiError(setEnd.error) ? setEnd.error.fields?.find((f) => f.name === 'until')?.message : null;
        return (
          <Paper key={l.code} withBorder p="sm">
            <Stack gap={6}>
              <Group gap="xs" wrap="wrap">
                <Text fw={600}>{l.name}</Text>
                <Text>{money(l.amount)}</Text>
                <StatusBadge status={l.status} />
              </Group>
              <Text size="xs" c="dimmed">
                {l.source}
              </Text>
              <Group gap="sm" align="flex-end" wrap="wrap">
                <TextInput label="Applies from" value={l.from} readOnly w={160} />
                <TextInput
                  type="date"
                  label="Last day"
                  value={value}
                  min={l.from}
                  onChange={(e) => {
                    setEnd.reset();
                    setUntil({ ...until, [l.code]: e.currentTarget.value });
                  }}
                  error={error}
                  w={180}
                />
                <Button
                  variant="light"
                  disabled={!value || value === l.until}
                  loading={setEnd.isPending}
                  onClick={() =>
                    setEnd.mutate({ code: l.code, until: value }, { onSuccess: (r) => void notify.success(r.message) })
                  }
                >
                  Save last day
                </Button>
              </Group>
              {l.until !== l.defaultUntil && (
                <Text size="xs" c="dimmed">
                  Its own last day was {l.defaultUntil}.
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

interface ChangeRow {
  typeCode: string;
  code: string;
  amount: string;
}
interface PublishValues {
  effectiveFrom: string;
  source: string;
  changes: ChangeRow[];
}
const emptyChange = (): ChangeRow => ({ typeCode: EVERY_TYPE, code: '', amount: '' });

/** The amounts a line takes now, for a case type or for every case type. */
const amountsNow = (lines: Line[], typeCode: string, code: string) => [
  ...new Set(
    lines
      .filter((l) => l.code === code && (typeCode === EVERY_TYPE || l.typeCode === typeCode))
      .flatMap((l) => l.amounts),
  ),
];

function PublishModal({
  opened,
  onClose,
  today,
  lines,
}: {
  opened: boolean;
  onClose: () => void;
  today: string;
  lines: Line[];
}) {
  const publish = usePublishSchedule();
  const form = useForm<PublishValues>({
    initialValues: { effectiveFrom: dayAfter(today), source: '', changes: [emptyChange()] },
    validate: {
      effectiveFrom: (v) => (v > today ? null : 'A new schedule must start after today'),
      source: (v) => (v.trim() ? null : 'Source is required'),
      changes: {
        code: (v) => (v ? null : 'Choose a fee'),
        amount: (v) => (/^\d{1,6}$/.test(v) ? null : 'Amount must be a whole number of at most 6 digits'),
      },
    },
  });
  const types = [...new Map(lines.map((l) => [l.typeCode, l.typeName])).entries()];
  const close = () => {
    form.reset();
    publish.reset();
    onClose();
  };
  const onSubmit = form.onSubmit((values) => {
    const body: FeeSchedulePublishBody = {
      effectiveFrom: values.effectiveFrom,
      source: values.source.trim(),
      changes: values.changes.map((c) => ({
        typeCode: c.typeCode === EVERY_TYPE ? null : c.typeCode,
        code: c.code,
        amount: Number(c.amount),
      })),
    };
    publish.mutate(body, {
      onSuccess: (r) => {
        void notify.success(r.message);
        close();
      },
      onError: (e) => {
        if (isApiError(e) && e.fields?.length)
          form.setErrors(Object.fromEntries(e.fields.map((f) => [f.name, f.message])));
      },
    });
  });
  const fieldErrors = isApiError(publish.error) && !!publish.error.fields?.length;
  return (
    <Modal opened={opened} onClose={close} title="Publish a new fee schedule version" size="lg">
      <ModalForm onSubmit={onSubmit} error={fieldErrors ? null : publish.error} onClearError={() => publish.reset()}>
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            type="date"
            label="Applies from"
            description="After today: firms and cases see it as upcoming until then"
            min={dayAfter(today)}
            required
            miw={180}
            {...form.getInputProps('effectiveFrom')}
          />
          <TextInput
            label="Source"
            description="The rule it follows (title, Federal Register citation, effective date)"
            required
            miw={220}
            {...form.getInputProps('source')}
          />
        </Group>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Amounts it changes
          </Text>
          {form.values.changes.map((c, i) => {
            const codes = [
              ...new Map(
                lines
                  .filter((l) => c.typeCode === EVERY_TYPE || l.typeCode === c.typeCode)
                  .map((l) => [l.code, l.name]),
              ).entries(),
            ];
            const now = c.code ? amountsNow(lines, c.typeCode, c.code) : [];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own until published
              <Paper key={i} withBorder p="xs">
                <Group gap="xs" align="flex-start" wrap="wrap">
                  <Select
                    label="Case type"
                    data={[
                      { value: EVERY_TYPE, label: 'Every case type' },
                      ...types.map(([value, label]) => ({ value, label })),
                    ]}
                    allowDeselect={false}
                    searchable
                    w={220}
                    {...form.getInputProps(`changes.${i}.typeCode`)}
                    onChange={(v) => {
                      form.setFieldValue(`changes.${i}.typeCode`, v ?? EVERY_TYPE);
                      form.setFieldValue(`changes.${i}.code`, '');
                    }}
                  />
                  <Select
                    label="Fee"
                    data={codes.map(([value, label]) => ({ value, label }))}
                    searchable
                    w={240}
                    description={now.length ? `Now ${now.map(money).join(' / ')}` : undefined}
                    {...form.getInputProps(`changes.${i}.code`)}
                    onChange={(v) => form.setFieldValue(`changes.${i}.code`, v ?? '')}
                  />
                  <TextInput
                    label="New amount"
                    inputMode="numeric"
                    leftSection={FEE_CURRENCY}
                    w={130}
                    {...form.getInputProps(`changes.${i}.amount`)}
                    onChange={(e) =>
                      form.setFieldValue(`changes.${i}.amount`, e.currentTarget.value.replace(/\D/g, '').slice(0, 6))
                    }
                  />
                  {form.values.changes.length > 1 && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={26}
                      aria-label={`Remove change ${i + 1}`}
                      onClick={() => form.removeListItem('changes', i)}
                    >
                      <IconX size={16} />
                    </ActionIcon>
                  )}
                </Group>
              </Paper>
            );
          })}
          <Group>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => form.insertListItem('changes', emptyChange())}
            >
              Add a change
            </Button>
          </Group>
          {typeof form.errors.changes === 'string' && (
            <Alert color="red" variant="light">
              {form.errors.changes}
            </Alert>
          )}
        </Stack>
        <ModalFooter onCancel={close} saveLabel="Publish" saving={publish.isPending} />
      </ModalForm>
    </Modal>
  );
}
