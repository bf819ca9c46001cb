import { acceptAttribute, hasAcceptedExtension, UPLOAD_PURPOSES } from '@caseport/domain/files/purposes';
import type { FileRef } from '@caseport/domain/profile/contracts';
import { ActionIcon, Anchor, Button, FileButton, Group, Paper, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconEye, IconFileText, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../components/error-alert';
import { notify } from '../../../components/notify';
import { uploadFiles, viewFileUrl } from '../../../lib/files';
import { deleteDocument } from '../api';

interface DocumentListProps {
  label: string;
  purpose: 'document' | 'word';
  value: FileRef[];
  onChange: (files: FileRef[]) => void;
}

/** A private document list (R-PROFILE-045, R-PETITIONER-004/005): upload, view, download, delete (file removed, R-PROFILE-046). */
export function DocumentList({ label, purpose, value, onChange }: DocumentListProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<FileRef | null>(null);
  const [deleting, setDeleting] = useState(false);
  const rule = UPLOAD_PURPOSES[purpose];

  const onPick = async (files: File[]) => {
    if (files.length === 0) return;
    setError(null);
    if (files.some((f) => !hasAcceptedExtension(purpose, f.name))) {
      setError(rule.rejectMessage);
      return;
    }
    if (files.some((f) => f.size > rule.maxBytes)) {
      setError(`File is too large (at most ${Math.round(rule.maxBytes / 1024 / 1024)} MB)`);
      return;
    }
    setProgress(0);
    try {
      const records = await uploadFiles(purpose, 'private', files, { onProgress: setProgress });
      onChange([...value, ...records]);
    } catch (e) {
      setError(errorMessage(e) ?? 'Upload failed');
    } finally {
      setProgress(null);
    }
  };

  const onConfirmDelete = async () => {
    if (!pendingDelete) return;
    setDeleting(true);
    try {
      const res = await deleteDocument(pendingDelete.path);
      onChange(value.filter((f) => f.path !== pendingDelete.path));
      notify.success(res.message);
      setPendingDelete(null);
    } catch (e) {
      notify.error(e);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={label}>
      <Group justify="space-between" wrap="nowrap" mb={value.length ? 'xs' : 0}>
        <Group gap={8} wrap="nowrap">
          <IconPaperclip size={16} aria-hidden="true" color="var(--mantine-color-gray-6)" />
          <Text size="sm" fw={500}>
            {label}
          </Text>
          <Text size="xs" c="dimmed">
            {value.length ? `${value.length} file${value.length > 1 ? 's' : ''}` : 'Optional'}
          </Text>
        </Group>
        <FileButton multiple onChange={(f) => void onPick(f)} accept={acceptAttribute(purpose)}>
          {(props) => (
            <Button {...props} size="xs" variant="light" loading={progress !== null} aria-label={`Upload ${label}`}>
              Upload
            </Button>
          )}
        </FileButton>
      </Group>
      {progress !== null ? (
        <Progress value={progress} size="xs" mb="xs" aria-label={`${label} upload progress`} />
      ) : null}
      {value.length ? (
        <Stack gap={4}>
          {value.map((file) => (
            <Group key={file.path} justify="space-between" wrap="nowrap" gap="xs">
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                <IconFileText size={16} aria-hidden="true" color="var(--mantine-color-blue-6)" />
                <Anchor href={viewFileUrl(file, true)} target="_blank" rel="noopener" size="sm" truncate>
                  {file.name}
                </Anchor>
              </Group>
              <Group gap={2} wrap="nowrap">
                <Tooltip label="View">
                  <ActionIcon
                    component="a"
                    href={viewFileUrl(file, true)}
                    target="_blank"
                    rel="noopener"
                    variant="subtle"
                    aria-label={`View ${file.name}`}
                  >
                    <IconEye size={16} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Download">
                  <ActionIcon
                    component="a"
                    href={viewFileUrl(file)}
                    download={file.name}
                    variant="subtle"
                    aria-label={`Download ${file.name}`}
                  >
                    <IconDownload size={16} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Delete">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${file.name}`}
                    onClick={() => setPendingDelete(file)}
                  >
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          ))}
        </Stack>
      ) : null}
      {error ? (
        <Text size="xs" c="red" mt={6} role="alert" data-field-error>
          {error}
        </Text>
      ) : null}
      <ConfirmDialog
        opened={pendingDelete !== null}
        title="Delete document"
        message={`Delete ${pendingDelete?.name ?? 'this document'}? The file is removed for good.`}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        loading={deleting}
        onConfirm={() => void onConfirmDelete()}
        onCancel={() => setPendingDelete(null)}
      />
    </Paper>
  );
}
