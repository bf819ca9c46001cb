import { MY_CASE_NOTHING_WAITING, type MyCaseDetails } from '@caseport/domain/cases/my-cases';
import { isAnswerable } from '@caseport/domain/cases/questionnaire-answers';
import { Anchor, Group, List, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { DataTable } from '../../components/data-table';
import { DetailField } from '../../components/detail-field';
import { ErrorAlert } from '../../components/error-alert';
import { formatDate } from '../../components/format-date';
import { notify } from '../../components/notify';
import { CaseStatusBadge } from './case-cells';
import { invoiceColumns } from './case-invoices';
import { useSigningList } from './envelopes-api';
import { useDownloadMyInvoice, useMyCase } from './my-cases-api';
import { useAnsweringList } from './questionnaire-answers-api';

type Invoice = MyCaseDetails['invoices'][number];

/**
 * Issue 35 item 1: one of 'My cases' as its outside person sees it: the allow-list of MyCaseSchema (no facts, no
 * notes, no one's personal data), what waits on them, and the invoices addressed to them with their PDFs.
 */
export default function MyCasePage() {
  const { id = '' } = useParams();
  const details = useMyCase(id);
  const download = useDownloadMyInvoice(id);
  const back = (
    <Anchor component={Link} to="/my-cases" size="sm">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden="true" /> My cases
      </Group>
    </Anchor>
  );
  if (details.isPending)
    return (
      <Stack maw={1000} mx="auto">
        {back}
        <Loader aria-label="Loading the case" />
      </Stack>
    );
  if (details.isError)
    return (
      <Stack maw={1000} mx="auto">
        {back}
        <ErrorAlert error={details.error} />
      </Stack>
    );
  const { case: c, invoices } = details.data;
  const columns = invoiceColumns<Invoice>((i) => download.mutate(i, { onError: (error) => void notify.error(error) }));
  return (
    <Stack gap="md" maw={1000} mx="auto">
      {back}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} ff="monospace" style={{ wordBreak: 'break-word' }}>
          {c.caseNumber}
        </Title>
        <CaseStatusBadge status={c.status} size="lg" />
      </Group>
      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h4" mb="sm">
          Waiting on you
        </Title>
        <ToDo caseId={c._id} caseNumber={c.caseNumber} />
        {c.waiting.length === 0 ? (
          <Text size="sm" c="dimmed">
            {MY_CASE_NOTHING_WAITING}
          </Text>
        ) : (
          <List size="sm" spacing={4}>
            {c.waiting.map((w) => (
              <List.Item key={w.name}>{w.name}</List.Item>
            ))}
          </List>
        )}
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h4" mb="sm">
          The case
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <DetailField label="Case type">{`${c.typeName} · ${c.subTypeName}`}</DetailField>
          <DetailField label="Handled by">{c.firmName}</DetailField>
          <DetailField label="You are linked as">{c.myRoles.map((r) => r.name).join(', ')}</DetailField>
          <DetailField label={c.applicantName ? 'Applicant' : 'Beneficiary'}>
            {c.beneficiaryName ?? c.applicantName}
          </DetailField>
          {c.petitionerName ? <DetailField label="Petitioner">{c.petitionerName}</DetailField> : null}
          {c.sponsorName ? <DetailField label="Sponsor">{c.sponsorName}</DetailField> : null}
          <DetailField label="Opened on">{formatDate(c.openedOn)}</DetailField>
          {c.closedOn ? <DetailField label="Closed on">{formatDate(c.closedOn)}</DetailField> : null}
        </SimpleGrid>
      </Paper>
      {invoices.length ? (
        <Paper withBorder radius="md" p="md">
          <Title order={3} size="h4" mb="sm">
            Your invoices
          </Title>
          <DataTable
            caption="Your invoices"
            columns={columns}
            rows={invoices}
            rowKey={(i) => i._id}
            loading={false}
            emptyText=""
            minWidth={480}
          />
        </Paper>
      ) : null}
    </Stack>
  );
}

/** Issue 35: the questionnaire to answer and the documents to sign of this case, each a link to where it is done. */
function ToDo({ caseId, caseNumber }: { caseId: string; caseNumber: string }) {
  const answering = useAnsweringList();
  const signing = useSigningList();
  const toAnswer = (answering.data?.list ?? []).filter((r) => r.caseId === caseId && isAnswerable(r.status));
  const toSign = (signing.data?.list ?? []).filter((e) => e.caseNumber === caseNumber && e.yourTurn);
  if (!toAnswer.length && !toSign.length) return null;
  return (
    <Stack gap={4} mb="sm">
      {toAnswer.map((r) => (
        <Anchor key={r._id} component={Link} to={`/to-answer/${r._id}`} size="sm" fw={600}>
          Answer the questionnaire: {r.name}
        </Anchor>
      ))}
      {toSign.map((e) => (
        <Anchor key={e._id} component={Link} to="/to-sign" size="sm" fw={600}>
          Sign: {e.name}
        </Anchor>
      ))}
    </Stack>
  );
}
