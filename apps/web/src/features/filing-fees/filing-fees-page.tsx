import {
  FEE_CURRENCY,
  FEE_MESSAGES,
  FEE_TAB_SWITCH_DELAY_MS,
  FEE_WATCH_DEBOUNCE_MS,
  type FeeCategories,
  FeeNameSchema,
  type FeeSaveBody,
  type FeeVersionImpact,
} from '@caseport/domain/filing-fees/contracts';
import {
  DEPENDENTS_LABEL,
  estimateTotal,
  feeSaveLabel,
  hasPerOrAllChoice,
  isDependentsLine,
  maskFeeAmount,
  versionStatuses,
} from '@caseport/domain/filing-fees/rules';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorAlert } from '../../components/error-alert';
import { notify } from '../../components/notify';
import { RowActions } from '../../components/row-actions';
import { useFeeCategories, useFeeSubTypes, useSaveFees, useVersionImpact, useWithdrawFeeVersion } from './api';

/** A fee line in the form: the answer's line plus the view/edit switch (R-FEE-006). */
export interface FeeRow {
  code?: string;
  name: string;
  /** Digits as typed (R-FEE-008 mask); '' while empty. */
  amount: string;
  type: 'USCIS' | 'other';
  online: boolean;
  defType: boolean;
  allowMultiple: boolean;
  perOrAllDependent: boolean;
  scheduleAmount: number | null;
  isEdit: boolean;
  key: string;
}
interface Values {
  groups: { id: number; details: FeeRow[] }[];
}

let rowKeys = 0;
const nextKey = () => `fee-${++rowKeys}`;

const toValues = (data: FeeCategories): Values => ({
  groups: data.items.map((g) => ({
    id: g.id,
    details: g.details.map((l) => ({
      code: l.code,
      name: l.name,
      amount: String(l.amount),
      type: l.type,
      online: l.online,
      defType: l.defType,
      allowMultiple: l.allowMultiple,
      perOrAllDependent: l.perOrAllDependent,
      scheduleAmount: l.scheduleAmount,
      isEdit: false,
      key: nextKey(),
    })),
  })),
});

const money = (n: number) => `${FEE_CURRENCY}${n.toLocaleString('en-US')}`;

/** R-FEE-007: the name is required while a line is edited; the amount always (D-21: whole dollars, 6 digits). */
const validate = (values: Values) => {
  const errors: Record<string, string> = {};
  for (const [gi, g] of values.groups.entries())
    for (const [li, l] of g.details.entries()) {
      if (l.isEdit && !FeeNameSchema.safeParse(l.name).success)
        errors[`groups.${gi}.details.${li}.name`] = FEE_MESSAGES.nameRequired;
      if (l.amount === '') errors[`groups.${gi}.details.${li}.amount`] = FEE_MESSAGES.amountRequired;
    }
  return errors;
};

/** Fees tab (002 §2.3, §4.2, §5.2; D-21; issue 18): fee lines per case type and sub-type. */
export default function FilingFeesPage() {
  const [caseType, setCaseType] = useState<number | null>(null);
  const catalogue = useFeeCategories(null);
  const caseTypes = catalogue.data?.caseTypes ?? [];
  useEffect(() => {
    if (caseType === null && caseTypes[0]) setCaseType(caseTypes[0].id);
  }, [caseType, caseTypes]);

  if (catalogue.isPending) return <Loader aria-label="Loading fees" />;
  if (catalogue.isError) return <ErrorAlert error={catalogue.error} />;
  return (
    <Stack gap="md" maw={900}>
      <Title order={2}>Fees</Title>
      {caseTypes.length === 0 ? (
        <Text c="dimmed">No case types are switched on yet. Switch them on in Case Configuration.</Text>
      ) : (
        <>
          {/* R-FEE-001 */}
          <Select
            label="Case Type"
            data={caseTypes.map((t) => ({ value: String(t.id), label: t.name }))}
            value={caseType === null ? null : String(caseType)}
            onChange={(v) => v && setCaseType(Number(v))}
            allowDeselect={false}
            searchable
            maw={420}
          />
          {caseType !== null && <CaseTypeFees key={caseType} petitionType={caseType} />}
        </>
      )}
    </Stack>
  );
}

function CaseTypeFees({ petitionType }: { petitionType: number }) {
  /** Issue 36: the upcoming version opened to edit (its first day); null: the fees in force today. */
  const [editing, setEditing] = useState<string | null>(null);
  const query = useFeeCategories(petitionType, editing);
  const subTypes = useFeeSubTypes(petitionType);
  const withdraw = useWithdrawFeeVersion();
  const [toWithdraw, setToWithdraw] = useState<string | null>(null);
  if (query.isPending || subTypes.isPending) return <Loader aria-label="Loading fees" />;
  if (query.isError) return <ErrorAlert error={query.error} />;
  const onWithdraw = () =>
    toWithdraw &&
    withdraw.mutate(
      { petitionType, effectiveFrom: toWithdraw },
      {
        onSuccess: (r) => {
          if (editing === toWithdraw) setEditing(null);
          setToWithdraw(null);
          void notify.success(r.message);
        },
      },
    );
  return (
    <Stack gap="md">
      {editing && (
        <Alert color="blue" title={`Fees from ${editing}`}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">These fees have not started yet: saving keeps their first day unless you change it.</Text>
            <Button size="xs" variant="light" onClick={() => setEditing(null)}>
              Back to the fees in force
            </Button>
          </Group>
        </Alert>
      )}
      <FeeForm
        key={editing ?? 'today'}
        data={query.data}
        subTypes={subTypes.data ?? []}
        petitionType={petitionType}
        startDate={editing ?? query.data.today}
      />
      <FeeVersions
        versions={query.data.versions}
        today={query.data.today}
        editing={editing}
        onEdit={setEditing}
        onWithdraw={setToWithdraw}
      />
      <ConfirmDialog
        opened={toWithdraw !== null}
        title="Withdraw fees"
        message={`Withdraw the fees that would apply from ${toWithdraw ?? ''}? Until then and after, the fees in force stay as they are.`}
        confirmLabel="Withdraw"
        cancelLabel="Cancel"
        loading={withdraw.isPending}
        error={withdraw.error}
        onClearError={() => withdraw.reset()}
        onCancel={() => {
          setToWithdraw(null);
          withdraw.reset();
        }}
        onConfirm={onWithdraw}
      />
    </Stack>
  );
}

function FeeForm({
  data,
  subTypes,
  petitionType,
  startDate,
}: {
  data: FeeCategories;
  subTypes: { id: number; name: string }[];
  petitionType: number;
  /** The day a save applies from, at first: today, or the first day of the upcoming version opened (issue 36). */
  startDate: string;
}) {
  const form = useForm<Values>({ initialValues: toValues(data), validate });
  // Issue 18: a save applies from today in the tenant's time zone unless another day is chosen.
  const [invoiceDate, setInvoiceDate] = useState(startDate);
  /** R-FEE-012: renamed default lines, by code (`changeItems`). */
  const renames = useRef(new Map<string, string>());
  const save = useSaveFees();
  const impact = useVersionImpact();
  /** Issue 36: a back-dated version's answer, shown before it is saved. */
  const [affected, setAffected] = useState<{ body: FeeSaveBody; answer: FeeVersionImpact } | null>(null);
  // R-FEE-027: tab names and order from master data; the server's groups decide which sub-types there are.
  const tabs = useMemo(() => {
    const byId = new Map(data.items.map((g) => [g.id, g.name]));
    const fromMaster = subTypes.filter((s) => byId.has(s.id));
    return fromMaster.length ? fromMaster : data.items.map((g) => ({ id: g.id, name: g.name }));
  }, [data.items, subTypes]);
  const [active, setActive] = useState<string | null>(tabs[0] ? String(tabs[0].id) : null);
  const groupIndex = form.values.groups.findIndex((g) => String(g.id) === active);

  // R-FEE-026: the watcher over the form settles 900 ms after the last change (total, pending changes).
  const [watched] = useDebouncedValue(form.values, FEE_WATCH_DEBOUNCE_MS);
  const watchedGroup = watched.groups.find((g) => String(g.id) === active);
  const total = estimateTotal(
    (watchedGroup?.details ?? []).map((l) => ({ amount: Number(l.amount || 0), online: l.online })),
  );
  const differing = form.values.groups.flatMap((g) =>
    g.details.filter((l) => l.scheduleAmount !== null && String(l.scheduleAmount) !== l.amount),
  ).length;

  /** R-FEE-010/011: a tab change needs the form to validate, then happens 100 ms later. */
  const onTab = (next: string | null) => {
    if (!next || next === active) return;
    if (form.validate().hasErrors) return;
    setTimeout(() => setActive(next), FEE_TAB_SWITCH_DELAY_MS);
  };

  const field = (li: number, name: keyof FeeRow) => `groups.${groupIndex}.details.${li}.${name}`;

  /** R-FEE-006: the tick leaves edit mode once the line validates; R-FEE-012: a default line's new name spreads. */
  const onDone = (li: number) => {
    const nameError = form.validateField(field(li, 'name')).hasError;
    const amountError = form.validateField(field(li, 'amount')).hasError;
    if (nameError || amountError) return;
    const row = form.values.groups[groupIndex]?.details[li];
    if (!row) return;
    form.setFieldValue(field(li, 'isEdit'), false);
    if (row.defType && row.code) {
      renames.current.set(row.code, row.name.trim());
      for (const [gi, g] of form.values.groups.entries())
        for (const [i, l] of g.details.entries())
          if (l.defType && l.code === row.code && l.name !== row.name)
            form.setFieldValue(`groups.${gi}.details.${i}.name`, row.name);
    }
  };

  const onAdd = () =>
    form.insertListItem(`groups.${groupIndex}.details`, {
      name: '',
      amount: '',
      type: 'other',
      online: false,
      defType: false,
      allowMultiple: false,
      perOrAllDependent: false,
      scheduleAmount: null,
      isEdit: true,
      key: nextKey(),
    } satisfies FeeRow);

  /** Issue 18: take the platform schedule's amounts for every line that differs (saved with the next Save). */
  const takeSchedule = () => {
    for (const [gi, g] of form.values.groups.entries())
      for (const [i, l] of g.details.entries())
        if (l.scheduleAmount !== null) form.setFieldValue(`groups.${gi}.details.${i}.amount`, String(l.scheduleAmount));
  };

  const onSave = () => {
    // R-FEE-009: the form validates before saving.
    if (form.validate().hasErrors) return;
    const body: FeeSaveBody = {
      petitionType,
      invoiceDate,
      items: form.values.groups.map((g) => ({
        id: g.id,
        details: g.details.map((l) => ({
          ...(l.code ? { code: l.code } : {}),
          name: l.name.trim(),
          amount: Number(l.amount),
          currency: FEE_CURRENCY,
          type: l.type,
          online: l.online,
          defType: l.defType,
          allowMultiple: l.allowMultiple,
          perOrAllDependent: hasPerOrAllChoice(l.code) ? l.perOrAllDependent : false,
        })),
      })),
      changeItems: [...renames.current].map(([code, name]) => ({ code, name })),
    };
    // Issue 36: a version dated in the past first asks which open cases' estimates it changes.
    if (invoiceDate < data.today)
      impact.mutate(body, {
        onSuccess: (answer) => (answer.affectedCases > 0 ? setAffected({ body, answer }) : send(body)),
        onError: (e) => void notify.error(e),
      });
    else send(body);
  };

  const send = (body: FeeSaveBody) =>
    save.mutate(body, {
      // D-21: the server's message as a toast. R-FEE-025: a failure is an error toast with its message.
      onSuccess: (r) => {
        renames.current.clear();
        setAffected(null);
        void notify.success(r.message);
      },
      onError: (e) => void notify.error(e),
    });

  const rows = form.values.groups[groupIndex]?.details ?? [];
  return (
    <Stack gap="md">
      {data.effectiveFrom ? (
        <Text size="sm" c="dimmed">
          {data.effectiveFrom > data.today
            ? `Your fees from ${data.effectiveFrom} (not started yet).`
            : `Your fees in force since ${data.effectiveFrom}.`}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Default fees: {data.schedule.source}.
        </Text>
      )}
      {differing > 0 && (
        <Alert color="yellow" title="Platform fee schedule">
          <Stack gap="xs">
            <Text size="sm">
              {differing} fee {differing === 1 ? 'line differs' : 'lines differ'} from the platform fee schedule (
              {data.schedule.source}).
            </Text>
            <Group>
              <Button size="xs" variant="light" onClick={takeSchedule}>
                Take new amounts
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {/* R-FEE-002 */}
      <Tabs value={active} onChange={onTab} keepMounted={false}>
        {/* Issue 38 finding 9: the sub-types wrap onto a second row rather than scroll sideways out of sight. */}
        <Tabs.List>
          {tabs.map((s) => (
            <Tabs.Tab key={s.id} value={String(s.id)}>
              {s.name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Stack gap="xs" role="list" aria-label="Fee lines">
        {rows.length === 0 && <Text c="dimmed">No fee lines yet.</Text>}
        {rows.map((l, li) => (
          <Paper key={l.key} withBorder p="xs" role="listitem">
            {l.isEdit ? (
              <Group align="flex-start" gap="xs" wrap="wrap">
                <TextInput
                  label="Fee Type"
                  aria-label="Fee Type"
                  style={{ flex: '1 1 200px' }}
                  {...form.getInputProps(field(li, 'name'))}
                />
                <TextInput
                  label="Amount"
                  aria-label="Amount"
                  leftSection={FEE_CURRENCY}
                  inputMode="numeric"
                  w={140}
                  {...form.getInputProps(field(li, 'amount'))}
                  onChange={(e) => form.setFieldValue(field(li, 'amount'), maskFeeAmount(e.currentTarget.value))}
                />
                <ActionIcon
                  mt={26}
                  variant="light"
                  color="teal"
                  aria-label={`Done editing ${l.name || 'fee line'}`}
                  onClick={() => onDone(li)}
                >
                  <IconCheck size={18} />
                </ActionIcon>
                <ActionIcon
                  mt={26}
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${l.name || 'fee line'}`}
                  onClick={() => form.removeListItem(`groups.${groupIndex}.details`, li)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            ) : (
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {l.name}
                    {l.code && isDependentsLine(l.code) ? ` ${DEPENDENTS_LABEL}` : ''}
                  </Text>
                  <Group gap={6}>
                    <Badge size="xs" variant="light" color={l.type === 'USCIS' ? 'blue' : 'gray'}>
                      {l.type}
                    </Badge>
                    {l.online && (
                      <Badge size="xs" variant="light" color="grape">
                        Online
                      </Badge>
                    )}
                    {l.scheduleAmount !== null && String(l.scheduleAmount) !== l.amount && (
                      <Badge size="xs" variant="light" color="yellow">
                        Platform: {money(l.scheduleAmount)}
                      </Badge>
                    )}
                  </Group>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <Text fw={600}>{money(Number(l.amount || 0))}</Text>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Edit ${l.name}`}
                    onClick={() => form.setFieldValue(field(li, 'isEdit'), true)}
                  >
                    <IconPencil size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${l.name}`}
                    onClick={() => form.removeListItem(`groups.${groupIndex}.details`, li)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Group>
            )}
            {/* R-FEE-017/018: the per/all choice only on DEPENDENTLEGAL. */}
            {hasPerOrAllChoice(l.code) && (
              <SegmentedControl
                mt="xs"
                size="xs"
                aria-label="Dependent legal fee applies"
                data={[
                  { value: 'per', label: 'Per Dependent' },
                  { value: 'all', label: 'All Dependents' },
                ]}
                value={l.perOrAllDependent ? 'all' : 'per'}
                onChange={(v) => form.setFieldValue(field(li, 'perOrAllDependent'), v === 'all')}
              />
            )}
          </Paper>
        ))}
      </Stack>
      <Group justify="space-between" wrap="wrap">
        {/* R-FEE-004 */}
        <Button variant="subtle" leftSection={<IconPlus size={16} />} onClick={onAdd} disabled={groupIndex < 0}>
          Add More
        </Button>
        <Text size="sm" aria-live="polite">
          Total (paper filing): {money(total)}
        </Text>
      </Group>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label="Fees apply from"
          value={invoiceDate}
          onChange={(e) => setInvoiceDate(e.currentTarget.value)}
          w={180}
          required
        />
        {/* R-FEE-005, D-21 */}
        <Button onClick={onSave} loading={save.isPending || impact.isPending} disabled={!invoiceDate}>
          {feeSaveLabel(data.alreadyExisted)}
        </Button>
      </Group>
      <ConfirmDialog
        opened={affected !== null}
        title="Fees dated in the past"
        message={
          affected
            ? `These fees apply from ${affected.body.invoiceDate} and change the fee estimates of ${affected.answer.affectedCases} open ${affected.answer.affectedCases === 1 ? 'case' : 'cases'}. Save them?`
            : ''
        }
        confirmLabel="Save"
        cancelLabel="Cancel"
        confirmColor="blue"
        loading={save.isPending}
        onCancel={() => setAffected(null)}
        onConfirm={() => affected && send({ ...affected.body, confirmAffectedCases: affected.answer.affectedCases })}
      >
        <Table mt="sm" aria-label="Estimates that change">
          <Table.Tbody>
            {affected?.answer.cases.slice(0, 20).map((c) => (
              <Table.Tr key={c.caseId}>
                <Table.Td>{c.caseNumber}</Table.Td>
                <Table.Td ta="right">
                  {money(c.before)} → {money(c.after)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ConfirmDialog>
    </Stack>
  );
}

/**
 * Issue 36: the firm's saved versions of the case type, newest first: in force, upcoming, past. One that has not
 * started yet may be opened to edit or withdrawn; the others stay (a change is a new version).
 */
function FeeVersions({
  versions,
  today,
  editing,
  onEdit,
  onWithdraw,
}: {
  versions: string[];
  today: string;
  editing: string | null;
  onEdit: (day: string) => void;
  onWithdraw: (day: string) => void;
}) {
  if (versions.length === 0) return null;
  const color = { 'in force': 'teal', upcoming: 'blue', past: 'gray' } as const;
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        Versions
      </Text>
      <Table aria-label="Fee versions" maw={480}>
        <Table.Tbody>
          {versionStatuses(versions, today).map((v) => (
            <Table.Tr key={v.effectiveFrom} bg={editing === v.effectiveFrom ? 'blue.0' : undefined}>
              <Table.Td>From {v.effectiveFrom}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={color[v.status]}>
                  {v.status === 'in force' ? 'In force' : v.status === 'upcoming' ? 'Upcoming' : 'Past'}
                </Badge>
              </Table.Td>
              <Table.Td w={90}>
                {v.status === 'upcoming' && (
                  <RowActions
                    name={`fees from ${v.effectiveFrom}`}
                    actions={[
                      { label: 'Edit', icon: IconPencil, onClick: () => onEdit(v.effectiveFrom) },
                      { label: 'Withdraw', icon: IconTrash, color: 'red', onClick: () => onWithdraw(v.effectiveFrom) },
                    ]}
                  />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
