import { type FactDef, factValueSchema } from '@caseport/domain/cases/facts';
import type { PostalAddress } from '@caseport/domain/people/contracts';
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { DateInput } from '../../components/date-input';
import { useServiceCenterOptions, useSocCodeOptions } from './api';

/** The value a fact field holds while edited: '' / null / undefined mean 'not set'. */
export type FactDraft = Record<string, unknown>;

const isBlank = (v: unknown) => v === null || v === undefined || v === '';

/**
 * The shared validation of one fact (cases/facts.ts factValueSchema, the server's own): the message of the first
 * issue, or null. A blank value is fine (facts are optional; a blank clears one). For addresses the message
 * names the first bad address line (`facts.worksites.0.city` on the server).
 */
export const factError = (def: FactDef, value: unknown): string | null => {
  if (isBlank(value)) return null;
  if (def.kind === 'addresses' && Array.isArray(value) && value.length === 0) return null;
  const parsed = factValueSchema(def).safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid value');
};

/** The facts to send: blanks become null (a save clears them; a create leaves them out). */
export const factsToSend = (defs: readonly FactDef[], draft: FactDraft, { dropBlank }: { dropBlank: boolean }) => {
  const out: Record<string, unknown> = {};
  for (const d of defs) {
    const v = draft[d.key];
    const blank = isBlank(v) || (d.kind === 'addresses' && Array.isArray(v) && v.length === 0);
    if (blank) {
      if (!dropBlank) out[d.key] = null;
    } else out[d.key] = d.kind === 'text' && typeof v === 'string' ? v.trim() : v;
  }
  return out;
};

/** Every fact's shared-validation message, keyed `facts.<key>` (as the server names them). */
export const factErrors = (defs: readonly FactDef[], draft: FactDraft): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const d of defs) {
    const e = factError(d, draft[d.key]);
    if (e) errors[`facts.${d.key}`] = e;
  }
  const start = draft.startDate as string | undefined;
  const end = draft.endDate as string | undefined;
  if (start && end && end < start && defs.some((d) => d.key === 'endDate'))
    errors['facts.endDate'] = 'End date must be on or after the start date';
  return errors;
};

const EMPTY_ADDRESS: PostalAddress = {
  line1: '',
  line2: '',
  city: '',
  state: '',
  zipcode: '',
  country: 'United States',
};

export interface FactFieldProps {
  def: FactDef;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string | null | undefined;
  /** Blur: the caller validates (factError) and shows the message. */
  onBlur?: () => void;
}

/** One fact of the case, its input chosen by its kind in the facts table (issue 34 item 2). */
export function FactField({ def, value, onChange, error, onBlur }: FactFieldProps) {
  const id = `fact-${def.key}`;
  const common = { id, label: def.label, description: def.hint, error: error || undefined, onBlur };
  switch (def.kind) {
    case 'text':
      return (
        <TextInput
          {...common}
          value={(value as string | undefined) ?? ''}
          onChange={(e) => onChange(e.currentTarget.value)}
          maxLength={200}
          placeholder={def.key === 'fein' ? '12-3456789' : def.key === 'receiptNumber' ? 'IOE0912345678' : undefined}
        />
      );
    case 'date':
      return <DateInput {...common} value={(value as string | undefined) ?? ''} onChange={onChange} />;
    case 'money':
    case 'int':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : v === '' ? null : Number(v))}
          decimalScale={def.kind === 'money' ? 2 : 0}
          allowDecimal={def.kind === 'money'}
          thousandSeparator=","
          prefix={def.kind === 'money' ? '$' : undefined}
          hideControls
        />
      );
    case 'boolean':
      return (
        <Switch
          id={id}
          label={def.label}
          description={def.hint}
          error={error || undefined}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          onBlur={onBlur}
          mt="md"
        />
      );
    case 'enum':
      return (
        <Select
          {...common}
          data={[...(def.options ?? [])]}
          value={(value as string | undefined) ?? null}
          onChange={(v) => onChange(v)}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'socCode':
      return <SocCodeSelect {...common} value={value} onChange={onChange} />;
    case 'serviceCenter':
      return <ServiceCenterSelect {...common} value={value} onChange={onChange} />;
    case 'addresses':
      return (
        <AddressesField
          id={id}
          label={def.label}
          error={error}
          value={Array.isArray(value) ? (value as PostalAddress[]) : []}
          onChange={onChange}
        />
      );
  }
}

interface IdSelectProps {
  id: string;
  label: string;
  description?: string | undefined;
  error?: string | undefined;
  onBlur?: (() => void) | undefined;
  value: unknown;
  onChange: (value: unknown) => void;
}

/** The words of a select whose options are one of the tenant's lists (SOC codes, service centers). */
interface OptionsWords {
  loading: string;
  pick: string;
  failed: string;
  none: string;
}

function OptionsSelect({
  value,
  onChange,
  options,
  words,
  ...props
}: IdSelectProps & {
  options: { data?: { value: string; label: string }[] | undefined; isPending: boolean; isError: boolean };
  words: OptionsWords;
}) {
  return (
    <Select
      {...props}
      data={options.data ?? []}
      value={(value as string | undefined) ?? null}
      onChange={(v) => onChange(v)}
      searchable
      clearable
      placeholder={options.isPending ? words.loading : words.pick}
      nothingFoundMessage={options.isError ? words.failed : words.none}
    />
  );
}

const SOC_WORDS: OptionsWords = {
  loading: 'Loading SOC codes…',
  pick: 'Pick one of your SOC codes',
  failed: 'The SOC codes could not be loaded',
  none: 'No SOC codes configured',
};
const SERVICE_CENTER_WORDS: OptionsWords = {
  loading: 'Loading service centers…',
  pick: 'Pick a service center',
  failed: 'The service centers could not be loaded',
  none: 'No service centers',
};

function SocCodeSelect(props: IdSelectProps) {
  return <OptionsSelect {...props} options={useSocCodeOptions()} words={SOC_WORDS} />;
}

function ServiceCenterSelect(props: IdSelectProps) {
  return <OptionsSelect {...props} options={useServiceCenterOptions()} words={SERVICE_CENTER_WORDS} />;
}

/** 1..10 postal addresses (worksites): each a small fieldset, 'Add address' under them. */
function AddressesField({
  id,
  label,
  error,
  value,
  onChange,
}: {
  id: string;
  label: string;
  error?: string | null | undefined;
  value: PostalAddress[];
  onChange: (v: PostalAddress[]) => void;
}) {
  const set = (i: number, patch: Partial<PostalAddress>) =>
    onChange(value.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  return (
    <Stack gap="xs" id={id} tabIndex={-1} aria-label={label} role="group">
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {value.map((a, i) => (
        <Fieldset
          // biome-ignore lint/suspicious/noArrayIndexKey: addresses have no id; their place is their identity
          key={i}
          legend={`${label.replace(/addresses$/i, 'address')} ${i + 1}`}
          p="sm"
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <TextInput
              label="Address line 1"
              value={a.line1}
              onChange={(e) => set(i, { line1: e.currentTarget.value })}
            />
            <TextInput
              label="Address line 2"
              value={a.line2 ?? ''}
              onChange={(e) => set(i, { line2: e.currentTarget.value })}
            />
            <TextInput label="City" value={a.city} onChange={(e) => set(i, { city: e.currentTarget.value })} />
            <TextInput label="State" value={a.state ?? ''} onChange={(e) => set(i, { state: e.currentTarget.value })} />
            <TextInput
              label="ZIP code"
              value={a.zipcode ?? ''}
              onChange={(e) => set(i, { zipcode: e.currentTarget.value })}
            />
            <TextInput label="Country" value={a.country} onChange={(e) => set(i, { country: e.currentTarget.value })} />
          </SimpleGrid>
          <Group justify="flex-end" mt="xs">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove address ${i + 1}`}
              onClick={() => onChange(value.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} aria-hidden="true" />
            </ActionIcon>
          </Group>
        </Fieldset>
      ))}
      {error ? (
        <Text size="xs" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          disabled={value.length >= 10}
          onClick={() => onChange([...value, { ...EMPTY_ADDRESS }])}
        >
          Add address
        </Button>
      </Group>
    </Stack>
  );
}
