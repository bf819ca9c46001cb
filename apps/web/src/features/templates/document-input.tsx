import { acceptAttribute, hasAcceptedExtension, UPLOAD_PURPOSES } from '@caseport/domain/files/purposes';
import type { TemplateDocument } from '@caseport/domain/templates/contracts';
import { CloseButton, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../components/error-alert';
import { uploadFiles } from '../../lib/files';

interface Props {
  label: string;
  value: TemplateDocument | null;
  onChange: (value: TemplateDocument | null) => void;
  error?: string;
  /** Tells the form an upload is running (Save waits for it). */
  onBusyChange?: (busy: boolean) => void;
}

/**
 * The Template / Agreement Document field: a PDF uploaded as soon as it is chosen (private, checked by
 * content on the server), with progress; the template keeps the stored path.
 */
export function DocumentInput({ label, value, onChange, error, onBusyChange }: Props) {
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const choose = async (file: File | null) => {
    setUploadError(null);
    if (!file) return onChange(null);
    if (!hasAcceptedExtension('pdf', file.name)) {
      setUploadError(UPLOAD_PURPOSES.pdf.rejectMessage);
      return;
    }
    setProgress(0);
    onBusyChange?.(true);
    try {
      const [record] = await uploadFiles('pdf', 'private', [file], { onProgress: setProgress });
      if (record) onChange({ path: record.path, name: record.name });
    } catch (e) {
      setUploadError(errorMessage(e) ?? UPLOAD_PURPOSES.pdf.rejectMessage);
    } finally {
      setProgress(null);
      onBusyChange?.(false);
    }
  };
  return (
    <Stack gap={4}>
      {value ? (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {label} <span style={{ color: 'var(--mantine-color-error)' }}>*</span>
          </Text>
          <Group gap="xs" wrap="nowrap">
            <IconFileTypePdf size={18} aria-hidden="true" />
            <Text size="sm" truncate>
              {value.name}
            </Text>
            <CloseButton size="sm" aria-label={`Remove ${value.name}`} onClick={() => onChange(null)} />
          </Group>
        </Stack>
      ) : (
        <FileInput
          label={label}
          withAsterisk
          placeholder="Choose a PDF file"
          accept={acceptAttribute('pdf')}
          clearable
          leftSection={<IconFileTypePdf size={16} aria-hidden="true" />}
          onChange={choose}
          error={uploadError ?? error}
          disabled={progress !== null}
        />
      )}
      {progress !== null ? <Progress value={progress} size="sm" aria-label="Upload progress" animated /> : null}
    </Stack>
  );
}
