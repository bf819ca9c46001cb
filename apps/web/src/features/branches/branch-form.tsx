import { BranchCreateBodySchema, type BranchDetails } from '@caseport/domain/branches/contracts';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useRef } from 'react';
import { AddressFields, type AddressValues, emptyAddress } from '../../components/address-fields';
import { type FormLike, scrollToFirstError } from '../../components/form-like';
import { ModalFooter } from '../../components/modal-footer';
import { notify } from '../../components/notify';
import { fieldErrors } from '../../lib/api-client';
import { useManagers } from './api';

interface Values {
  name: string;
  phone: string;
  managerId: string | null;
  address: AddressValues;
}

const validate = zod4Resolver(BranchCreateBodySchema, { errorPriority: 'first' });

const valuesOf = (saved: BranchDetails | null): Values => ({
  name: saved?.name ?? '',
  phone: saved?.phone ?? '',
  managerId: saved?.managerId ?? null,
  address: saved?.address ? { ...emptyAddress(), ...saved.address } : emptyAddress(),
});

interface Props {
  saved: BranchDetails | null;
  /** Sends the values; resolves to the answer's message. */
  onSave: (values: ReturnType<typeof BranchCreateBodySchema.parse>) => Promise<{ message: string }>;
  onCancel: () => void;
  saving: boolean;
  submitLabel: string;
  /** A branch manager cannot change who manages their branch. */
  managerLocked?: boolean;
}

/** Name, phone, manager and the shared address (country → state → city), for Create Branch and Edit Branch. */
export function BranchForm({ saved, onSave, onCancel, saving, submitLabel, managerLocked }: Props) {
  const rootRef = useRef<HTMLFormElement>(null);
  const managers = useManagers();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(saved),
    validate: validate as never,
    validateInputOnBlur: true,
  });
  const values = form.getValues();
  const managerOptions =
    saved?.managerId && !managers.some((m) => m.value === saved.managerId)
      ? [...managers, { value: saved.managerId, label: saved.managerName ?? 'Current manager' }]
      : managers;

  const onValid = async (v: Values) => {
    try {
      const answer = await onSave(BranchCreateBodySchema.parse(v));
      void notify.success(answer.message);
    } catch (e) {
      void notify.error(e);
      form.setErrors(fieldErrors(e));
      scrollToFirstError(rootRef.current);
    }
  };

  return (
    <form
      ref={rootRef}
      noValidate
      aria-label={submitLabel === 'Create Branch' ? 'Create Branch' : 'Edit Branch'}
      onSubmit={form.onSubmit(onValid, () => scrollToFirstError(rootRef.current))}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Branch Name" withAsterisk maxLength={100} data-autofocus {...form.getInputProps('name')} />
          <TextInput label="Phone" type="tel" maxLength={20} {...form.getInputProps('phone')} />
          <Select
            label="Branch Manager"
            description="A user with the Branch Manager role; they manage this branch's users"
            placeholder={managerOptions.length ? 'No manager' : 'Invite a Branch Manager first'}
            data={managerOptions}
            clearable
            searchable
            disabled={managerLocked}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('managerId')}
          />
        </SimpleGrid>
        <AddressFields form={form as unknown as FormLike} path="address" value={values.address} />
        <ModalFooter onCancel={onCancel} saving={saving} saveLabel={submitLabel} gap="sm" />
      </Stack>
    </form>
  );
}
