import type { CaseDetails } from '@caseport/domain/cases/contracts';
import { ENVELOPE_STATUS_NAMES, type EnvelopeView, SIGNER_ACCOUNT_ROLES } from '@caseport/domain/cases/envelopes';
import {
  ESIGN_SIGNER_ROLE_LABELS,
  ESIGN_SIGNER_ROLES,
  type EsignSignerRole,
} from '@caseport/domain/esign-fields/contracts';
import { Alert, Badge, Button, Group, Modal, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconSignature, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ErrorAlert } from '../../components/error-alert';
import { formatDateTime } from '../../components/format-date';
import { ModalFooter } from '../../components/modal-footer';
import { notify } from '../../components/notify';
import { RowActions } from '../../components/row-actions';
import { fieldErrors } from '../../lib/api-client';
import { useCaseDocuments } from './documents-api';
import {
  useCancelEnvelope,
  useCaseEnvelopes,
  useDownloadEnvelope,
  useEsignTemplateOptions,
  useSendCaseDocument,
  useSendEnvelope,
} from './envelopes-api';

const NO_TRUNCATE = { minWidth: 'max-content' } as const;
const STATUS_COLORS: Record<EnvelopeView['status'], string> = {
  sent: 'blue',
  viewed: 'indigo',
  signed: 'teal',
  declined: 'red',
  cancelled: 'gray',
};

/** Who has signed so far: 'Sam Signer ✓, Priya Patel' in order. */
const progressOf = (e: EnvelopeView) =>
  e.signers.map((s) => `${s.name}${s.status === 'signed' ? ' ✓' : s.status === 'declined' ? ' ✗' : ''}`).join(', ');

/**
 * Issue 35 item 3: the case's documents sent for signature, in its Documents tab. Send a prepared e-sign template or
 * a PDF document of the case (a filled letter) to the case's linked people in order; follow each envelope; download the signed PDF; cancel one
 * not yet signed. A signed file that no longer matches its recorded SHA-256 is said so.
 */
export function CaseEnvelopes({ caseId, details }: { caseId: string; details: CaseDetails }) {
  const envelopes = useCaseEnvelopes(caseId);
  const download = useDownloadEnvelope(caseId);
  const cancel = useCancelEnvelope(caseId);
  const [sending, setSending] = useState(false);
  const tampered = (envelopes.data?.list ?? []).filter((e) => e.intact === false);
  const columns: DataTableColumn<EnvelopeView>[] = [
    { key: 'name', header: 'Document', render: (e) => e.name },
    {
      key: 'status',
      header: 'Status',
      render: (e) => (
        <Badge variant="light" color={STATUS_COLORS[e.status]} style={NO_TRUNCATE}>
          {ENVELOPE_STATUS_NAMES[e.status]}
        </Badge>
      ),
    },
    { key: 'signers', header: 'Signers', render: progressOf },
    { key: 'sent', header: 'Sent', render: (e) => formatDateTime(e.createdOn) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (e) => (
        <RowActions
          name={e.name}
          actions={[
            {
              label: e.status === 'signed' ? 'Download signed PDF' : 'Download PDF',
              icon: IconDownload,
              onClick: () => download.mutate(e, { onError: (error) => void notify.error(error) }),
            },
            ...(e.status === 'sent' || e.status === 'viewed'
              ? [
                  {
                    label: 'Cancel',
                    icon: IconX,
                    onClick: () =>
                      cancel.mutate(e._id, {
                        onSuccess: (a) => notify.success(a.message),
                        onError: (error) => void notify.error(error),
                      }),
                  },
                ]
              : []),
          ]}
        />
      ),
    },
  ];
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={3} size="h4">
          Signatures
        </Title>
        <Button
          variant="light"
          leftSection={<IconSignature size={16} aria-hidden="true" />}
          onClick={() => setSending(true)}
        >
          Send for signature
        </Button>
      </Group>
      {tampered.length ? (
        <Alert color="red" variant="light" role="alert" mb="sm" title="A signed file has changed">
          {tampered.map((e) => e.name).join(', ')}: the stored file no longer matches the SHA-256 recorded when it was
          signed.
        </Alert>
      ) : null}
      <ErrorAlert error={envelopes.error} />
      <DataTable
        caption="Documents sent for signature"
        columns={columns}
        rows={envelopes.data?.list}
        rowKey={(e) => e._id}
        loading={envelopes.isPending}
        emptyText="Nothing sent for signature yet."
        minWidth={620}
        skeletonRows={2}
      />
      {sending ? (
        <SendModal
          caseId={caseId}
          details={details}
          attorneys={envelopes.data?.attorneys ?? []}
          onClose={() => setSending(false)}
        />
      ) : null}
    </Paper>
  );
}

type Source = 'template' | 'document';

/**
 * What to send (a prepared e-sign template with its placed fields, or a PDF document of the case that gets a page
 * of signatures), then who signs for each role, in order (the case's linked accounts of that role). A template
 * asks for the roles it has fields for; a document, for whoever the firm picks.
 */
function SendModal({
  caseId,
  details,
  attorneys,
  onClose,
}: {
  caseId: string;
  details: CaseDetails;
  /** The firm's attorneys (role 5): they sign an attorney's fields without being linked to the case. */
  attorneys: { userId: string; name: string; email: string }[];
  onClose: () => void;
}) {
  const templates = useEsignTemplateOptions();
  const documents = useCaseDocuments(caseId);
  const sendTemplate = useSendEnvelope(caseId);
  const sendDocument = useSendCaseDocument(caseId);
  const [source, setSource] = useState<Source>('template');
  const phone = useMediaQuery('(max-width: 30em)');
  const send = source === 'template' ? sendTemplate : sendDocument;
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [documentId, setDocumentId] = useState<string | null>(null);
  const [picked, setPicked] = useState<Partial<Record<EsignSignerRole, string>>>({});
  const errors = send.error ? fieldErrors(send.error) : {};
  const options = (role: EsignSignerRole) =>
    (role === 'attorney' ? attorneys : details.accounts.filter((a) => a.roleId === SIGNER_ACCOUNT_ROLES[role])).map(
      (a) => ({ value: a.userId, label: `${a.name} (${a.email})` }),
    );
  const roles = ESIGN_SIGNER_ROLES;
  const signers = roles.flatMap((role) => (picked[role] ? [{ role, userId: picked[role] as string }] : []));
  const done = {
    onSuccess: (a: { message: string }) => {
      notify.success(a.message);
      onClose();
    },
  };
  const submit = () =>
    source === 'template'
      ? sendTemplate.mutate({ templateId: templateId ?? '', signers }, done)
      : sendDocument.mutate({ documentId: documentId ?? '', signers }, done);
  const list = (templates.data as { list?: { _id: string; name: string }[] } | undefined)?.list ?? [];
  const documentOptions = (documents.data?.list ?? []).map((d) => ({
    value: d._id,
    label: d.extn === 'pdf' ? d.name : `${d.name} (Word: fill it as PDF first)`,
    disabled: d.extn !== 'pdf',
  }));
  return (
    <Modal opened onClose={onClose} title="Send for signature" centered size={520}>
      <Stack gap="md">
        <SegmentedControl
          aria-label="What to send"
          fullWidth
          // Side by side the two labels are cut at phone width: one above the other there.
          orientation={phone ? 'vertical' : 'horizontal'}
          value={source}
          onChange={(v) => setSource(v as Source)}
          data={[
            { value: 'template', label: 'A prepared template' },
            { value: 'document', label: 'A document of this case' },
          ]}
        />
        {source === 'template' ? (
          <Select
            label="E-sign template"
            data={list.map((t) => ({ value: t._id, label: t.name }))}
            value={templateId}
            onChange={setTemplateId}
            placeholder={templates.isPending ? 'Loading templates…' : 'Choose a template'}
            error={errors.templateId}
            searchable
            data-autofocus
          />
        ) : (
          <>
            <Select
              label="Document of this case"
              data={documentOptions}
              value={documentId}
              onChange={setDocumentId}
              placeholder={
                documents.isPending
                  ? 'Loading documents…'
                  : documentOptions.length
                    ? 'Choose a document'
                    : 'No documents on this case yet'
              }
              error={errors.documentId}
              searchable
            />
            <Text size="sm" c="dimmed">
              A page of signatures is added at its end: one block per signer, in this order.
            </Text>
          </>
        )}
        <Text size="sm" c="dimmed">
          They sign in this order. The case's people sign when linked to it (the Overview's accounts); an attorney is
          one of the firm's.
        </Text>
        {roles.map((role, i) => (
          <Select
            key={role}
            label={`${i + 1}. ${ESIGN_SIGNER_ROLE_LABELS[role]}`}
            data={options(role)}
            value={picked[role] ?? null}
            onChange={(v) => setPicked({ ...picked, [role]: v ?? undefined })}
            placeholder={
              options(role).length
                ? 'Choose who signs'
                : role === 'attorney'
                  ? 'The firm has no attorney account'
                  : 'Nobody of this role is linked'
            }
            clearable
          />
        ))}
        {errors.signers ? (
          <Text size="sm" c="red" role="alert">
            {errors.signers}
          </Text>
        ) : null}
        <ErrorAlert error={send.error && Object.keys(errors).length === 0 ? send.error : null} />
        <ModalFooter
          onCancel={onClose}
          onSave={submit}
          saving={send.isPending}
          saveLabel="Send"
          saveDisabled={source === 'template' ? !templateId : !documentId}
        />
      </Stack>
    </Modal>
  );
}
