import type { CaseIdConfig } from '@caseport/domain/case-codes/contracts';
import {
  isGroupValid,
  itemProblems,
  parseSerialStart,
  REQUIRED_MESSAGE,
  subTypesInTwoGroups,
} from '@caseport/domain/case-codes/contracts';
import {
  addPartSlot,
  CODE_PART_NAMES,
  type CodePartId,
  canAddPart,
  canDeletePart,
  newGroup,
  normalizeResetIdBy,
  partChoices,
  type ResetIdBy,
  removePartSlot,
  resetIdByFor,
  resetOptions,
  SERIAL_PART,
  showsResetOn,
  subTypeChoices,
} from '@caseport/domain/case-codes/parts';
import {
  ActionIcon,
  Button,
  Divider,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { ModalFooter } from '../../components/modal-footer';
import { notify } from '../../components/notify';
import { type CaseTypeWithSubTypes, subTypeSelectData } from '../../components/use-case-sub-types';
import { isApiError } from '../../lib/api-client';
import { useCustomerList } from '../../lib/use-customer-list';
import { useCreateCaseCodes, useOwnTenant, usePetitioners, useTakenSubTypes, useUpdateCaseCode } from './api';
import { exampleFor } from './example';

type CodeGroup = ReturnType<typeof newGroup>;
interface FormValues {
  tenantId: string | null;
  groups: CodeGroup[];
}

export interface CaseCodeFormProps {
  isPlatformAdmin: boolean;
  ownTenantId: string | null;
  caseTypes: CaseTypeWithSubTypes[] | undefined;
  /** Present when editing: one group, SI. No. Starts From locked (R-CASECODE-044). */
  editing: CaseIdConfig | null;
  onDone: () => void;
}

const groupOf = (c: CaseIdConfig): CodeGroup => ({
  subTypeIds: c.subTypeIds,
  config: c.config.map((p) => p.id),
  sNoStartsFrom: String(c.sNoStartsFrom),
  resetIdBy: resetIdByFor(
    c.config.map((p) => p.id),
    c.resetIdBy,
  ),
});

/** `items.0.config.1` from the server is `groups.0.config.1` in the form. */
const toFormField = (name: string) => name.replace(/^items\./, 'groups.');

/** The side panel form of 001 §2.4 / §5 "Case code form"; every rule comes from the domain package. */
export function CaseCodeForm({ isPlatformAdmin, ownTenantId, caseTypes, editing, onDone }: CaseCodeFormProps) {
  const [serverError, setServerError] = useState<unknown>(null);
  // The customer's type decides whether PETITIONER_NAME is allowed; validation reads the current one.
  const tenantTypeRef = useRef<1 | 2 | null>(null);
  const validate = (values: FormValues) => {
    const errors: Record<string, string> = {};
    // R-CASECODE-020: the customer, role 1 only.
    if (isPlatformAdmin && !values.tenantId) errors.tenantId = REQUIRED_MESSAGE;
    const twice = subTypesInTwoGroups(values.groups);
    values.groups.forEach((g, i) => {
      if (g.subTypeIds.length === 0) errors[`groups.${i}.subTypeIds`] = 'Case Subtypes is required';
      else if (g.subTypeIds.some((id) => twice.includes(id)))
        errors[`groups.${i}.subTypeIds`] = 'A case subtype can belong to one group only';
      for (const p of itemProblems(g, tenantTypeRef.current)) errors[`groups.${i}.${p.name}`] ??= p.message;
      const serial = parseSerialStart(g.sNoStartsFrom);
      if ('error' in serial) errors[`groups.${i}.sNoStartsFrom`] = serial.error;
    });
    return errors;
  };
  const form = useForm<FormValues>({
    initialValues: { tenantId: editing?.tenantId ?? null, groups: [editing ? groupOf(editing) : newGroup()] },
    validate,
  });

  const customers = useCustomerList(isPlatformAdmin);
  const own = useOwnTenant(isPlatformAdmin ? null : ownTenantId);
  const tenantId = isPlatformAdmin ? form.values.tenantId : ownTenantId;
  const customer = isPlatformAdmin ? customers.data?.find((c) => c._id === tenantId) : null;
  const tenantType: 1 | 2 | null = isPlatformAdmin ? (customer?.tenantType ?? null) : (own.data?.tenantType ?? null);
  tenantTypeRef.current = tenantType;
  const customerForExample = isPlatformAdmin
    ? customer
      ? { name: customer.name, idPrefix: customer.idPrefix }
      : null
    : own.data
      ? { name: own.data.name, idPrefix: own.data.idPrefix }
      : null;

  // R-CASECODE-022: roles other than 1 load their petitioner list; a picked petitioner previews the
  // Example Case ID in place of the sample name (R-CASECODE-049 when none is picked).
  const usesPetitionerName = tenantType === 1 && form.values.groups.some((g) => g.config.includes('PETITIONER_NAME'));
  const [petitionerSearch, setPetitionerSearch] = useState('');
  const [debouncedPetitionerSearch] = useDebouncedValue(petitionerSearch, 300);
  const [examplePetitionerId, setExamplePetitionerId] = useState<string | null>(null);
  const petitioners = usePetitioners(debouncedPetitionerSearch, !isPlatformAdmin);
  const petitionerOptions = useMemo(
    () => (petitioners.data ?? []).map((p) => ({ value: p._id, label: p.name })),
    [petitioners.data],
  );
  const examplePetitionerName = petitionerOptions.find((o) => o.value === examplePetitionerId)?.label ?? null;

  const taken = useTakenSubTypes(tenantId, !!tenantId);
  const takenElsewhere = useMemo(
    () => (taken.data ?? []).filter((c) => c.configId !== editing?._id).flatMap((c) => c.subTypeIds),
    [taken.data, editing?._id],
  );
  const subTypeById = useMemo(() => {
    const m = new Map<number, { code: string; typeCode: string; name: string }>();
    // D-23: the example carries the codes real numbers get (the tenant's custom codes when set).
    for (const t of caseTypes ?? [])
      for (const s of t.subTypes) m.set(s.id, { code: s.numberCode, typeCode: t.numberCode, name: s.name });
    return m;
  }, [caseTypes]);
  const allSubTypes = useMemo(() => (caseTypes ?? []).flatMap((t) => t.subTypes), [caseTypes]);

  const create = useCreateCaseCodes();
  const update = useUpdateCaseCode();
  const saving = create.isPending || update.isPending;

  const setGroup = (i: number, patch: Partial<CodeGroup>) => {
    const g = form.values.groups[i] as CodeGroup;
    const next = { ...g, ...patch };
    // D-16: keep the reset choice only while it is one of the pattern's options; a lone option is
    // preselected (R-CASECODE-037..039).
    if (patch.config) next.resetIdBy = resetIdByFor(next.config, next.resetIdBy);
    form.setFieldValue(`groups.${i}`, next);
    // A message shown after a save attempt goes as soon as its field is right ('Case Subtypes is
    // required' once a sub-type is picked); no new message appears before the next attempt.
    const shown = Object.keys(form.errors);
    if (shown.length) {
      const fresh = validate({ ...form.values, groups: form.values.groups.map((x, k) => (k === i ? next : x)) });
      form.setErrors(Object.fromEntries(shown.filter((k) => fresh[k]).map((k) => [k, fresh[k]])));
    }
  };

  // R-CASECODE-047: another group only when the groups so far are valid.
  const onAddGroup = () => {
    const valid = form.values.groups.every((g) => isGroupValid(g, tenantType));
    if (form.validate().hasErrors || !valid) return;
    form.insertListItem('groups', newGroup());
  };

  const clearServerError = () => {
    if (serverError) setServerError(null);
  };

  const onSubmit = (values: FormValues) => {
    setServerError(null);
    const items = values.groups.map((g) => {
      const parts = g.config.filter((p): p is CodePartId => p !== null);
      return {
        subTypeIds: g.subTypeIds,
        config: parts.map((id) => ({ id, name: CODE_PART_NAMES[id] })),
        sNoStartsFrom: Number(g.sNoStartsFrom),
        resetIdBy: normalizeResetIdBy(parts, g.resetIdBy),
      };
    });
    const onError = (e: unknown) => {
      // R-API-007/009: the server's message in the panel; field errors on their inputs; saving flags reset.
      setServerError(e);
      if (isApiError(e) && e.fields)
        form.setErrors(
          Object.fromEntries(e.fields.map((f) => [editing ? `groups.0.${f.name}` : toFormField(f.name), f.message])),
        );
    };
    const onSuccess = (r: { message: string }) => {
      notify.success(r.message); // R-API-010
      onDone();
    };
    if (editing) {
      const { sNoStartsFrom: _locked, ...item } = items[0] as (typeof items)[number];
      update.mutate({ configId: editing._id, ...item }, { onSuccess, onError });
    } else {
      create.mutate(
        { items, ...(isPlatformAdmin && values.tenantId ? { tenantId: values.tenantId } : {}) },
        { onSuccess, onError },
      );
    }
  };

  return (
    // R-API-008: a click anywhere in the form (or a key, for keyboard users) clears the warning alert.
    <form onSubmit={form.onSubmit(onSubmit)} onClick={clearServerError} onKeyDown={clearServerError} noValidate>
      <Stack gap="md">
        <ErrorAlert error={serverError} onClear={() => setServerError(null)} />
        {isPlatformAdmin ? (
          <Select
            label="Customer"
            placeholder="Select customer"
            required
            searchable
            disabled={!!editing}
            data={(customers.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
            nothingFoundMessage="No customers found"
            {...form.getInputProps('tenantId')}
            onChange={(v) => {
              form.setFieldValue('tenantId', v);
              // A petitioner company has no PETITIONER_NAME part (R-CASECODE-019).
              const type = customers.data?.find((c) => c._id === v)?.tenantType;
              if (type === 2)
                form.values.groups.forEach((g, i) => {
                  if (g.config.includes('PETITIONER_NAME'))
                    setGroup(i, { config: g.config.map((p) => (p === 'PETITIONER_NAME' ? null : p)) });
                });
            }}
          />
        ) : null}
        {form.values.groups.map((g, i) => {
          const problems = form.errors;
          const subTypeData = subTypeSelectData(caseTypes, (id) =>
            subTypeChoices(allSubTypes, form.values.groups, i, takenElsewhere).some((s) => s.id === id),
          );
          const firstSubType = g.subTypeIds[0] !== undefined ? (subTypeById.get(g.subTypeIds[0]) ?? null) : null;
          const serial = parseSerialStart(g.sNoStartsFrom);
          return (
            <Paper key={`group-${i.toString()}`} withBorder radius="md" p="md">
              <Stack gap="sm">
                <Group justify="space-between">
                  <Title order={4}>Group {i + 1}</Title>
                  {!editing && form.values.groups.length > 1 ? (
                    <Tooltip label="Remove group">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove group ${i + 1}`}
                        onClick={() => form.removeListItem('groups', i)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                </Group>
                <MultiSelect
                  label="Case Subtypes"
                  placeholder={g.subTypeIds.length ? undefined : 'Select case subtypes'}
                  required
                  searchable
                  data={subTypeData}
                  value={g.subTypeIds.map(String)}
                  onChange={(v) => setGroup(i, { subTypeIds: v.map(Number) })}
                  error={problems[`groups.${i}.subTypeIds`]}
                  nothingFoundMessage="No case subtypes left"
                  maxDropdownHeight={280}
                />
                <div>
                  <Text size="sm" fw={500} mb={4}>
                    Code Configuration
                  </Text>
                  <Stack gap="xs">
                    {g.config.map((part, j) => {
                      const isSerial = part === SERIAL_PART && j === g.config.length - 1;
                      const choices = partChoices(g.config, j, tenantType);
                      return (
                        <Group key={`part-${j.toString()}`} gap="xs" wrap="nowrap" align="flex-start">
                          <Select
                            aria-label={`Part ${j + 1}`}
                            style={{ flex: 1 }}
                            placeholder="Select"
                            required
                            disabled={isSerial}
                            data={
                              isSerial
                                ? [{ value: SERIAL_PART, label: CODE_PART_NAMES.SI_NO }]
                                : choices.map((p) => ({ value: p, label: CODE_PART_NAMES[p] }))
                            }
                            value={part}
                            onChange={(v) =>
                              setGroup(i, { config: g.config.map((p, k) => (k === j ? (v as CodePartId | null) : p)) })
                            }
                            error={problems[`groups.${i}.config.${j}`]}
                          />
                          {!isSerial && canDeletePart(g.config.length) ? (
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              size="lg"
                              aria-label={`Delete part ${j + 1}`}
                              onClick={() => setGroup(i, { config: removePartSlot(g.config, j) })}
                            >
                              <IconTrash size={18} />
                            </ActionIcon>
                          ) : (
                            <div style={{ width: 34 }} />
                          )}
                        </Group>
                      );
                    })}
                  </Stack>
                  {problems[`groups.${i}.config`] ? (
                    <Text c="red" size="xs" mt={4} role="alert">
                      {problems[`groups.${i}.config`]}
                    </Text>
                  ) : null}
                  {canAddPart(g.config.length) ? (
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      mt="xs"
                      leftSection={<IconPlus size={16} />}
                      onClick={() => setGroup(i, { config: addPartSlot(g.config) })}
                    >
                      Add Part
                    </Button>
                  ) : null}
                </div>
                <Group grow align="flex-start">
                  <TextInput
                    label="SI. No. Starts From"
                    required
                    inputMode="numeric"
                    disabled={!!editing}
                    value={g.sNoStartsFrom}
                    onChange={(e) => setGroup(i, { sNoStartsFrom: e.currentTarget.value })}
                    error={problems[`groups.${i}.sNoStartsFrom`]}
                  />
                  {showsResetOn(g.config) ? (
                    <Select
                      label="SI. No. Reset On"
                      placeholder="Select"
                      clearable={resetOptions(g.config).length > 1}
                      allowDeselect={resetOptions(g.config).length > 1}
                      data={resetOptions(g.config)}
                      value={g.resetIdBy}
                      onChange={(v) => setGroup(i, { resetIdBy: v as ResetIdBy | null })}
                      error={problems[`groups.${i}.resetIdBy`]}
                    />
                  ) : null}
                </Group>
                <Paper bg="var(--mantine-color-gray-0)" p="sm" radius="sm">
                  <Text size="xs" c="dimmed">
                    Example Case ID
                  </Text>
                  <Text fw={600} ff="monospace" data-testid={`example-case-id-${i}`}>
                    {exampleFor(g.config, {
                      customer: customerForExample ?? null,
                      subType: firstSubType,
                      sNoStartsFrom: 'value' in serial ? serial.value : 1,
                      petitionerName: examplePetitionerName,
                    })}
                  </Text>
                </Paper>
              </Stack>
            </Paper>
          );
        })}
        {!isPlatformAdmin && usesPetitionerName ? (
          <Select
            label="Example petitioner"
            description="Preview the Example Case ID with one of your petitioners instead of the sample name"
            placeholder="Sample: Acme Corp"
            searchable
            clearable
            data={petitionerOptions}
            value={examplePetitionerId}
            onChange={setExamplePetitionerId}
            searchValue={petitionerSearch}
            onSearchChange={setPetitionerSearch}
            nothingFoundMessage={petitioners.isFetching ? 'Loading…' : 'No petitioners found'}
          />
        ) : null}
        {!editing ? (
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onAddGroup}>
            Add Another Group
          </Button>
        ) : null}
        <Divider />
        <ModalFooter onCancel={onDone} saving={saving} saveLabel={editing ? 'Update' : 'Save'} />
      </Stack>
    </form>
  );
}
