import type { MasterDataCategory } from '@caseport/domain/master-data/contracts';
import {
  TEMPLATE_NAME_MAX,
  TEMPLATE_TYPE_PAGE_SIZE,
  type TemplateDocument,
  type TemplateKind,
  WORK_LOCATION_OPTIONS,
} from '@caseport/domain/templates/contracts';
import { Group, Modal, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { DocumentInput } from '../../components/document-input';
import { ModalFooter } from '../../components/modal-footer';
import { ModalForm } from '../../components/modal-form';
import { notify } from '../../components/notify';
import { fieldErrors } from '../../lib/api-client';
import { useMasterData } from '../../lib/use-master-data';
import { fetchPrepareUrl } from './api';
import { DocumentPreview } from './document-preview';

export interface TemplateFormValues {
  name: string;
  /** The master-data type id as the Select holds it. */
  type: string | null;
  workLocations: string | null;
  document: TemplateDocument | null;
}

export interface TemplateFormConfig<T> {
  kind: TemplateKind;
  /** 'Add Template' / 'Add Agreement' (R-ESIGN-003, R-AGREE-002) and the edit title. */
  addTitle: string;
  editTitle: string;
  /** A type picker from master data (R-ESIGN-010 sign_doc_tpl, R-AGREE-008 agreement_types), listed first
   *  when `typeFirst`. */
  type?: { category: MasterDataCategory; label: string; first?: boolean };
  workLocations?: boolean;
  documentLabel: string;
  valuesOf: (item: T) => TemplateFormValues;
  /** The request body; the domain schema checks it here and again on the server. */
  bodyOf: (values: TemplateFormValues, typeName: string | undefined, item: T | null) => object;
  schemaOf: (item: T | null) => z.ZodType;
  /** Body field → form field, for the schema's and the server's field errors. */
  fieldOf: Record<string, keyof TemplateFormValues>;
}

interface Props<T> {
  config: TemplateFormConfig<T>;
  opened: boolean;
  item: T | null;
  onClose: () => void;
  onSubmit: (body: object) => Promise<{ message: string }>;
}

const EMPTY: TemplateFormValues = { name: '', type: null, workLocations: null, document: null };
const WORK_LOCATION_DATA = WORK_LOCATION_OPTIONS.map(String);

/** The add/edit popup of the e-sign, contract and agreement lists (500 px wide, R-LIST-018). */
export function TemplateFormModal<T>({ config, opened, item, onClose, onSubmit }: Props<T>) {
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const types = useMasterData(
    config.type?.category ?? 'template_types',
    { perpage: TEMPLATE_TYPE_PAGE_SIZE },
    {
      enabled: opened && !!config.type,
    },
  );
  const typeData = (types.data ?? []).map((t) => ({ value: String(t.id), label: t.name }));
  const typeName = (id: string | null) => typeData.find((t) => t.value === id)?.label;
  const toFormErrors = (fields: Record<string, string>) =>
    Object.fromEntries(Object.entries(fields).map(([k, v]) => [config.fieldOf[k] ?? k, v]));

  const form = useForm<TemplateFormValues>({
    initialValues: EMPTY,
    validate: (values) => {
      const parsed = config.schemaOf(item).safeParse(config.bodyOf(values, typeName(values.type), item));
      if (parsed.success) return {};
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        fields[key] ??= issue.message;
      }
      return toFormErrors(fields);
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the popup opens for a row
  useEffect(() => {
    if (!opened) return;
    form.setValues(item ? config.valuesOf(item) : EMPTY);
    form.resetDirty();
    form.clearErrors();
    setError(null);
  }, [opened, item]);

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setSaving(true);
    try {
      const answer = await onSubmit(config.bodyOf(values, typeName(values.type), item));
      // R-API-015: the server's message as a toast.
      void notify.success(answer.message);
      onClose();
    } catch (e) {
      // R-API-016: the server's text in a warning alert inside the dialog; the loading state resets.
      form.setErrors(toFormErrors(fieldErrors(e)));
      setError(e);
    } finally {
      setSaving(false);
    }
  });

  const typeSelect = config.type ? (
    <Select
      label={config.type.label}
      withAsterisk
      placeholder="Select"
      data={typeData}
      searchable
      nothingFoundMessage="No Results Found"
      {...form.getInputProps('type')}
    />
  ) : null;

  return (
    <Modal
      opened={opened}
      onClose={saving ? () => undefined : onClose}
      title={item ? config.editTitle : config.addTitle}
      size={500}
      centered
    >
      <ModalForm onSubmit={submit} error={error} onClearError={() => setError(null)}>
        {config.type?.first ? typeSelect : null}
        <TextInput
          label="Name"
          withAsterisk
          maxLength={TEMPLATE_NAME_MAX}
          data-autofocus
          {...form.getInputProps('name')}
        />
        {config.type && !config.type.first ? typeSelect : null}
        {config.workLocations ? (
          <Select
            label="No of Work Locations"
            withAsterisk
            placeholder="Select"
            data={WORK_LOCATION_DATA}
            {...form.getInputProps('workLocations')}
          />
        ) : null}
        <DocumentInput
          label={config.documentLabel}
          value={form.values.document}
          onChange={async (document) => {
            form.clearFieldError('document');
            if (document) {
              // The document service prepares it (R-ESIGN-011); a second service agreement is refused here
              // with 'Already One Service Agreement Present' (R-AGREE-006), shown as a toast.
              try {
                await fetchPrepareUrl(config.kind, !!item, document.path);
              } catch (e) {
                void notify.error(e);
                return;
              }
            }
            form.setFieldValue('document', document);
          }}
          error={form.errors.document as string | undefined}
          onBusyChange={setUploading}
        />
        {config.kind === 'esign' && form.values.document ? (
          // Issue 20: the document's signature fields are placed in the preparation page's frame.
          <Group>
            <DocumentPreview kind="esign" document={form.values.document} label="Place signature fields" />
          </Group>
        ) : null}
        <ModalFooter onCancel={onClose} saving={saving} saveLabel={item ? 'Update' : 'Save'} saveDisabled={uploading} />
      </ModalForm>
    </Modal>
  );
}
