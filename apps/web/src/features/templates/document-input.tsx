import { acceptAttribute, hasAcceptedExtension, UPLOAD_PURPOSES } from '@caseport/domain/files/purposes';
import type { TemplateDocument } from '@caseport/domain/templates/contracts';
import { CloseButton, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { IconFileTypeDocx, IconFileTypePdf } from '@tabler/icons-react';
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
  /** 'pdf' (the templates) or 'word' (letters and letter headers, a .docx). */
  purpose?: 'pdf' | 'word';
}

/**
 * The Template / Agreement Document field: a PDF (or a Word file, `purpose` 'word') uploaded as soon as it is
 * chosen (private, checked by content on the server), with progress; the template keeps the stored path.
 */
export function DocumentInput({ label, value, onChange, error, onBusyChange, purpose = 'pdf' }: Props) {
  const FileIcon = purpose === 'pdf' ? IconFileTypePdf : IconFileTypeDocx;
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const choose = async (file: File | null) => {
    setUploadError(null);
    if (!file) return onChange(null);
    if (
      !hasAcceptedExtension(purpose, file.name) ||
      (purpose === 'word' && !file.name.toLowerCase().endsWith('.docx'))
    ) {
      setUploadError(UPLOAD_PURPOSES[purpose].rejectMessage);
      return;
    }
    setProgress(0);
    onBusyChange?.(true);
    try {
      const [record] = await uploadFiles(purpose, 'private', [file], { onProgress: setProgress });
      if (record) onChange({ path: record.path, name: record.name });
    } catch (e) {
      setUploadError(errorMessage(e) ?? UPLOAD_PURPOSES[purpose].rejectMessage);
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
            <FileIcon size={18} aria-hidden="true" />
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
          placeholder={purpose === 'pdf' ? 'Choose a PDF file' : 'Choose a Word (.docx) file'}
          accept={purpose === 'pdf' ? acceptAttribute('pdf') : '.docx'}
          clearable
          leftSection={<FileIcon size={16} aria-hidden="true" />}
          onChange={choose}
          error={uploadError ?? error}
          disabled={progress !== null}
        />
      )}
      {progress !== null ? <Progress value={progress} size="sm" aria-label="Upload progress" animated /> : null}
    </Stack>
  );
}
