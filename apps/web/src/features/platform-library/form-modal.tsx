import {
  FORM_DESCRIPTION_MAX,
  FORM_NUMBER_MAX,
  FORM_TITLE_MAX,
  type PlatformForm,
  type PlatformFormKind,
} from '@caseport/domain/platform-library/contracts';
import { Modal, MultiSelect, SegmentedControl, Select, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { ModalFooter } from '../../components/modal-footer';
import { ModalForm } from '../../components/modal-form';
import { notify } from '../../components/notify';
import { fieldErrors } from '../../lib/api-client';
import { useCatalogue } from '../../lib/case-catalogue';
import { useSaveForm, useTenantOptions } from './api';

interface Props {
  opened: boolean;
  /** null: a new entry. */
  form: PlatformForm | null;
  /** Role 1 reads the tenant directory (a shared letter's tenant). */
  canPickTenant: boolean;
  onClose: () => void;
}

interface Values {
  kind: PlatformFormKind;
  formNumber: string;
  title: string;
  description: string;
  fromTenantId: string | null;
  caseTypeIds: string[];
  caseSubTypeIds: string[];
  active: boolean;
}

const EMPTY: Values = {
  kind: 'Form',
  formNumber: '',
  title: '',
  description: '',
  fromTenantId: null,
  caseTypeIds: [],
  caseSubTypeIds: [],
  active: true,
};

/** Add or edit a library entry: a USCIS form (number, title) or a shared letter, and the case types using it. */
export function FormModal({ opened, form: entry, canPickTenant, onClose }: Props) {
  const save = useSaveForm();
  const catalogue = useCatalogue();
  const tenants = useTenantOptions(opened && canPickTenant);
  const [error, setError] = useState<unknown>(null);
  const form = useForm<Values>({ initialValues: EMPTY });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the popup opens for a row
  useEffect(() => {
    if (!opened) return;
    form.setValues(
      entry
        ? {
            kind: entry.kind,
            formNumber: entry.formNumber ?? '',
            title: entry.title,
            description: entry.description ?? '',
            fromTenantId: entry.fromTenant?._id ?? null,
            caseTypeIds: entry.caseTypeIds.map(String),
            caseSubTypeIds: entry.caseSubTypeIds.map(String),
            active: entry.active,
          }
        : EMPTY,
    );
    form.clearErrors();
    setError(null);
  }, [opened, entry]);

  const types = catalogue.data?.list ?? [];
  const typeData = types.map((t) => ({ value: String(t.id), label: `${t.name} (${t.code})` }));
  const subTypeData = types
    .filter((t) => form.values.caseTypeIds.length === 0 || form.values.caseTypeIds.includes(String(t.id)))
    .map((t) => ({
      group: t.name,
      items: t.subTypes.map((s) => ({ value: String(s.id), label: `${s.name} (${s.code})` })),
    }))
    .filter((g) => g.items.length > 0);

  const onSubmit = form.onSubmit((v) => {
    setError(null);
    const isForm = v.kind === 'Form';
    save.mutate(
      {
        ...(entry ? { formId: entry._id } : {}),
        kind: v.kind,
        formNumber: isForm ? v.formNumber.trim() || null : null,
        title: v.title.trim(),
        description: v.description.trim() || null,
        fromTenantId: isForm ? null : v.fromTenantId,
        caseTypeIds: v.caseTypeIds.map(Number),
        caseSubTypeIds: v.caseSubTypeIds.map(Number),
        active: v.active,
      },
      {
        onSuccess: (answer) => {
          void notify.success(answer.message);
          onClose();
        },
        onError: (e) => {
          form.setErrors(fieldErrors(e));
          setError(e);
        },
      },
    );
  });

  const isForm = form.values.kind === 'Form';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={entry ? `Edit ${entry.formNumber ?? entry.title}` : 'Add Form or Letter'}
      centered
      size="lg"
    >
      <ModalForm onSubmit={onSubmit} error={error} onClearError={() => setError(null)}>
        {entry ? null : (
          <SegmentedControl
            aria-label="Kind"
            data={[
              { value: 'Form', label: 'USCIS form' },
              { value: 'Letter', label: 'Shared letter' },
            ]}
            {...form.getInputProps('kind')}
          />
        )}
        {isForm ? (
          <TextInput
            label="Form number"
            placeholder="I-129"
            withAsterisk
            maxLength={FORM_NUMBER_MAX}
            data-autofocus
            {...form.getInputProps('formNumber')}
          />
        ) : null}
        <TextInput label="Title" withAsterisk maxLength={FORM_TITLE_MAX} {...form.getInputProps('title')} />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxLength={FORM_DESCRIPTION_MAX}
          {...form.getInputProps('description')}
        />
        {!isForm && canPickTenant ? (
          <Select
            label="Shared by tenant"
            description="The law firm or company the letter came from (fromTenant)"
            clearable
            searchable
            data={(tenants.data?.list ?? []).map((t) => ({ value: t._id, label: t.name }))}
            {...form.getInputProps('fromTenantId')}
          />
        ) : null}
        <MultiSelect
          label="Case types"
          description="Leave empty to offer it for every case"
          searchable
          clearable
          data={typeData}
          {...form.getInputProps('caseTypeIds')}
        />
        <MultiSelect
          label="Case subtypes"
          description="Only these subtypes (in addition to the case types above)"
          searchable
          clearable
          data={subTypeData}
          {...form.getInputProps('caseSubTypeIds')}
        />
        {entry ? <Switch label="Active" {...form.getInputProps('active', { type: 'checkbox' })} /> : null}
        <ModalFooter onCancel={onClose} saving={save.isPending} saveLabel={entry ? 'Update' : 'Save'} />
      </ModalForm>
    </Modal>
  );
}
