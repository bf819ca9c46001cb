import { isRichTextBlank } from '@caseport/domain/rich-text/rich-text';
import { SOC_NAME_MAX, type SocCodeConfig, type SocDocument } from '@caseport/domain/soc-codes/contracts';
import { ActionIcon, Anchor, Group, List, Modal, Select, Spoiler, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ModalFooter } from '../../components/modal-footer';
import { ModalForm } from '../../components/modal-form';
import { notify } from '../../components/notify';
import { RichTextEditor } from '../../components/rich-text-editor';
import { fieldErrors } from '../../lib/api-client';
import { viewFileUrl } from '../../lib/files';
import { uploadWordFiles, useLetterVariables, useSaveSoc, useSocMasterCodes } from './api';
import { WordFilesInput } from './word-files-input';

interface Values {
  socId: string | null;
  name: string;
  designation: string;
  description: string;
  jobTitles: string;
}

const required = (label: string) => (v: string) => (v.trim() ? null : `${label} is required`);

/** R-SOC-012: 'SOC Configuration' (add and edit). */
export function SocFormModal({
  opened,
  soc,
  onClose,
}: {
  opened: boolean;
  soc: SocCodeConfig | null;
  onClose: () => void;
}) {
  const save = useSaveSoc();
  const codes = useSocMasterCodes();
  const variables = useLetterVariables();
  const [error, setError] = useState<unknown>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [kept, setKept] = useState<SocDocument[]>([]);
  const [uploading, setUploading] = useState(false);
  const form = useForm<Values>({
    initialValues: { socId: null, name: '', designation: '', description: '', jobTitles: '' },
    validate: {
      // R-SOC-025/026 (the shared contract re-checks on the server).
      name: (v) =>
        required('Name')(v) ??
        (v.trim().length > SOC_NAME_MAX ? `Name must be at most ${SOC_NAME_MAX} characters` : null),
      designation: required('Designation'),
      description: (v) => (isRichTextBlank(v) ? 'Description is required' : null),
      jobTitles: (v) => (isRichTextBlank(v) ? 'Job Titles is required' : null),
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the modal opens for a row
  useEffect(() => {
    if (!opened) return;
    form.setValues({
      socId: soc?.socId ? String(soc.socId) : null,
      name: soc?.socDetails.name ?? '',
      designation: soc?.socDetails.designation ?? '',
      description: soc?.socDetails.description ?? '',
      jobTitles: soc?.socDetails.jobTitles ?? '',
    });
    form.clearErrors();
    setFiles([]);
    setKept(soc?.document ?? []);
    setError(null);
  }, [opened, soc]);

  const onPickCode = (value: string | null) => {
    form.setFieldValue('socId', value);
    const code = codes.data?.find((c) => String(c.id) === value);
    if (code && !soc) {
      form.setFieldValue('name', String(code.code));
      form.setFieldValue('designation', code.name);
    }
  };

  const onSubmit = form.onSubmit(async (v) => {
    setError(null);
    try {
      setUploading(true);
      const attachments = files.length ? await uploadWordFiles(files) : [];
      setUploading(false);
      const body = {
        name: v.name.trim(),
        designation: v.designation.trim(),
        description: v.description,
        jobTitles: v.jobTitles,
        socId: v.socId ? Number(v.socId) : null,
        socDetails: { name: v.name.trim(), designation: v.designation.trim() },
        document: kept.map(({ name, path }) => ({ name, path })),
        attachments: attachments.map(({ name, path }) => ({ name, path })),
      };
      const answer = await save.mutateAsync(soc ? { ...body, socCodeConfigId: soc._id } : body);
      void notify.success(answer.message);
      onClose();
    } catch (e) {
      // R-API-007/009: the server's message in the modal; the saving flags reset.
      setUploading(false);
      form.setErrors(fieldErrors(e));
      setError(e);
    }
  });

  const busy = uploading || save.isPending;
  return (
    <Modal opened={opened} onClose={onClose} title="SOC Configuration" size="xl" centered>
      <ModalForm onSubmit={onSubmit} error={error} onClearError={() => setError(null)}>
        {soc ? null : (
          <Select
            label="SOC 2018 code"
            description="Pick a code to fill Name and Designation, or type them yourself"
            searchable
            clearable
            data={(codes.data ?? []).map((c) => ({ value: String(c.id), label: `${c.code} ${c.name}` }))}
            value={form.values.socId}
            onChange={onPickCode}
          />
        )}
        <Group grow align="flex-start">
          <TextInput
            label="Name"
            withAsterisk
            maxLength={SOC_NAME_MAX}
            disabled={!!soc}
            description={soc ? 'The SOC name cannot be changed' : `At most ${SOC_NAME_MAX} characters`}
            {...form.getInputProps('name')}
          />
          <TextInput label="Designation" withAsterisk {...form.getInputProps('designation')} />
        </Group>
        <RichTextEditor
          label="Description"
          required
          value={form.values.description}
          onChange={(html) => form.setFieldValue('description', html)}
          error={form.errors.description}
        />
        <RichTextEditor
          label="Job Titles"
          required
          value={form.values.jobTitles}
          onChange={(html) => form.setFieldValue('jobTitles', html)}
          error={form.errors.jobTitles}
        />
        {kept.length ? (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Current templates
            </Text>
            {kept.map((d) => (
              <Group key={d.path} gap="xs">
                <Anchor href={viewFileUrl(d)} target="_blank" rel="noopener" size="sm">
                  {d.name}
                </Anchor>
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${d.name}`}
                  onClick={() => setKept((k) => k.filter((x) => x.path !== d.path))}
                >
                  <IconX size={14} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        ) : null}
        <WordFilesInput value={files} onChange={setFiles} />
        {variables.data?.length ? (
          <Spoiler maxHeight={0} showLabel="Letter variables for templates" hideLabel="Hide letter variables">
            <List size="xs" spacing={2}>
              {variables.data.map((v) => (
                <List.Item key={v.key}>
                  <Text span ff="monospace" size="xs">
                    {v.key}
                  </Text>{' '}
                  {v.label}
                </List.Item>
              ))}
            </List>
          </Spoiler>
        ) : null}
        <ModalFooter onCancel={onClose} saving={busy} saveLabel={soc ? 'Update' : 'Save'} />
      </ModalForm>
    </Modal>
  );
}
