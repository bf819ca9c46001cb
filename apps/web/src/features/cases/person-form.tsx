import {
  type Person,
  type PersonInput,
  type PostalAddress,
  personInputSchema,
} from '@caseport/domain/people/contracts';
import { Button, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { type ReactNode, useEffect, useMemo } from 'react';
import { todayIso } from '../../components/format-date';

/** The person form's values: text inputs hold strings ('' = not given). */
export interface PersonFormValues {
  givenName: string;
  familyName: string;
  dateOfBirth: string;
  countryOfBirth: string;
  countryOfCitizenship: string;
  passportNumber: string;
  passportExpiry: string;
  i94Number: string;
  i94Expiry: string;
  currentStatus: string;
  statusExpiry: string;
  inUS: boolean;
  email: string;
  phone: string;
  withAddress: boolean;
  address: PostalAddress;
}

const NO_ADDRESS: PostalAddress = { line1: '', line2: '', city: '', state: '', zipcode: '', country: 'United States' };

export const personFormValues = (p?: Partial<Person> | null): PersonFormValues => ({
  givenName: p?.givenName ?? '',
  familyName: p?.familyName ?? '',
  dateOfBirth: p?.dateOfBirth ?? '',
  countryOfBirth: p?.countryOfBirth ?? '',
  countryOfCitizenship: p?.countryOfCitizenship ?? '',
  passportNumber: p?.passportNumber ?? '',
  passportExpiry: p?.passportExpiry ?? '',
  i94Number: p?.i94Number ?? '',
  i94Expiry: p?.i94Expiry ?? '',
  currentStatus: p?.currentStatus ?? '',
  statusExpiry: p?.statusExpiry ?? '',
  inUS: p?.inUS ?? false,
  email: p?.email ?? '',
  phone: p?.phone ?? '',
  withAddress: !!p?.address,
  address: { ...NO_ADDRESS, ...(p?.address ?? {}) },
});

const orNull = (s: string) => (s.trim() ? s.trim() : null);

/** The body the people contract takes (blank → null). */
export const personInputOf = (v: PersonFormValues): PersonInput => ({
  givenName: v.givenName.trim(),
  familyName: v.familyName.trim(),
  dateOfBirth: orNull(v.dateOfBirth),
  countryOfBirth: orNull(v.countryOfBirth),
  countryOfCitizenship: orNull(v.countryOfCitizenship),
  passportNumber: orNull(v.passportNumber),
  passportExpiry: orNull(v.passportExpiry),
  i94Number: orNull(v.i94Number),
  i94Expiry: orNull(v.i94Expiry),
  currentStatus: orNull(v.currentStatus),
  statusExpiry: orNull(v.statusExpiry),
  inUS: v.inUS,
  email: orNull(v.email),
  phone: orNull(v.phone),
  address: v.withAddress ? v.address : null,
});

export interface PersonFormProps {
  initial?: Partial<Person> | null;
  submitLabel: string;
  onSubmit: (person: PersonInput) => void;
  onCancel?: () => void;
  loading?: boolean;
  /** Server field errors on the person, keyed by the person's own paths (givenName, address.city ...). */
  serverErrors?: Record<string, string>;
  /** Extra content above the buttons (an error alert). */
  children?: ReactNode;
  /** Accessible name of the form. */
  label: string;
}

/**
 * A beneficiary, applicant or sponsor (people/contracts.ts): validated with the shared `personInputSchema(today)`
 * (today is the browser's calendar date; the server checks with the firm's own).
 */
export function PersonForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  loading,
  serverErrors,
  children,
  label,
}: PersonFormProps) {
  const schema = useMemo(() => personInputSchema(todayIso()), []);
  const form = useForm<PersonFormValues>({
    initialValues: personFormValues(initial),
    validate: (values) => {
      const errors = zod4Resolver(schema)(personInputOf(values) as unknown as Record<string, unknown>);
      return errors;
    },
  });
  const { setErrors } = form;
  useEffect(() => {
    if (serverErrors && Object.keys(serverErrors).length) setErrors(serverErrors);
  }, [serverErrors, setErrors]);

  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(e) => {
        e.stopPropagation();
        form.onSubmit((v) => onSubmit(personInputOf(v)))(e);
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Given name"
            required
            maxLength={100}
            data-autofocus
            id="person-givenName"
            {...form.getInputProps('givenName')}
          />
          <TextInput
            label="Family name"
            required
            maxLength={100}
            id="person-familyName"
            {...form.getInputProps('familyName')}
          />
          <TextInput label="Date of birth" type="date" {...form.getInputProps('dateOfBirth')} />
          <TextInput label="Country of birth" maxLength={100} {...form.getInputProps('countryOfBirth')} />
          <TextInput label="Country of citizenship" maxLength={100} {...form.getInputProps('countryOfCitizenship')} />
          <TextInput label="Passport number" maxLength={20} {...form.getInputProps('passportNumber')} />
          <TextInput
            label="Passport expiry"
            type="date"
            id="person-passportExpiry"
            {...form.getInputProps('passportExpiry')}
          />
          <TextInput label="I-94 number" maxLength={11} {...form.getInputProps('i94Number')} />
          <TextInput label="I-94 expiry" type="date" id="person-i94Expiry" {...form.getInputProps('i94Expiry')} />
          <TextInput
            label="Current status"
            placeholder="e.g. F-1, H-1B, B-2"
            maxLength={40}
            {...form.getInputProps('currentStatus')}
          />
          <TextInput
            label="Status expiry"
            type="date"
            id="person-statusExpiry"
            {...form.getInputProps('statusExpiry')}
          />
          <TextInput label="E-mail" type="email" maxLength={254} {...form.getInputProps('email')} />
          <TextInput label="Phone" placeholder="+1 212 555 0100" maxLength={25} {...form.getInputProps('phone')} />
        </SimpleGrid>
        <Switch label="In the United States now" {...form.getInputProps('inUS', { type: 'checkbox' })} />
        <Switch label="Postal address" {...form.getInputProps('withAddress', { type: 'checkbox' })} />
        {form.values.withAddress ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Address line 1" required {...form.getInputProps('address.line1')} />
            <TextInput label="Address line 2" {...form.getInputProps('address.line2')} />
            <TextInput label="City" required {...form.getInputProps('address.city')} />
            <TextInput label="State" {...form.getInputProps('address.state')} />
            <TextInput label="ZIP code" {...form.getInputProps('address.zipcode')} />
            <TextInput label="Country" required {...form.getInputProps('address.country')} />
          </SimpleGrid>
        ) : null}
        {children}
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={loading}>
            {submitLabel}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          Passport, I-94 and status expiry dates are kept on the person once and remind every case that names them.
        </Text>
      </Stack>
    </form>
  );
}
