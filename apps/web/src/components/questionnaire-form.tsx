import {
  type AddressAnswer,
  type Answers,
  type AnswerValue,
  answerProblems,
  type Definition,
  isShown,
  type Question,
} from '@caseport/domain/questionnaires/definition';
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useMasterData } from '../lib/use-master-data';

/**
 * Issue 35 item 2: what the form does when a person answers for real (without it, it is a preview and sends
 * nothing): the saved answers to start from, the names of the documents uploaded, the server's field errors
 * (`answers.<path>`), and what Save draft, Submit and a chosen file do.
 */
export interface Respond {
  initial: Answers;
  files: { _id: string; name: string }[];
  serverErrors: Record<string, string>;
  busy: boolean;
  onSave: (answers: Answers) => void;
  onSubmit: (answers: Answers) => void;
  upload: (file: File) => Promise<{ _id: string; name: string }>;
}

/**
 * The questionnaire as the respondent sees it (issue 21), rendered from the domain's definition with Mantine
 * inputs: the builder's live preview, the version previews, the case-type configuration's Preview and the person
 * answering it (issue 35, `respond`) all use this one component, so what the platform team sees is what a
 * beneficiary or petitioner gets. Conditions and checks come from packages/domain (`isShown`, `answerProblems`).
 * A preview keeps its answers in the browser. Loaded lazily with the screens that show it.
 */
export function QuestionnaireForm({
  definition,
  title,
  respond,
}: {
  definition: Definition;
  title?: string;
  respond?: Respond;
}) {
  const [answers, setAnswers] = useState<Answers>(respond?.initial ?? {});
  const [checked, setChecked] = useState(false);
  const [names, setNames] = useState<Record<string, string>>(() =>
    Object.fromEntries((respond?.files ?? []).map((f) => [f._id, f.name])),
  );
  const [uploading, setUploading] = useState<string | null>(null);
  const local = useMemo(
    () => (checked ? Object.fromEntries(answerProblems(definition, answers).map((p) => [p.name, p.message])) : {}),
    [checked, definition, answers],
  );
  const problems = { ...(respond?.serverErrors ?? {}), ...local };
  const countries = useMasterData('countries');
  const countryOptions = useMemo(() => (countries.data ?? []).map((c) => c.name), [countries.data]);
  const upload = respond
    ? async (path: string, file: File) => {
        setUploading(path);
        try {
          const stored = await respond.upload(file);
          setNames((n) => ({ ...n, [stored._id]: stored.name }));
          return stored._id;
        } finally {
          setUploading(null);
        }
      }
    : undefined;
  const ctx: Ctx = { errors: problems, countries: countryOptions, names, upload, uploading };
  const count = Object.keys(problems).length;
  return (
    <form
      aria-label={title ?? 'Questionnaire'}
      onSubmit={(e) => {
        e.preventDefault();
        setChecked(true);
        if (respond && answerProblems(definition, answers).length === 0) respond.onSubmit(answers);
      }}
    >
      <Stack gap="lg">
        {title ? <Title order={3}>{title}</Title> : null}
        {definition.sections.map((s) => (
          <Paper key={s.key} withBorder radius="md" p="md" component="fieldset" style={{ minWidth: 0 }}>
            <Stack gap="sm">
              <Title order={4} component="legend">
                {s.title}
              </Title>
              {s.description ? (
                <Text size="sm" c="dimmed">
                  {s.description}
                </Text>
              ) : null}
              <Questions
                questions={s.questions}
                scope={answers}
                outer={{}}
                prefix=""
                ctx={ctx}
                onChange={(key, v) => setAnswers((a) => ({ ...a, [key]: v }))}
              />
            </Stack>
          </Paper>
        ))}
        {!respond && checked && count === 0 ? (
          <Alert color="teal" variant="light">
            Every answer is complete. (Preview: nothing is sent.)
          </Alert>
        ) : null}
        {count > 0 ? (
          <Alert color="red" variant="light" role="alert">
            {count === 1 ? '1 answer needs attention' : `${count} answers need attention`}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          {respond ? (
            <Button variant="default" disabled={respond.busy || !!uploading} onClick={() => respond.onSave(answers)}>
              Save draft
            </Button>
          ) : null}
          <Button type="submit" loading={respond?.busy} disabled={!!uploading}>
            Submit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface Ctx {
  errors: Record<string, string>;
  countries: string[];
  /** The names of the documents uploaded, by id (a file answer holds the id). */
  names: Record<string, string>;
  /** Uploads a chosen file and answers its id; absent in a preview (the file's name is kept). */
  upload?: (path: string, file: File) => Promise<string>;
  /** The answer path of the upload in progress. */
  uploading: string | null;
}

function Questions(props: {
  questions: Question[];
  scope: Answers;
  outer: Answers;
  prefix: string;
  ctx: Ctx;
  onChange: (key: string, v: AnswerValue) => void;
}) {
  return (
    <>
      {props.questions
        .filter((q) => isShown(q, props.scope, props.outer))
        .map((q) => (
          <Field
            key={q.key}
            q={q}
            value={props.scope[q.key]}
            scope={props.scope}
            outer={props.outer}
            prefix={props.prefix}
            ctx={props.ctx}
            onChange={(v) => props.onChange(q.key, v)}
          />
        ))}
    </>
  );
}

function Field({
  q,
  value,
  scope,
  outer,
  prefix,
  ctx,
  onChange,
}: {
  q: Question;
  value: AnswerValue;
  scope: Answers;
  outer: Answers;
  prefix: string;
  ctx: Ctx;
  onChange: (v: AnswerValue) => void;
}) {
  const common = {
    label: q.label,
    description: q.helpText,
    withAsterisk: !!q.required,
    error: ctx.errors[`${prefix}${q.key}`],
  };
  const str = typeof value === 'string' ? value : '';
  switch (q.type) {
    case 'longText':
      return (
        <Textarea {...common} autosize minRows={3} value={str} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'date':
      return <TextInput {...common} type="date" value={str} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : undefined)}
        />
      );
    case 'email':
      return <TextInput {...common} type="email" value={str} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'phone':
      return <TextInput {...common} type="tel" value={str} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'yesNo':
      return (
        <Radio.Group
          {...common}
          value={value === true ? 'yes' : value === false ? 'no' : null}
          onChange={(v) => onChange(v === 'yes')}
        >
          <Group gap="lg" mt={4}>
            <Radio value="yes" label="Yes" />
            <Radio value="no" label="No" />
          </Group>
        </Radio.Group>
      );
    case 'singleChoice':
      return (q.options ?? []).length > 6 ? (
        <Select {...common} data={q.options ?? []} value={str || null} onChange={(v) => onChange(v ?? undefined)} />
      ) : (
        <Radio.Group {...common} value={str || null} onChange={onChange}>
          <Stack gap={6} mt={4}>
            {(q.options ?? []).map((o) => (
              <Radio key={o} value={o} label={o} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'multipleChoice':
      return (
        <Checkbox.Group {...common} value={Array.isArray(value) ? (value as string[]) : []} onChange={onChange}>
          <Stack gap={6} mt={4}>
            {(q.options ?? []).map((o) => (
              <Checkbox key={o} value={o} label={o} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'country':
      return (
        <Select
          {...common}
          searchable
          data={ctx.countries}
          value={str || null}
          onChange={(v) => onChange(v ?? undefined)}
        />
      );
    case 'file': {
      const path = `${prefix}${q.key}`;
      const upload = ctx.upload;
      const stored = str ? (ctx.names[str] ?? null) : null;
      if (!upload)
        return <FileInput {...common} placeholder="Choose a file" clearable onChange={(f) => onChange(f?.name)} />;
      return (
        <FileInput
          {...common}
          accept="application/pdf,image/jpeg,image/png,.docx"
          placeholder={stored ? `${stored} (uploaded: choose another to replace it)` : 'Choose a file'}
          description={ctx.uploading === path ? 'Uploading…' : stored ? `Uploaded: ${stored}` : q.helpText}
          disabled={ctx.uploading !== null}
          value={null}
          onChange={(f) => {
            if (!f) return;
            upload(path, f).then(onChange, () => undefined);
          }}
        />
      );
    }
    case 'address':
      return (
        <AddressField q={q} value={(value as AddressAnswer) ?? {}} error={common.error} ctx={ctx} onChange={onChange} />
      );
    case 'group':
      return (
        <GroupField
          q={q}
          entries={Array.isArray(value) ? (value as Answers[]) : []}
          outer={{ ...outer, ...scope }}
          prefix={`${prefix}${q.key}`}
          ctx={ctx}
          onChange={onChange}
        />
      );
    default:
      return <TextInput {...common} value={str} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

/**
 * The label of a question made of several inputs (an address, a repeatable group), drawn as Mantine draws an
 * input's: the label, the red mark of a required answer, the help text below.
 */
function QuestionLabel({ q }: { q: Question }) {
  return (
    <>
      <Text size="sm" fw={500}>
        {q.label}
        {q.required ? (
          <Text span c="red" aria-hidden="true">
            {' '}
            *
          </Text>
        ) : null}
      </Text>
      {q.helpText ? (
        <Text size="xs" c="dimmed">
          {q.helpText}
        </Text>
      ) : null}
    </>
  );
}

function AddressField({
  q,
  value,
  error,
  ctx,
  onChange,
}: {
  q: Question;
  value: AddressAnswer;
  error?: string;
  ctx: Ctx;
  onChange: (v: AddressAnswer) => void;
}) {
  const set = (k: keyof AddressAnswer, v: string | null) => onChange({ ...value, [k]: v ?? '' });
  return (
    <Stack gap={6} role="group" aria-label={q.label}>
      <QuestionLabel q={q} />
      <TextInput
        aria-label={`${q.label}: street`}
        placeholder="Street and number"
        value={value.street ?? ''}
        onChange={(e) => set('street', e.currentTarget.value)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6}>
        <TextInput
          aria-label={`${q.label}: city`}
          placeholder="City"
          value={value.city ?? ''}
          onChange={(e) => set('city', e.currentTarget.value)}
        />
        <TextInput
          aria-label={`${q.label}: state or province`}
          placeholder="State or province"
          value={value.state ?? ''}
          onChange={(e) => set('state', e.currentTarget.value)}
        />
        <TextInput
          aria-label={`${q.label}: ZIP or postal code`}
          placeholder="ZIP or postal code"
          value={value.zip ?? ''}
          onChange={(e) => set('zip', e.currentTarget.value)}
        />
        <Select
          aria-label={`${q.label}: country`}
          placeholder="Country"
          searchable
          data={ctx.countries}
          value={value.country || null}
          onChange={(v) => set('country', v)}
        />
      </SimpleGrid>
      {error ? (
        <Text size="xs" c="red">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

function GroupField({
  q,
  entries,
  outer,
  prefix,
  ctx,
  onChange,
}: {
  q: Question;
  entries: Answers[];
  outer: Answers;
  prefix: string;
  ctx: Ctx;
  onChange: (v: Answers[]) => void;
}) {
  const error = ctx.errors[prefix];
  const add = q.addLabel || `Add ${q.label.toLowerCase()}`;
  return (
    <Stack gap="xs" role="group" aria-label={q.label}>
      <QuestionLabel q={q} />
      {entries.map((entry, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: entries have no identity of their own; position is it.
        <Paper key={i} withBorder radius="sm" p="sm" bg="var(--mantine-color-gray-0)">
          <Stack gap="xs">
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                {q.label} {i + 1}
              </Text>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden="true" />}
                onClick={() => onChange(entries.filter((_, j) => j !== i))}
                aria-label={`Remove ${q.label} ${i + 1}`}
              >
                Remove
              </Button>
            </Group>
            <Questions
              questions={q.questions ?? []}
              scope={entry}
              outer={outer}
              prefix={`${prefix}.${i}.`}
              ctx={ctx}
              onChange={(key, v) => onChange(entries.map((e, j) => (j === i ? { ...e, [key]: v } : e)))}
            />
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          onClick={() => onChange([...entries, {}])}
        >
          {add}
        </Button>
      </Group>
      {error ? (
        <Text size="xs" c="red">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
