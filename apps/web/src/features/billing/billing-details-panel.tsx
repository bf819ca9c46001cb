import {
  BILLING_PHONE_DEFAULT_COUNTRY,
  type BillingDetails,
  BillingDetailsSchema,
} from '@caseport/domain/billing/billing-details';
import { phoneCountryOf } from '@caseport/domain/profile/rules';
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useRef, useState } from 'react';
import { AddressFields, type AddressValues, emptyAddress } from '../../components/address-fields';
import { DetailField } from '../../components/detail-field';
import { type FormLike, scrollToFirstError } from '../../components/form-like';
import { ModalFooter } from '../../components/modal-footer';
import { notify } from '../../components/notify';
import { PhoneField } from '../../components/phone-field';
import { fieldErrors } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { subscriberOf, useBillingRights, useCustomerDetails, useUpdateBillingDetails } from './api';

type Values = Omit<BillingDetails, 'authPerson'> & {
  authPerson: Omit<BillingDetails['authPerson'], 'address' | 'phoneCountryCode'> & {
    address: AddressValues;
    phoneCountryCode: BillingDetails['authPerson']['phoneCountryCode'] | null;
  };
};

const validate = zod4Resolver(BillingDetailsSchema, { errorPriority: 'first' });

/** A new form starts empty, its phone on India (R-BILL-016). */
const valuesOf = (saved: BillingDetails | null): Values =>
  saved
    ? { ...saved, authPerson: { ...saved.authPerson, address: { ...emptyAddress(), ...saved.authPerson.address } } }
    : {
        busName: '',
        authPerson: {
          name: '',
          email: '',
          phone: '',
          phoneCountryCode: phoneCountryOf(BILLING_PHONE_DEFAULT_COUNTRY),
          address: emptyAddress(),
        },
      };

/** The server names fields from the body ('billingDetails.authPerson.phone'); the form from its values. */
const formErrors = (error: unknown) =>
  Object.fromEntries(Object.entries(fieldErrors(error)).map(([k, v]) => [k.replace(/^billingDetails\./, ''), v]));

function BillingDetailsView({ details }: { details: BillingDetails }) {
  const p = details.authPerson;
  const a = p.address;
  const place = [a.location?.name, a.state?.name, a.zipcode].filter(Boolean).join(', ');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <DetailField label="Business Name">{details.busName}</DetailField>
      <DetailField label="Authorized Person">{p.name}</DetailField>
      <DetailField label="Email">{p.email}</DetailField>
      <DetailField label="Phone">
        +{p.phoneCountryCode.countryCallingCode} {p.phone}
      </DetailField>
      <DetailField label="Address">
        {[a.line1, a.line2 ? `${a.aptType ?? ''} ${a.line2}`.trim() : null].filter(Boolean).join(', ')}
        <br />
        {place}
        <br />
        {a.country?.name}
      </DetailField>
    </SimpleGrid>
  );
}

function BillingDetailsForm({ saved, onDone }: { saved: BillingDetails | null; onDone: () => void }) {
  const update = useUpdateBillingDetails();
  const rootRef = useRef<HTMLFormElement>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(saved),
    validate: validate as never,
    validateInputOnBlur: true,
  });
  const f = form as unknown as FormLike;
  const values = form.getValues();

  const onValid = async (v: Values) => {
    try {
      const res = await update.mutateAsync(BillingDetailsSchema.parse(v));
      void notify.success(res.message);
      onDone();
    } catch (e) {
      void notify.error(e);
      form.setErrors(formErrors(e));
      scrollToFirstError(rootRef.current);
    }
  };

  return (
    <form
      ref={rootRef}
      noValidate
      aria-label="Billing Details"
      onSubmit={form.onSubmit(onValid, () => scrollToFirstError(rootRef.current))}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Business Name" withAsterisk {...form.getInputProps('busName')} />
          <TextInput label="Authorized Person Name" withAsterisk {...form.getInputProps('authPerson.name')} />
          <TextInput label="Email" type="email" withAsterisk {...form.getInputProps('authPerson.email')} />
          <PhoneField
            form={f}
            path="authPerson.phone"
            countryPath="authPerson.phoneCountryCode"
            country={values.authPerson.phoneCountryCode}
            label="Phone"
            required
          />
        </SimpleGrid>
        <AddressFields form={f} path="authPerson.address" value={values.authPerson.address} />
        <ModalFooter onCancel={onDone} saving={update.isPending} gap="sm" />
      </Stack>
    </form>
  );
}

/**
 * The Billing Details panel (001 §2.3): shows the saved details and toggles to an edit form and back
 * (R-BILL-009). Loaded with get-customer-details (R-BILL-018), saved with update-billing-details (R-BILL-017).
 */
export function BillingDetailsPanel() {
  const me = useCurrentUser();
  const customer = useCustomerDetails(subscriberOf(me));
  const [editing, setEditing] = useState(false);
  const saved = customer.data?.billingDetails ?? null;
  const rights = useBillingRights();

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="center" mb="md">
        <Title order={3}>Billing Details</Title>
        {!editing && customer.isSuccess && rights.details ? (
          <Button
            variant="light"
            leftSection={
              saved ? <IconPencil size={16} aria-hidden="true" /> : <IconPlus size={16} aria-hidden="true" />
            }
            onClick={() => setEditing(true)}
          >
            {saved ? 'Edit' : 'Add Billing Details'}
          </Button>
        ) : null}
      </Group>
      {customer.isPending ? (
        <Stack gap="xs" aria-label="Loading billing details">
          <Skeleton h={16} w="40%" />
          <Skeleton h={16} w="60%" />
        </Stack>
      ) : customer.isError ? (
        <Alert color="red" title="Billing details could not be loaded">
          <Group justify="space-between">
            <Text size="sm">{customer.error.message}</Text>
            <Button size="xs" variant="default" onClick={() => void customer.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : editing ? (
        <BillingDetailsForm saved={saved} onDone={() => setEditing(false)} />
      ) : saved ? (
        <BillingDetailsView details={saved} />
      ) : (
        <Text size="sm" c="dimmed">
          No billing details yet. Add the business name, the person we bill and the billing address.
        </Text>
      )}
    </Paper>
  );
}
