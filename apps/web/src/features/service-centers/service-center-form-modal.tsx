import { isRichTextBlank } from '@caseport/domain/rich-text/rich-text';
import {
  canAddAddressBlock,
  canRemoveAddressBlock,
  couriersFor,
  type ServiceCenterCreateBody,
  ServiceCenterCreateBodySchema,
  type ServiceCenterItem,
  showsPremiumProcessing,
  US_COUNTRY_ID,
} from '@caseport/domain/service-centers/contracts';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Select,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ModalFooter } from '../../components/modal-footer';
import { ModalForm } from '../../components/modal-form';
import { notify } from '../../components/notify';
import { RichTextEditor } from '../../components/rich-text-editor';
import { fieldErrors } from '../../lib/api-client';
import { useCaseTypes, useCountries, useCouriers, useSaveServiceCenter, useUsStates } from './api';

interface Block {
  courierId: string | null;
  address: string;
}
interface Values {
  name: string;
  typeId: string | null;
  stateIds: string[];
  addressConfig: Block[];
  premiumProcessing: boolean;
}

const emptyBlock = (): Block => ({ courierId: null, address: '' });

const toBody = (v: Values): ServiceCenterCreateBody => ({
  name: v.name.trim(),
  typeId: v.typeId ? Number(v.typeId) : (undefined as never),
  stateIds: v.stateIds.map(Number),
  addressConfig: v.addressConfig.map((b) => ({ courierId: b.courierId ? Number(b.courierId) : 0, address: b.address })),
  premiumProcessing: v.premiumProcessing ? 'yes' : 'no',
});

/** The shared contract decides (R-SVC-015..019); zod's issue paths are the form's field paths. */
const validate = (v: Values) => {
  const r = ServiceCenterCreateBodySchema.safeParse(toBody(v));
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.') || 'addressConfig', i.message]));
};

const blockValid = (b: Block) => !!b.courierId && !isRichTextBlank(b.address);

interface Props {
  opened: boolean;
  center: ServiceCenterItem | null;
  onClose: () => void;
}

/** R-SVC-009: Add or Edit Service Center. */
export function ServiceCenterFormModal({ opened, center, onClose }: Props) {
  const save = useSaveServiceCenter();
  const caseTypes = useCaseTypes();
  const states = useUsStates();
  const couriers = useCouriers();
  const countries = useCountries();
  const country = countries.data?.find((c) => c.id === US_COUNTRY_ID)?.name ?? 'United States';
  const [error, setError] = useState<unknown>(null);
  const form = useForm<Values>({
    initialValues: { name: '', typeId: null, stateIds: [], addressConfig: [emptyBlock()], premiumProcessing: false },
    validate,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the modal opens for a row
  useEffect(() => {
    if (!opened) return;
    form.setValues({
      name: center?.name ?? '',
      typeId: center ? String(center.typeId) : null,
      stateIds: center?.stateIds.map(String) ?? [],
      addressConfig: center?.addressConfig.map((b) => ({ courierId: String(b.courierId), address: b.address })) ?? [
        emptyBlock(),
      ],
      premiumProcessing: center?.premiumProcessing === 'yes',
    });
    form.clearErrors();
    setError(null);
  }, [opened, center]);

  const allCouriers = couriers.data ?? [];
  const blocks = form.values.addressConfig;
  const typeId = form.values.typeId ? Number(form.values.typeId) : null;

  const onAddBlock = () => {
    // R-SVC-021: only once the current blocks validate; their errors show otherwise.
    if (!blocks.every(blockValid)) {
      blocks.forEach((_, i) => {
        form.validateField(`addressConfig.${i}.courierId`);
        form.validateField(`addressConfig.${i}.address`);
      });
      return;
    }
    form.insertListItem('addressConfig', emptyBlock());
  };

  const onSubmit = form.onSubmit((values) => {
    setError(null);
    const body = toBody(values);
    save.mutate(center ? { ...body, serviceCenterId: center._id } : body, {
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
    <Modal
      opened={opened}
      onClose={onClose}
      title={center ? 'Edit Service Center' : 'Add Service Center'}
      size="lg"
      centered
    >
      <ModalForm onSubmit={onSubmit} error={error} onClearError={() => setError(null)}>
        <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <Select
          label="Case Type"
          withAsterisk
          searchable
          data={(caseTypes.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          {...form.getInputProps('typeId')}
        />
        <MultiSelect
          label="Petitioner's Office State(s)"
          description={`States of the ${country}`}
          searchable
          clearable
          data={(states.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          {...form.getInputProps('stateIds')}
        />
        {blocks.map((block, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no id; the editor follows its value prop
          <Paper key={i} withBorder p="sm" radius="md" aria-label={`Address ${i + 1}`} component="fieldset">
            <Group justify="space-between" mb="xs">
              <Text fw={600} size="sm" component="legend">
                Address {i + 1}
              </Text>
              {canRemoveAddressBlock(blocks) ? (
                <Tooltip label="Remove address">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove address ${i + 1}`}
                    onClick={() => form.removeListItem('addressConfig', i)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </Group>
            <Select
              label="Courier"
              withAsterisk
              mb="sm"
              data={couriersFor(allCouriers, blocks, i).map((c) => ({
                value: String(c.id),
                label: c.name,
              }))}
              {...form.getInputProps(`addressConfig.${i}.courierId`)}
            />
            <RichTextEditor
              label="Address"
              required
              value={block.address}
              onChange={(html) => form.setFieldValue(`addressConfig.${i}.address`, html)}
              error={form.errors[`addressConfig.${i}.address`]}
            />
          </Paper>
        ))}
        {form.errors.addressConfig ? (
          <Text c="red" size="sm">
            {form.errors.addressConfig}
          </Text>
        ) : null}
        {canAddAddressBlock(blocks, allCouriers.length, true) ? (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={onAddBlock}
            w="fit-content"
          >
            Add Address
          </Button>
        ) : null}
        {showsPremiumProcessing(typeId) ? (
          <Switch
            label="Premium Processing"
            onLabel="Yes"
            offLabel="No"
            size="md"
            {...form.getInputProps('premiumProcessing', { type: 'checkbox' })}
          />
        ) : null}
        <ModalFooter onCancel={onClose} saving={save.isPending} saveLabel={center ? 'Update' : 'Save'} />
      </ModalForm>
    </Modal>
  );
}
