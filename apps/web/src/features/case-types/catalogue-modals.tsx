import {
  CASE_CATEGORIES,
  CATALOGUE_CODE_MAX,
  CATALOGUE_NAME_MAX,
  type CatalogueSubType,
  type CatalogueType,
} from '@caseport/domain/case-types/catalogue';
import { FORM_NUMBER_MAX } from '@caseport/domain/platform-library/contracts';
import { TENANT_TYPE_LABELS } from '@caseport/domain/tenants/contracts';
import { Checkbox, Group, Modal, Select, Switch, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ModalFooter } from '../../components/modal-footer';
import { ModalForm } from '../../components/modal-form';
import { useModalSave } from '../../components/modal-save';
import { useSaveCatalogueSubType, useSaveCatalogueType } from './catalogue-api';

const TENANT_TYPE_OPTIONS = [1, 2] as const;

interface Common {
  name: string;
  code: string;
  tenantTypes: string[];
  active: boolean;
}

function useCommon(opened: boolean, initial: Common, onClose: () => void) {
  const [values, setValues] = useState<Common>(initial);
  const saving = useModalSave(onClose);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the popup opens
  useEffect(() => {
    if (!opened) return;
    setValues(initial);
    saving.reset();
  }, [opened]);
  return { values, setValues, ...saving };
}

function CommonFields({ state }: { state: ReturnType<typeof useCommon> }) {
  const { values, setValues, fields } = state;
  return (
    <>
      <TextInput
        label="Name"
        withAsterisk
        maxLength={CATALOGUE_NAME_MAX}
        value={values.name}
        onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
        error={fields.name}
        data-autofocus
      />
      <TextInput
        label="Code"
        description="Capital letters and digits; used in case numbers"
        withAsterisk
        maxLength={CATALOGUE_CODE_MAX}
        value={values.code}
        onChange={(e) => setValues({ ...values, code: e.currentTarget.value.toUpperCase() })}
        error={fields.code}
      />
      <Checkbox.Group
        label="Tenant types that may use it"
        withAsterisk
        value={values.tenantTypes}
        onChange={(v) => setValues({ ...values, tenantTypes: v })}
        error={fields.tenantTypes}
      >
        <Group mt={4}>
          {TENANT_TYPE_OPTIONS.map((t) => (
            <Checkbox key={t} value={String(t)} label={TENANT_TYPE_LABELS[t]} />
          ))}
        </Group>
      </Checkbox.Group>
      <Switch
        label="Active"
        checked={values.active}
        onChange={(e) => setValues({ ...values, active: e.currentTarget.checked })}
      />
    </>
  );
}

const commonOf = (e: { name: string; code: string; tenantTypes: number[]; active: boolean } | null): Common => ({
  name: e?.name ?? '',
  code: e?.code ?? '',
  tenantTypes: (e?.tenantTypes ?? [1, 2]).map(String),
  active: e?.active ?? true,
});

/** Add or edit a case type of the catalogue (role 1). */
export function CaseTypeModal({
  opened,
  type,
  onClose,
}: {
  opened: boolean;
  type: CatalogueType | null;
  onClose: () => void;
}) {
  const save = useSaveCatalogueType();
  const state = useCommon(opened, commonOf(type), onClose);
  const [formNumber, setFormNumber] = useState('');
  const [category, setCategory] = useState<string>('employment');
  useEffect(() => {
    if (!opened) return;
    setFormNumber(type?.formNumber ?? '');
    setCategory(type?.category ?? 'employment');
  }, [opened, type]);
  return (
    <Modal opened={opened} onClose={onClose} title={type ? 'Edit Case Type' : 'Add Case Type'} centered>
      <ModalForm
        error={state.error}
        onClearError={state.clearError}
        onSubmit={(e) => {
          e.preventDefault();
          const v = state.values;
          save.mutate(
            {
              ...(type ? { id: type.id } : {}),
              name: v.name,
              code: v.code,
              formNumber: formNumber.trim() || null,
              category: category as (typeof CASE_CATEGORIES)[number],
              tenantTypes: v.tenantTypes.map(Number) as (1 | 2)[],
              active: v.active,
            },
            state.callbacks,
          );
        }}
      >
        <CommonFields state={state} />
        <TextInput
          label="USCIS form"
          placeholder="I-129"
          maxLength={FORM_NUMBER_MAX}
          value={formNumber}
          onChange={(e) => setFormNumber(e.currentTarget.value)}
          error={state.fields.formNumber}
        />
        <Select
          label="Category"
          allowDeselect={false}
          data={CASE_CATEGORIES.map((c) => ({ value: c, label: c[0]!.toUpperCase() + c.slice(1) }))}
          value={category}
          onChange={(v) => setCategory(v ?? 'employment')}
          error={state.fields.category}
        />
        <ModalFooter onCancel={onClose} saving={save.isPending} saveLabel={type ? 'Update' : 'Save'} />
      </ModalForm>
    </Modal>
  );
}

/** Add or edit a sub-type of a case type (role 1). */
export function SubTypeModal({
  target,
  onClose,
}: {
  target: { type: CatalogueType; sub: CatalogueSubType | null } | null;
  onClose: () => void;
}) {
  const save = useSaveCatalogueSubType();
  const sub = target?.sub ?? null;
  const state = useCommon(target !== null, commonOf(sub), onClose);
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={sub ? 'Edit Subtype' : `Add Subtype to ${target?.type.name ?? ''}`}
      centered
    >
      <ModalForm
        error={state.error}
        onClearError={state.clearError}
        onSubmit={(e) => {
          e.preventDefault();
          if (!target) return;
          const v = state.values;
          save.mutate(
            {
              ...(sub ? { id: sub.id } : {}),
              petitionTypeId: target.type.id,
              name: v.name,
              code: v.code,
              tenantTypes: v.tenantTypes.map(Number) as (1 | 2)[],
              active: v.active,
            },
            state.callbacks,
          );
        }}
      >
        <CommonFields state={state} />
        <ModalFooter onCancel={onClose} saving={save.isPending} saveLabel={sub ? 'Update' : 'Save'} />
      </ModalForm>
    </Modal>
  );
}
