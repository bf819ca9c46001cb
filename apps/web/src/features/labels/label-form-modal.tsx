import { LABEL_NAME_MAX, LabelCreateBodySchema, type LabelItem } from '@caseport/domain/labels/contracts';
import { ColorInput, Modal, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { ModalFooter } from '../../components/modal-footer';
import { ModalForm } from '../../components/modal-form';
import { notify } from '../../components/notify';
import { fieldErrors } from '../../lib/api-client';
import { useSaveLabel } from './api';

/** The strict API body refuses unknown keys; the form also holds the Active switch. */
const FormSchema = LabelCreateBodySchema.extend({ status: z.boolean() });

const SWATCHES = [
  '#E53935',
  '#D81B60',
  '#8E24AA',
  '#3949AB',
  '#1E88E5',
  '#00897B',
  '#43A047',
  '#FDD835',
  '#FB8C00',
  '#6D4C41',
  '#546E7A',
];

interface Props {
  opened: boolean;
  /** null: Create Label. */
  label: LabelItem | null;
  onClose: () => void;
}

/** R-LABEL-005, D-20: the create/edit label popup (name, colour, and on edit the Active switch). */
export function LabelFormModal({ opened, label, onClose }: Props) {
  const save = useSaveLabel();
  const [error, setError] = useState<unknown>(null);
  const form = useForm({
    initialValues: { name: '', color: '#1E88E5', status: true },
    validate: zod4Resolver(FormSchema),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the popup opens for a row
  useEffect(() => {
    if (!opened) return;
    form.setValues({ name: label?.name ?? '', color: label?.color ?? '#1E88E5', status: label?.status ?? true });
    form.resetDirty();
    form.clearErrors();
    setError(null);
  }, [opened, label]);

  const onSubmit = form.onSubmit((values) => {
    setError(null);
    const body = { name: values.name.trim(), color: values.color.toUpperCase() };
    save.mutate(label ? { ...body, labelId: label._id, status: values.status } : body, {
      onSuccess: (answer) => {
        void notify.success(answer.message);
        onClose();
      },
      onError: (e) => {
        form.setErrors(fieldErrors(e));
        setError(e);
      },
    });
  });

  return (
    <Modal opened={opened} onClose={onClose} title={label ? 'Edit Label' : 'Create Label'} centered>
      <ModalForm onSubmit={onSubmit} error={error} onClearError={() => setError(null)}>
        <TextInput
          label="Name"
          withAsterisk
          maxLength={LABEL_NAME_MAX}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <ColorInput
          label="Color"
          withAsterisk
          format="hex"
          swatches={SWATCHES}
          swatchesPerRow={11}
          {...form.getInputProps('color')}
        />
        {label ? <Switch label="Active" {...form.getInputProps('status', { type: 'checkbox' })} /> : null}
        <ModalFooter onCancel={onClose} saving={save.isPending} saveLabel={label ? 'Update' : 'Save'} />
      </ModalForm>
    </Modal>
  );
}
