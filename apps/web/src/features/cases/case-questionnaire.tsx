import {
  AUDIENCE_NAMES,
  type CaseQuestionnaire as CaseQuestionnaireData,
  QUESTIONNAIRE_ANSWER_MESSAGES,
  type ResponseView,
} from '@caseport/domain/cases/questionnaire-answers';
import { ENTITY_TYPE_LABELS } from '@caseport/domain/questionnaires/contracts';
import { type AddressAnswer, type Answers, isShown, type Question } from '@caseport/domain/questionnaires/definition';
import { FILL_TARGET_BY_VALUE } from '@caseport/domain/questionnaires/fills';
import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { DetailField } from '../../components/detail-field';
import { ErrorAlert } from '../../components/error-alert';
import { formatDate, formatDateTime } from '../../components/format-date';
import { ModalFooter } from '../../components/modal-footer';
import { notify } from '../../components/notify';
import { fieldErrors } from '../../lib/api-client';
import { useCaseQuestionnaire, useReviewAnswers, useSendQuestionnaire } from './questionnaire-answers-api';
import { ResponseStatusBadge } from './to-answer-page';

/** An answer or a fact as the firm reads it. */
const shown = (v: unknown, files: Record<string, string>, q?: Question): string => {
  if (v === undefined || v === null || v === '') return '—';
  if (q?.type === 'file' && typeof v === 'string') return files[v] ?? 'A file no longer on the case';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  // A date answer or date fact is a calendar day, shown as every date of the portal.
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return formatDate(v);
  if (Array.isArray(v))
    return q?.type === 'group'
      ? `${v.length} ${v.length === 1 ? 'entry' : 'entries'}`
      : v.map((x) => (typeof x === 'object' && x !== null ? shown(x, files) : String(x))).join('; ');
  if (typeof v === 'object') {
    const a = v as AddressAnswer & { line1?: string; zipcode?: string };
    return [a.street ?? a.line1, a.city, [a.state, a.zip ?? a.zipcode].filter(Boolean).join(' '), a.country]
      .filter((x) => x?.trim())
      .join(', ');
  }
  return String(v);
};

interface Row {
  key: string;
  question: Question;
  answer: string;
  fills: string | null;
  now: string | null;
  differs: boolean;
}

const rowsOf = (r: ResponseView, current: Record<string, unknown>): Row[] => {
  const answers = r.answers as Answers;
  const files = Object.fromEntries(r.files.map((f) => [f._id, f.name]));
  return r.definition.sections.flatMap((s) =>
    s.questions
      .filter((q) => isShown(q, answers))
      .map((q) => {
        const answer = shown(answers[q.key], files, q);
        const now = q.fills ? shown(current[q.fills], files) : null;
        return {
          key: q.key,
          question: q,
          answer,
          fills: q.fills ? (FILL_TARGET_BY_VALUE.get(q.fills)?.label ?? q.fills) : null,
          now,
          differs: now !== null && answers[q.key] !== undefined && now !== answer,
        };
      }),
  );
};

/**
 * Issue 35 item 2: the case's questionnaire (its own tab). Send the pinned version to the person of its audience
 * linked to the case; read the answers beside the facts they filled; accept them, or send them back with a comment.
 */
export function CaseQuestionnaire({ caseId }: { caseId: string }) {
  const q = useCaseQuestionnaire(caseId);
  if (q.isPending)
    return (
      <Stack gap="sm" aria-label="Loading the questionnaire">
        <Skeleton h={28} w={260} />
        <Skeleton h={160} />
      </Stack>
    );
  if (q.isError) return <ErrorAlert error={q.error} />;
  const data = q.data;
  if (!data.questionnaire)
    return (
      <Paper withBorder radius="md" p="md">
        <Text c="dimmed">{QUESTIONNAIRE_ANSWER_MESSAGES.none}</Text>
      </Paper>
    );
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Title order={3} size="h4">
              {data.questionnaire.name} (version {data.questionnaire.version})
            </Title>
            {data.response ? <ResponseStatusBadge status={data.response.status} /> : null}
          </Group>
          <Text size="sm" c="dimmed">
            Answered by the {ENTITY_TYPE_LABELS[data.questionnaire.entityType].toLowerCase()}.
          </Text>
          {data.response ? <ResponseFacts response={data.response} /> : null}
          {!data.response || data.response.status === 'accepted' ? <SendForm caseId={caseId} data={data} /> : null}
        </Stack>
      </Paper>
      {data.response ? <AnswersPanel caseId={caseId} response={data.response} current={data.current} /> : null}
    </Stack>
  );
}

function ResponseFacts({ response: r }: { response: ResponseView }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="sm">
        <DetailField label="Sent to">{r.respondent.name}</DetailField>
        <DetailField label="Sent">{formatDateTime(r.sentOn)}</DetailField>
        <DetailField label="Submitted">{r.submittedOn ? formatDateTime(r.submittedOn) : '—'}</DetailField>
        <DetailField label="Reviewed">{r.reviewedOn ? formatDateTime(r.reviewedOn) : '—'}</DetailField>
      </SimpleGrid>
      {r.status === 'returned' && r.comment ? (
        <Alert color="orange" variant="light" title="Sent back">
          {r.comment}
        </Alert>
      ) : null}
    </>
  );
}

function SendForm({ caseId, data }: { caseId: string; data: CaseQuestionnaireData }) {
  const send = useSendQuestionnaire(caseId);
  const [userId, setUserId] = useState<string | null>(data.recipients[0]?.userId ?? null);
  const errors = fieldErrors(send.error);
  if (!data.recipients.length)
    return (
      <Alert color="yellow" variant="light">
        Link the {AUDIENCE_NAMES[data.questionnaire?.entityType ?? 'beneficiary']}’s portal account to the case
        (Overview, Portal accounts) to send the questionnaire.
      </Alert>
    );
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label="Send to"
        data={data.recipients.map((r) => ({ value: r.userId, label: r.name }))}
        value={userId}
        onChange={setUserId}
        error={errors.userId}
        allowDeselect={false}
        w={260}
      />
      <Button
        leftSection={<IconSend size={16} aria-hidden="true" />}
        loading={send.isPending}
        disabled={!userId}
        onClick={() =>
          userId &&
          send.mutate(userId, {
            onSuccess: (r) => void notify.success(r.message),
            onError: (e) => void notify.error(e),
          })
        }
      >
        {data.response ? 'Send again' : 'Send questionnaire'}
      </Button>
    </Group>
  );
}

function AnswersPanel({
  caseId,
  response,
  current,
}: {
  caseId: string;
  response: ResponseView;
  current: Record<string, unknown>;
}) {
  const review = useReviewAnswers(caseId);
  const [returning, setReturning] = useState(false);
  const [comment, setComment] = useState('');
  const rows = rowsOf(response, current);
  const columns: DataTableColumn<Row>[] = [
    { key: 'question', header: 'Question', render: (r) => r.question.label },
    { key: 'answer', header: 'Answer', render: (r) => r.answer },
    { key: 'fills', header: 'Fills', render: (r) => r.fills ?? '—' },
    {
      key: 'now',
      header: 'On the case now',
      render: (r) =>
        r.now === null ? (
          '—'
        ) : (
          <Text
            size="sm"
            c={r.differs ? 'orange.8' : undefined}
            title={r.differs ? 'Changed since the answer' : undefined}
          >
            {r.now}
          </Text>
        ),
    },
  ];
  const decide = (decision: 'accept' | 'return') =>
    review.mutate(
      { responseId: response._id, decision, ...(decision === 'return' ? { comment } : {}) },
      {
        onSuccess: (r) => {
          void notify.success(r.message);
          setReturning(false);
          setComment('');
        },
        onError: (e) => {
          if (!fieldErrors(e).comment) void notify.error(e);
        },
      },
    );
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Answers
        </Title>
        <DataTable
          caption="Answers beside the facts they fill"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.key}
          emptyText="No answers yet."
          minWidth={640}
        />
        {response.status === 'submitted' ? (
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              leftSection={<IconArrowBackUp size={16} aria-hidden="true" />}
              onClick={() => setReturning(true)}
            >
              Send back
            </Button>
            <Button
              leftSection={<IconCheck size={16} aria-hidden="true" />}
              loading={review.isPending && !returning}
              onClick={() => decide('accept')}
            >
              Accept answers
            </Button>
          </Group>
        ) : null}
      </Stack>
      <Modal opened={returning} onClose={() => setReturning(false)} title="Send the answers back" centered>
        <Stack gap="sm">
          <Textarea
            label="What needs to change?"
            description={`${response.respondent.name} reads this with the answers, and is e-mailed that they were sent back.`}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            error={fieldErrors(review.error).comment}
            maxLength={2000}
            rows={4}
            data-autofocus
          />
          <ModalFooter
            onCancel={() => setReturning(false)}
            saving={review.isPending}
            saveLabel="Send back"
            onSave={() => decide('return')}
          />
        </Stack>
      </Modal>
    </Paper>
  );
}
