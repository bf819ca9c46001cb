import type { CaseDetails } from '@caseport/domain/cases/contracts';
import { CASE_DOCUMENT_KIND_LABELS, type CaseDocument } from '@caseport/domain/cases/documents-contracts';
import { acceptAttribute, hasAcceptedExtension, UPLOAD_PURPOSES } from '@caseport/domain/files/purposes';
import type { FormLetterFilled } from '@caseport/domain/letters/contracts';
import { LETTER_TYPE } from '@caseport/domain/letters/contracts';
import { Badge, Button, FileButton, Group, Paper, Progress, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ErrorAlert } from '../../components/error-alert';
import { formatDateTime } from '../../components/format-date';
import { LetterFillDialog, type LetterFillRequest } from '../../components/letter-fill-dialog';
import { notify } from '../../components/notify';
import { RowActions } from '../../components/row-actions';
import { useDeleteConfirm } from '../../components/use-delete-confirm';
import { CaseEditions } from './case-editions';
import {
  documentsKey,
  useCaseDocuments,
  useDeleteCaseDocument,
  useDownloadCaseDocument,
  useUploadCaseDocument,
} from './documents-api';

/** A badge keeps its words whole on a phone (the table scrolls inside its frame instead). */
const NO_TRUNCATE = { minWidth: 'max-content' } as const;

/**
 * The Documents tab (issue 34): the checklist of the case's pinned configuration — its platform forms with the
 * editions the case was opened with, the firm's own forms it names, and its letters, each letter with Fill —
 * and the case's documents: files uploaded on it and the letters filled for it (server records, so a letter's
 * 'Filled' holds across reloads and the filled file can be downloaded again).
 */
export function CaseDocuments({ caseId, details }: { caseId: string; details: CaseDetails }) {
  const [request, setRequest] = useState<LetterFillRequest | null>(null);
  const [title, setTitle] = useState('');
  const client = useQueryClient();
  const documents = useCaseDocuments(caseId);
  const filled = useMemo(
    () => new Set((documents.data?.list ?? []).flatMap((d) => (d.formAndLetterId ? [d.formAndLetterId] : []))),
    [documents.data],
  );
  const onFilled = useCallback(
    (_r: LetterFillRequest, answer: FormLetterFilled) => {
      // A fill that only listed missing tags stored nothing; one that made the file added a document.
      if (answer.document) void client.invalidateQueries({ queryKey: documentsKey(caseId) });
    },
    [client, caseId],
  );
  const pinned = details.pinned;
  const letters = pinned.letters.filter((l) => l.type === LETTER_TYPE);
  const firmForms = pinned.letters.filter((l) => l.type !== LETTER_TYPE);
  const noConfig = !pinned.petitionConfigId;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h4" mb="sm">
          Forms and questionnaire
        </Title>
        {noConfig ? (
          <Text size="sm" c="dimmed" mb="xs">
            This case was opened before its subtype had a case configuration: no forms are pinned on it.
          </Text>
        ) : null}
        <CaseEditions caseId={caseId} />
        {firmForms.length ? (
          <Table striped aria-label="Firm forms" mt="sm">
            <Table.Tbody>
              {firmForms.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {f.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {f.type} of the firm
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h4" mb="xs">
          Letters
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          The letters of this case's configuration. Fill one with the case's people and facts; tags the case has no
          value for are listed first, each with a link to the field that holds it.
        </Text>
        {letters.length === 0 ? (
          <Text size="sm" c="dimmed">
            {noConfig
              ? 'No configuration is pinned on this case, so it has no letters.'
              : "This case's configuration names no letters: add them in Settings, Case Configuration (new cases only)."}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table striped aria-label="Letters">
              <Table.Tbody>
                {letters.map((l) => {
                  const done = filled.has(l.id);
                  return (
                    <Table.Tr key={l.id}>
                      <Table.Td>
                        {/* The state sits under the name, so that Fill stays in view at 390 px. */}
                        <Group gap="xs" wrap="wrap">
                          <Text size="sm" fw={500}>
                            {l.name}
                          </Text>
                          {documents.isPending ? (
                            <Skeleton height={20} width={90} radius="xl" />
                          ) : (
                            <Badge variant="light" color={done ? 'teal' : 'gray'} style={NO_TRUNCATE}>
                              {done ? 'Filled' : 'Not filled yet'}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Group justify="flex-end" wrap="nowrap">
                          <Button
                            size="compact-sm"
                            variant="light"
                            aria-label={`Fill ${l.name}`}
                            onClick={() => {
                              setTitle(`${l.name} · ${details.case.caseNumber}`);
                              setRequest({ formAndLetterId: l.id, caseId, format: 'docx' });
                            }}
                          >
                            {done ? 'Fill again' : 'Fill'}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <CaseDocumentList caseId={caseId} documents={documents} />
      <LetterFillDialog request={request} title={title} onClose={() => setRequest(null)} onFilled={onFilled} />
    </Stack>
  );
}

const UPLOAD_REJECTED = UPLOAD_PURPOSES.caseDocument.rejectMessage;
const UPLOAD_MB = UPLOAD_PURPOSES.caseDocument.maxBytes / (1024 * 1024);

/** The case's documents: Upload (one file, with progress), and each with Download and Delete (confirmed). */
function CaseDocumentList({ caseId, documents }: { caseId: string; documents: ReturnType<typeof useCaseDocuments> }) {
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadCaseDocument(caseId, setProgress);
  const download = useDownloadCaseDocument();
  const remove = useDeleteCaseDocument(caseId);
  const { deleteAction, deleteDialog } = useDeleteConfirm(remove, 'Are you sure to continue?');
  const onChoose = (file: File | null) => {
    if (!file) return;
    if (!hasAcceptedExtension('caseDocument', file.name)) {
      void notify.error(UPLOAD_REJECTED);
      return;
    }
    setProgress(0);
    upload.mutate(file, {
      onSuccess: (answer) => void notify.success(answer.message),
      onError: (error) => void notify.error(error),
      onSettled: () => setProgress(null),
    });
  };
  const columns: DataTableColumn<CaseDocument>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (d) => (
        <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
          {d.name}
        </Text>
      ),
    },
    {
      key: 'kind',
      header: 'Kind',
      render: (d) => (
        <Badge variant="light" color={d.kind === 'letter' ? 'indigo' : 'gray'} style={NO_TRUNCATE}>
          {CASE_DOCUMENT_KIND_LABELS[d.kind]}
        </Badge>
      ),
    },
    { key: 'by', header: 'Added by', render: (d) => d.createdBy?.name ?? '—' },
    { key: 'on', header: 'Added on', render: (d) => formatDateTime(d.createdOn) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (d) => (
        <RowActions
          name={d.name}
          actions={[
            {
              label: 'Download',
              icon: IconDownload,
              onClick: () => download.mutate(d, { onError: (error) => void notify.error(error) }),
            },
            deleteAction(d),
          ]}
        />
      ),
    },
  ];
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Title order={3} size="h4">
          Documents
        </Title>
        <FileButton onChange={onChoose} accept={acceptAttribute('caseDocument')}>
          {(props) => (
            <Button
              {...props}
              size="sm"
              leftSection={<IconUpload size={16} aria-hidden="true" />}
              loading={upload.isPending}
            >
              Upload
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Files uploaded on this case (PDF, Word .docx, JPEG or PNG, up to {UPLOAD_MB} MB) and the letters filled for it.
      </Text>
      {progress !== null ? <Progress value={progress} size="sm" mb="sm" aria-label="Upload progress" animated /> : null}
      <ErrorAlert error={documents.error} />
      <DataTable
        caption="Case documents"
        columns={columns}
        rows={documents.data?.list}
        rowKey={(d) => d._id}
        loading={documents.isPending}
        emptyText="No documents yet: upload one, or fill a letter above."
        minWidth={560}
        skeletonRows={3}
      />
      {deleteDialog}
    </Paper>
  );
}
