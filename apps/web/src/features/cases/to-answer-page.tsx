import {
  type AnsweringItem,
  isAnswerable,
  RESPONSE_STATUS_LABELS,
  type ResponseStatus,
} from '@caseport/domain/cases/questionnaire-answers';
import type { Answers, Definition } from '@caseport/domain/questionnaires/definition';
import { Alert, Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconForms } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ErrorAlert } from '../../components/error-alert';
import { formatDateTime } from '../../components/format-date';
import { notify } from '../../components/notify';
import { RowActions } from '../../components/row-actions';
import { fieldErrors, isApiError } from '../../lib/api-client';
import { CaseNumberLink } from './case-cells';
import { uploadAnswerFile, useAnswering, useAnsweringList, useSaveAnswers } from './questionnaire-answers-api';

const QuestionnaireForm = lazy(() =>
  import('../../components/questionnaire-form').then((m) => ({ default: m.QuestionnaireForm })),
);

export const RESPONSE_STATUS_COLORS: Record<ResponseStatus, string> = {
  sent: 'orange',
  returned: 'red',
  submitted: 'blue',
  accepted: 'teal',
};

export function ResponseStatusBadge({ status }: { status: ResponseStatus }) {
  return (
    <Badge variant="light" color={RESPONSE_STATUS_COLORS[status]} style={{ minWidth: 'max-content' }}>
      {RESPONSE_STATUS_LABELS[status]}
    </Badge>
  );
}

/**
 * Issue 35 item 2: 'To answer' of the people outside the firm: the questionnaires their law firm sent them, the ones
 * waiting first; Answer opens one.
 */
export default function ToAnswerPage() {
  const list = useAnsweringList();
  const navigate = useNavigate();
  const columns: DataTableColumn<AnsweringItem>[] = [
    { key: 'name', header: 'Questionnaire', render: (i) => i.name },
    {
      key: 'case',
      header: 'Case',
      render: (i) => <CaseNumberLink to={`/my-cases/${i.caseId}`} caseNumber={i.caseNumber} />,
    },
    { key: 'firm', header: 'Handled by', render: (i) => i.firmName },
    { key: 'status', header: 'Status', render: (i) => <ResponseStatusBadge status={i.status} /> },
    { key: 'sent', header: 'Sent', render: (i) => formatDateTime(i.sentOn) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (i) => (
        <RowActions
          name={i.name}
          actions={[
            {
              label: isAnswerable(i.status) ? 'Answer' : 'View answers',
              icon: IconForms,
              onClick: () => navigate(`/to-answer/${i._id}`),
            },
          ]}
        />
      ),
    },
  ];
  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Title order={2}>To answer</Title>
      <ErrorAlert error={list.error} />
      <Paper withBorder radius="md" p="md">
        <DataTable
          caption="Questionnaires to answer"
          columns={columns}
          rows={list.data?.list}
          rowKey={(i) => i._id}
          loading={list.isPending}
          emptyText="No questionnaires yet. Your law firm sends one here when it needs your answers."
          minWidth={720}
        />
      </Paper>
    </Stack>
  );
}

/** `/to-answer/:id`: one questionnaire, answered with the questionnaire form; Save draft keeps it for later. */
export function AnswerPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const opened = useAnswering(id);
  const save = useSaveAnswers(id, false);
  const submit = useSaveAnswers(id, true);
  const errors = Object.fromEntries(
    Object.entries(fieldErrors(submit.error ?? save.error)).map(([k, v]) => [k.replace(/^answers\./, ''), v]),
  );
  const back = (
    <Anchor component={Link} to="/to-answer" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden="true" />
        Back to questionnaires
      </Group>
    </Anchor>
  );
  if (opened.isPending)
    return (
      <Stack gap="sm" maw={900} mx="auto" aria-label="Loading the questionnaire">
        {back}
        <Skeleton h={32} w={300} />
        <Skeleton h={320} />
      </Stack>
    );
  if (opened.isError)
    return (
      <Stack gap="md" maw={900} mx="auto">
        {back}
        <ErrorAlert
          error={opened.error}
          title={isApiError(opened.error) && opened.error.status === 404 ? 'Questionnaire not found' : undefined}
        />
      </Stack>
    );
  const q = opened.data;
  return (
    <Stack gap="md" maw={900} mx="auto">
      {back}
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2}>
          <Title order={2}>{q.name}</Title>
          <Text size="sm" c="dimmed">
            Case {q.caseNumber} · {q.firmName}
          </Text>
        </Stack>
        <ResponseStatusBadge status={q.status} />
      </Group>
      {q.status === 'returned' && q.comment ? (
        <Alert color="orange" variant="light" title="Your law firm sent your answers back">
          {q.comment}
        </Alert>
      ) : null}
      {isAnswerable(q.status) ? (
        <Suspense fallback={<Skeleton h={320} />}>
          <QuestionnaireForm
            definition={q.definition as Definition}
            respond={{
              initial: q.answers as Answers,
              files: q.files,
              serverErrors: errors,
              busy: save.isPending || submit.isPending,
              onSave: (answers) =>
                save.mutate(answers, {
                  onSuccess: (r) => void notify.success(r.message),
                  onError: (e) => void notify.error(e),
                }),
              onSubmit: (answers) =>
                submit.mutate(answers, {
                  onSuccess: (r) => {
                    void notify.success(r.message);
                    navigate('/to-answer');
                  },
                  onError: (e) => void notify.error(e),
                }),
              upload: (file) =>
                uploadAnswerFile(id, file).then(
                  (r) => r.file,
                  (e) => {
                    void notify.error(e);
                    throw e;
                  },
                ),
            }}
          />
        </Suspense>
      ) : (
        <Alert color={q.status === 'accepted' ? 'teal' : 'blue'} variant="light">
          {q.status === 'accepted'
            ? 'Your law firm accepted your answers. Nothing more is needed here.'
            : 'Your answers were sent to your law firm. You will be told if anything needs to change.'}
        </Alert>
      )}
    </Stack>
  );
}
