import { acceptAttribute, hasAcceptedExtension, UPLOAD_PURPOSES } from '@caseport/domain/files/purposes';
import type { FileRef } from '@caseport/domain/profile/contracts';
import { PROFILE_MESSAGES as M } from '@caseport/domain/profile/rules';
import {
  ActionIcon,
  Box,
  Button,
  FileButton,
  Group,
  Image,
  Input,
  Paper,
  Progress,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { uploadFiles, viewFileUrl } from '../lib/files';
import { errorMessage } from './error-alert';
import type { FormLike } from './form-like';

interface ImageUploadProps {
  label: string;
  purpose: 'logo' | 'favicon';
  value: FileRef | null;
  onChange: (file: FileRef | null) => void;
  error?: ReactNode;
  hint: string;
  required?: boolean;
  /** Preview box size (the logo is rectangular, the favicon square). */
  previewWidth: number;
  previewHeight: number;
}

/** Logo and favicon uploads (public, R-PROFILE-006/024..027, D-19): checked here by name and size, by content on the server. */
export function ImageUpload({
  label,
  purpose,
  value,
  onChange,
  error,
  hint,
  required,
  previewWidth,
  previewHeight,
}: ImageUploadProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const maxKb = Math.round(UPLOAD_PURPOSES[purpose].maxBytes / 1024);
  const shownError = localError ?? error;
  const id = `upload-${purpose}`;

  const onPick = async (file: File | null) => {
    if (!file) return;
    setLocalError(null);
    if (!file.type.startsWith('image/') || !hasAcceptedExtension(purpose, file.name)) {
      setLocalError(M.imageOnly);
      return;
    }
    if (file.size > UPLOAD_PURPOSES[purpose].maxBytes) {
      setLocalError(`File is too large (at most ${maxKb} KB)`);
      return;
    }
    setProgress(0);
    try {
      const [record] = await uploadFiles(purpose, 'public', [file], { onProgress: setProgress });
      onChange(record ?? null);
    } catch (e) {
      setLocalError(errorMessage(e) ?? 'Upload failed');
    } finally {
      setProgress(null);
    }
  };

  return (
    <Input.Wrapper label={label} required={required} description={hint} id={id} data-field={purpose}>
      <Paper withBorder p="sm" radius="md" mt={6}>
        {/* On a phone the buttons wrap under the preview instead of leaving the card (issue 15). */}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 12rem' }}>
            <Box
              w={previewWidth}
              h={previewHeight}
              maw="60%"
              bg="var(--mantine-color-gray-0)"
              style={{ display: 'grid', placeItems: 'center', borderRadius: 4, overflow: 'hidden', flexShrink: 0 }}
            >
              {value ? (
                <Image
                  src={viewFileUrl(value, true)}
                  alt={`${label} preview`}
                  fit="contain"
                  w={previewWidth}
                  h={previewHeight}
                />
              ) : (
                <IconPhoto size={20} color="var(--mantine-color-gray-5)" aria-hidden="true" />
              )}
            </Box>
            <Text size="sm" c={value ? undefined : 'dimmed'} truncate maw={220} style={{ minWidth: 0 }}>
              {value ? value.name : 'No file chosen'}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap" ml="auto">
            <FileButton onChange={(f) => void onPick(f)} accept={acceptAttribute(purpose)}>
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  size="xs"
                  leftSection={<IconUpload size={14} aria-hidden="true" />}
                  loading={progress !== null}
                  aria-label={`Upload ${label.toLowerCase()}`}
                >
                  {value ? 'Replace' : 'Upload'}
                </Button>
              )}
            </FileButton>
            {value ? (
              <Tooltip label={`Remove ${label.toLowerCase()}`}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${label.toLowerCase()}`}
                  onClick={() => {
                    setLocalError(null);
                    onChange(null);
                  }}
                >
                  <IconTrash size={16} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
        </Group>
        {progress !== null ? (
          <Progress value={progress} size="xs" mt="xs" aria-label={`${label} upload progress`} />
        ) : null}
      </Paper>
      {shownError ? (
        <Input.Error mt={4} data-field-error role="alert">
          {shownError}
        </Input.Error>
      ) : null}
    </Input.Wrapper>
  );
}

/** The tenant's logo in a profile form (Company Details, the petitioner's Company data): checked as soon as it changes. */
export function LogoUpload({ form, value }: { form: FormLike; value: FileRef | null }) {
  return (
    <ImageUpload
      label="Logo"
      purpose="logo"
      required
      hint="Rectangular 240x36 px, jpg, jpeg or png, under 250 KB"
      value={value}
      onChange={(file) => {
        form.setFieldValue('logo', file);
        form.validateField('logo');
      }}
      error={form.errors.logo}
      previewWidth={160}
      previewHeight={36}
    />
  );
}
