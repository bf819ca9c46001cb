import { ENTITY_TYPE_LABELS, ENTITY_TYPES, type QuestionnaireDetails } from '@caseport/domain/questionnaires/contracts';
import {
  CONDITION_SOURCE_TYPES,
  type Condition,
  type Definition,
  definitionProblems,
  isChoiceType,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  type Question,
  type QuestionType,
  type Section,
} from '@caseport/domain/questionnaires/definition';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowLeft, IconArrowUp, IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorAlert } from '../../components/error-alert';
import { formatDate } from '../../components/format-date';
import { notify } from '../../components/notify';
import { QuestionnaireForm } from '../../components/questionnaire-form';
import { fieldErrors } from '../../lib/api-client';
import { useQuestionnaireDetails, useQuestionnaireVersion, useSaveQuestionnaire } from './api';

interface Draft {
  name: string;
  entityType: (typeof ENTITY_TYPES)[number];
  definition: Definition;
}

const EMPTY: Draft = {
  name: '',
  entityType: 'beneficiary',
  definition: { sections: [{ key: 'section1', title: 'Section 1', questions: [] }] },
};

const draftOf = (d: QuestionnaireDetails): Draft => ({
  name: d.current.name,
  entityType: d.current.entityType as Draft['entityType'],
  definition: d.current.definition as Definition,
});

const allKeys = (d: Definition) =>
  new Set(d.sections.flatMap((s) => s.questions.flatMap((q) => [q.key, ...(q.questions ?? []).map((c) => c.key)])));
const freeKey = (base: string, taken: Set<string>) => {
  let k = base || 'question';
  for (let i = 2; taken.has(k); i++) k = `${base}${i}`;
  return k;
};
/** "Employer name" → employerName. */
const keyFromLabel = (label: string) => {
  const words = label
    .replace(/[^a-zA-Z0-9 ]/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 6);
  const k = words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase())).join('');
  return /^[a-zA-Z]/.test(k) ? k.slice(0, 40) : `q${k}`.slice(0, 40);
};
const AUTO_KEY = /^question\d*$/;

const move = <T,>(list: T[], i: number, by: number) => {
  const j = i + by;
  if (j < 0 || j >= list.length) return list;
  const next = [...list];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
};

/**
 * The questionnaire builder (issue 21): sections and questions on one side, the live preview (the
 * respondent's form, components/questionnaire-form) on the other — side by side on a wide screen, as tabs on
 * a narrow one. The definition's rules (packages/domain) show where they break as it is edited; the server
 * checks them again. Saving keeps a draft; publishing makes it the next version, which never changes.
 */
export default function QuestionnaireBuilder({
  questionnaireId,
  onOpen,
  onBack,
}: {
  questionnaireId: string | null;
  onOpen: (id: string) => void;
  onBack: () => void;
}) {
  const details = useQuestionnaireDetails(questionnaireId);
  const save = useSaveQuestionnaire();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [dirty, setDirty] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [previewVersion, setPreviewVersion] = useState<number | null>(null);
  const wide = useMediaQuery('(min-width: 75em)');
  useEffect(() => {
    if (details.data && !dirty) setDraft(draftOf(details.data));
  }, [details.data, dirty]);

  const problems = useMemo(() => definitionProblems(draft.definition), [draft.definition]);
  const errors = useMemo(
    () => ({ ...Object.fromEntries(problems.map((p) => [p.name, p.message])), ...fieldErrors(save.error) }),
    [problems, save.error],
  );
  const update = (next: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setDirty(true);
    save.reset();
  };
  const setDefinition = (definition: Definition) => update({ definition });

  if (questionnaireId && details.isPending)
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading" />
      </Group>
    );
  if (questionnaireId && details.isError)
    return (
      <Stack>
        <BackButton onBack={onBack} />
        <ErrorAlert error={details.error} />
      </Stack>
    );

  const data = details.data;
  const hasDraft = !data || data.current.status === 'draft';
  const nextVersion = data ? (hasDraft ? data.current.version : data.current.version + 1) : 1;
  const canSave = !!draft.name.trim() && problems.length === 0;
  const run = async (publish: boolean) => {
    const body = questionnaireId ? { questionnaireId, ...draft } : draft;
    try {
      const saved = await save.mutateAsync({ body, publish });
      setDirty(false);
      setConfirm(false);
      void notify.success(saved.message);
      if (!questionnaireId) onOpen(saved.questionnaire._id);
    } catch {
      setConfirm(false);
    }
  };

  const editor = (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Name"
            withAsterisk
            value={draft.name}
            error={errors.name}
            maxLength={120}
            onChange={(e) => update({ name: e.currentTarget.value })}
          />
          <Select
            label="Filled in by"
            data={ENTITY_TYPES.map((t) => ({ value: t, label: ENTITY_TYPE_LABELS[t] }))}
            value={draft.entityType}
            allowDeselect={false}
            onChange={(v) => v && update({ entityType: v as Draft['entityType'] })}
          />
        </SimpleGrid>
      </Paper>
      {draft.definition.sections.map((s, si) => (
        <SectionEditor
          // biome-ignore lint/suspicious/noArrayIndexKey: sections move; position with key is the identity.
          key={`${si}-${s.key}`}
          section={s}
          index={si}
          count={draft.definition.sections.length}
          definition={draft.definition}
          errors={errors}
          onChange={(next) =>
            setDefinition({ sections: draft.definition.sections.map((x, i) => (i === si ? next : x)) })
          }
          onMove={(by) => setDefinition({ sections: move(draft.definition.sections, si, by) })}
          onRemove={() => setDefinition({ sections: draft.definition.sections.filter((_, i) => i !== si) })}
        />
      ))}
      {errors['definition.sections'] ? (
        <Text size="sm" c="red">
          {errors['definition.sections']}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => {
            const n = draft.definition.sections.length + 1;
            const keys = new Set(draft.definition.sections.map((s) => s.key));
            setDefinition({
              sections: [
                ...draft.definition.sections,
                { key: freeKey(`section${n}`, keys), title: `Section ${n}`, questions: [] },
              ],
            });
          }}
        >
          Add section
        </Button>
      </Group>
    </Stack>
  );
  const preview = (
    <Paper withBorder radius="md" p="md" aria-label="Live preview" component="section">
      <Stack gap="xs">
        <Group gap="xs">
          <IconEye size={18} aria-hidden="true" />
          <Text fw={600}>Live preview</Text>
          <Text size="xs" c="dimmed">
            as the {ENTITY_TYPE_LABELS[draft.entityType].toLowerCase()} sees it
          </Text>
        </Group>
        <QuestionnaireForm definition={draft.definition} title={draft.name || 'Untitled questionnaire'} />
      </Stack>
    </Paper>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" align="flex-end">
        <Stack gap={4}>
          <BackButton onBack={onBack} />
          <Group gap="xs">
            <Title order={2}>{questionnaireId ? data?.name : 'Create Questionnaire'}</Title>
            {hasDraft ? (
              <Badge color="yellow" variant="light">
                v{nextVersion} draft
              </Badge>
            ) : (
              <Badge color="teal" variant="light">
                v{data?.current.version} published
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap="sm">
          <Button
            variant="default"
            disabled={!canSave || !dirty}
            loading={save.isPending && !confirm}
            onClick={() => run(false)}
          >
            Save draft
          </Button>
          <Button disabled={!canSave || (!dirty && !hasDraft)} onClick={() => setConfirm(true)}>
            Publish
          </Button>
        </Group>
      </Group>
      {!hasDraft && !dirty ? (
        <Alert variant="light" color="blue">
          Version {data?.current.version} is published and never changes. Editing creates version {nextVersion} as a
          draft.
        </Alert>
      ) : null}
      {problems.length ? (
        <Alert variant="light" color="orange" title="To fix before saving">
          {problems.length === 1 ? problems[0]!.message : `${problems.length} problems, shown beside their fields.`}
        </Alert>
      ) : null}
      <ErrorAlert error={save.error} onClear={() => save.reset()} />
      {wide ? (
        <SimpleGrid cols={2} spacing="md" style={{ alignItems: 'start' }}>
          {editor}
          <div style={{ position: 'sticky', top: 16, maxHeight: 'calc(100vh - 32px)', overflow: 'auto' }}>
            {preview}
          </div>
        </SimpleGrid>
      ) : (
        <Tabs defaultValue="build" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="build">Build</Tabs.Tab>
            <Tabs.Tab value="preview">Preview</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="build" pt="md">
            {editor}
          </Tabs.Panel>
          <Tabs.Panel value="preview" pt="md">
            {preview}
          </Tabs.Panel>
        </Tabs>
      )}
      {data ? <Versions details={data} onPreview={setPreviewVersion} /> : null}
      <VersionPreview
        questionnaireId={questionnaireId}
        version={previewVersion}
        onClose={() => setPreviewVersion(null)}
      />
      <ConfirmDialog
        opened={confirm}
        title={`Publish version ${nextVersion}`}
        message="A published version never changes. Tenants pick the latest published version in their case-type configuration."
        confirmLabel="Publish"
        cancelLabel="Cancel"
        confirmColor="blue"
        loading={save.isPending}
        onConfirm={() => run(true)}
        onCancel={() => setConfirm(false)}
      />
    </Stack>
  );
}

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <Group>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconArrowLeft size={14} aria-hidden="true" />}
        onClick={onBack}
      >
        Back to Questionnaire Templates
      </Button>
    </Group>
  );
}

function Versions({ details, onPreview }: { details: QuestionnaireDetails; onPreview: (v: number) => void }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={3} size="h4">
          Versions
        </Title>
        <Table.ScrollContainer minWidth={420}>
          <Table aria-label="Versions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Version</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Published</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {details.versions.map((v) => (
                <Table.Tr key={v.version}>
                  <Table.Td>v{v.version}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={v.status === 'published' ? 'teal' : 'yellow'}>
                      {v.status === 'published' ? 'Published' : 'Draft'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {v.publishedOn
                      ? `${formatDate(v.publishedOn)}${v.publishedByName ? ` by ${v.publishedByName}` : ''}`
                      : '—'}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      onClick={() => onPreview(v.version)}
                      aria-label={`Preview version ${v.version}`}
                    >
                      Preview
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

function VersionPreview({
  questionnaireId,
  version,
  onClose,
}: {
  questionnaireId: string | null;
  version: number | null;
  onClose: () => void;
}) {
  const q = useQuestionnaireVersion(questionnaireId, version);
  return (
    <Modal
      opened={!!version}
      onClose={onClose}
      title={`Version ${version ?? ''} preview`}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close preview' }}
    >
      {q.isPending ? (
        <Loader aria-label="Loading" />
      ) : q.isError ? (
        <ErrorAlert error={q.error} />
      ) : (
        <QuestionnaireForm definition={q.data.version.definition as Definition} title={q.data.version.name} />
      )}
    </Modal>
  );
}

function SectionEditor({
  section,
  index,
  count,
  definition,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  section: Section;
  index: number;
  count: number;
  definition: Definition;
  errors: Record<string, string>;
  onChange: (s: Section) => void;
  onMove: (by: number) => void;
  onRemove: () => void;
}) {
  const path = `definition.sections.${index}`;
  const setQuestions = (questions: Question[]) => onChange({ ...section, questions });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={`Section ${index + 1}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-end">
          <TextInput
            label={`Section ${index + 1} title`}
            style={{ flex: 1 }}
            value={section.title}
            error={errors[`${path}.title`]}
            onChange={(e) => onChange({ ...section, title: e.currentTarget.value })}
          />
          <MoveButtons what={`section ${index + 1}`} index={index} count={count} onMove={onMove} onRemove={onRemove} />
        </Group>
        <Textarea
          label="Description"
          autosize
          minRows={1}
          value={section.description ?? ''}
          onChange={(e) => onChange({ ...section, description: e.currentTarget.value || undefined })}
        />
        <QuestionList
          questions={section.questions}
          path={`${path}.questions`}
          definition={definition}
          earlier={earlierTopLevel(definition, index)}
          errors={errors}
          inGroup={false}
          onChange={setQuestions}
        />
        {errors[`${path}.questions`] ? (
          <Text size="sm" c="red">
            {errors[`${path}.questions`]}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The top-level questions of the sections before `sectionIndex` (a condition may test only earlier ones). */
const earlierTopLevel = (d: Definition, sectionIndex: number) =>
  d.sections.slice(0, sectionIndex).flatMap((s) => s.questions);

function QuestionList({
  questions,
  path,
  definition,
  earlier,
  errors,
  inGroup,
  onChange,
}: {
  questions: Question[];
  path: string;
  definition: Definition;
  earlier: Question[];
  errors: Record<string, string>;
  inGroup: boolean;
  onChange: (qs: Question[]) => void;
}) {
  const add = (type: QuestionType) => {
    const key = freeKey('question', allKeys(definition));
    const q: Question = { key, label: '', type };
    if (isChoiceType(type)) q.options = ['Option 1', 'Option 2'];
    if (type === 'group') q.questions = [];
    onChange([...questions, q]);
  };
  const [adding, setAdding] = useState<string | null>(null);
  return (
    <Stack gap="sm">
      {questions.map((q, qi) => (
        <QuestionEditor
          // biome-ignore lint/suspicious/noArrayIndexKey: the key field is edited live; position is the identity.
          key={`${qi}-${q.type}`}
          q={q}
          index={qi}
          count={questions.length}
          path={`${path}.${qi}`}
          definition={definition}
          earlier={[...earlier, ...questions.slice(0, qi)]}
          errors={errors}
          onChange={(next) => onChange(questions.map((x, i) => (i === qi ? next : x)))}
          onMove={(by) => onChange(move(questions, qi, by))}
          onRemove={() => onChange(questions.filter((_, i) => i !== qi))}
        />
      ))}
      <Group gap="xs" align="flex-end">
        <Select
          label={inGroup ? 'Add a question to the group' : 'Add a question'}
          placeholder="Question type"
          data={QUESTION_TYPES.filter((t) => !inGroup || t !== 'group').map((t) => ({
            value: t,
            label: QUESTION_TYPE_LABELS[t],
          }))}
          value={adding}
          onChange={setAdding}
          w={200}
        />
        <Button
          variant="light"
          disabled={!adding}
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => {
            if (adding) add(adding as QuestionType);
            setAdding(null);
          }}
        >
          {inGroup ? 'Add to group' : 'Add question'}
        </Button>
      </Group>
    </Stack>
  );
}

function QuestionEditor({
  q,
  index,
  count,
  path,
  definition,
  earlier,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  q: Question;
  index: number;
  count: number;
  path: string;
  definition: Definition;
  earlier: Question[];
  errors: Record<string, string>;
  onChange: (q: Question) => void;
  onMove: (by: number) => void;
  onRemove: () => void;
}) {
  const set = (patch: Partial<Question>) => {
    const next = { ...q, ...patch } as Question;
    for (const k of Object.keys(patch) as (keyof Question)[]) if (patch[k] === undefined) delete next[k];
    onChange(next);
  };
  const name = q.label || `Question ${index + 1}`;
  const v = q.validation ?? {};
  const setV = (patch: Partial<NonNullable<Question['validation']>>) => {
    const next = { ...v, ...patch };
    for (const k of Object.keys(next) as (keyof typeof next)[])
      if (next[k] === undefined || next[k] === '') delete next[k];
    set({ validation: Object.keys(next).length ? next : undefined });
  };
  const num = (x: string | number) => (typeof x === 'number' ? x : undefined);
  const textual = q.type === 'text' || q.type === 'longText';
  return (
    <Paper
      withBorder
      radius="sm"
      p="sm"
      bg="var(--mantine-color-gray-0)"
      aria-label={`Question ${name}`}
      component="fieldset"
      style={{ minWidth: 0 }}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Badge variant="light">{QUESTION_TYPE_LABELS[q.type]}</Badge>
          <MoveButtons what={name} index={index} count={count} onMove={onMove} onRemove={onRemove} />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <TextInput
            label="Question"
            withAsterisk
            value={q.label}
            error={errors[`${path}.label`]}
            onChange={(e) => set({ label: e.currentTarget.value })}
            onBlur={() => {
              if (AUTO_KEY.test(q.key) && q.label.trim()) {
                const taken = allKeys(definition);
                taken.delete(q.key);
                set({ key: freeKey(keyFromLabel(q.label), taken) });
              }
            }}
          />
          <TextInput
            label="Key"
            description="Names the answer in data and conditions"
            value={q.key}
            error={errors[`${path}.key`]}
            onChange={(e) => set({ key: e.currentTarget.value.trim() })}
          />
        </SimpleGrid>
        <Textarea
          label="Help text"
          autosize
          minRows={1}
          value={q.helpText ?? ''}
          onChange={(e) => set({ helpText: e.currentTarget.value || undefined })}
        />
        <Checkbox
          label="Required"
          checked={!!q.required}
          onChange={(e) => set({ required: e.currentTarget.checked || undefined })}
        />
        {isChoiceType(q.type) ? (
          <Textarea
            label="Choices (one per line)"
            autosize
            minRows={2}
            value={(q.options ?? []).join('\n')}
            error={errors[`${path}.options`]}
            onChange={(e) => set({ options: e.currentTarget.value.split('\n') })}
          />
        ) : null}
        {textual ? (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
            <NumberInput
              label="Min length"
              min={0}
              value={v.minLength ?? ''}
              error={errors[`${path}.validation.minLength`]}
              onChange={(x) => setV({ minLength: num(x) })}
            />
            <NumberInput
              label="Max length"
              min={1}
              value={v.maxLength ?? ''}
              onChange={(x) => setV({ maxLength: num(x) })}
            />
            <TextInput
              label="Pattern (regular expression)"
              value={v.pattern ?? ''}
              error={errors[`${path}.validation.pattern`]}
              onChange={(e) => setV({ pattern: e.currentTarget.value || undefined })}
            />
          </SimpleGrid>
        ) : null}
        {q.type === 'number' ? (
          <SimpleGrid cols={2} spacing="xs">
            <NumberInput
              label="Minimum"
              value={v.min ?? ''}
              error={errors[`${path}.validation.min`]}
              onChange={(x) => setV({ min: num(x) })}
            />
            <NumberInput label="Maximum" value={v.max ?? ''} onChange={(x) => setV({ max: num(x) })} />
          </SimpleGrid>
        ) : null}
        {q.type === 'multipleChoice' || q.type === 'group' ? (
          <SimpleGrid cols={2} spacing="xs">
            <NumberInput
              label={q.type === 'group' ? 'At least (entries)' : 'At least (choices)'}
              min={0}
              max={100}
              value={v.minItems ?? ''}
              error={errors[`${path}.validation.minItems`]}
              onChange={(x) => setV({ minItems: num(x) })}
            />
            <NumberInput
              label="At most"
              min={1}
              max={100}
              value={v.maxItems ?? ''}
              onChange={(x) => setV({ maxItems: num(x) })}
            />
          </SimpleGrid>
        ) : null}
        <ConditionEditor
          q={q}
          earlier={earlier}
          error={errors[`${path}.showIf`]}
          onChange={(showIf) => set({ showIf })}
        />
        {q.type === 'group' ? (
          <Stack gap="xs" pl="sm" style={{ borderLeft: '3px solid var(--mantine-color-blue-2)' }}>
            <TextInput
              label="Add button text"
              placeholder={`Add ${q.label.toLowerCase() || 'entry'}`}
              value={q.addLabel ?? ''}
              onChange={(e) => set({ addLabel: e.currentTarget.value || undefined })}
            />
            <Text size="sm" fw={500}>
              Questions asked for each entry
            </Text>
            <QuestionList
              questions={q.questions ?? []}
              path={`${path}.questions`}
              definition={definition}
              earlier={earlier.filter((e) => e.type !== 'group')}
              errors={errors}
              inGroup
              onChange={(questions) => set({ questions })}
            />
            {errors[`${path}.questions`] ? (
              <Text size="sm" c="red">
                {errors[`${path}.questions`]}
              </Text>
            ) : null}
          </Stack>
        ) : null}
        {errors[`${path}.type`] ? (
          <Text size="sm" c="red">
            {errors[`${path}.type`]}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** "Show only when": an earlier question (of a type a condition may test) and the answer that shows this one. */
function ConditionEditor({
  q,
  earlier,
  error,
  onChange,
}: {
  q: Question;
  earlier: Question[];
  error?: string;
  onChange: (c: Condition | undefined) => void;
}) {
  const sources = earlier.filter((e) => CONDITION_SOURCE_TYPES.includes(e.type) && e.key);
  const src = sources.find((s) => s.key === q.showIf?.questionKey);
  const valueInput = () => {
    if (!src || !q.showIf) return null;
    const c = q.showIf;
    if (src.type === 'yesNo')
      return (
        <Select
          label="is"
          data={YES_NO}
          value={c.equals === true ? 'true' : c.equals === false ? 'false' : null}
          onChange={(x) => onChange({ ...c, equals: x === 'true' })}
        />
      );
    if (isChoiceType(src.type))
      return (
        <Select
          label={src.type === 'multipleChoice' ? 'includes' : 'is'}
          data={(src.options ?? []).filter((o) => o.trim())}
          value={typeof c.equals === 'string' ? c.equals : null}
          onChange={(x) => onChange({ ...c, equals: x ?? '' })}
        />
      );
    if (src.type === 'number')
      return (
        <NumberInput
          label="is"
          value={typeof c.equals === 'number' ? c.equals : ''}
          onChange={(x) => onChange({ ...c, equals: typeof x === 'number' ? x : 0 })}
        />
      );
    return (
      <TextInput
        label="is"
        value={typeof c.equals === 'string' ? c.equals : ''}
        onChange={(e) => onChange({ ...c, equals: e.currentTarget.value })}
      />
    );
  };
  const initial = (s: Question): Condition['equals'] =>
    s.type === 'yesNo' ? true : isChoiceType(s.type) ? (s.options?.[0] ?? '') : s.type === 'number' ? 0 : '';
  return (
    <Stack gap={4}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Select
          label="Show only when"
          placeholder={sources.length ? 'Always shown' : 'No earlier question to test'}
          clearable
          disabled={!sources.length && !q.showIf}
          data={sources.map((s) => ({ value: s.key, label: s.label || s.key }))}
          value={q.showIf?.questionKey ?? null}
          onChange={(key) => {
            const s = sources.find((x) => x.key === key);
            onChange(s ? { questionKey: s.key, equals: initial(s) } : undefined);
          }}
        />
        {valueInput()}
      </SimpleGrid>
      {error ? (
        <Text size="xs" c="red">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

function MoveButtons({
  what,
  index,
  count,
  onMove,
  onRemove,
}: {
  what: string;
  index: number;
  count: number;
  onMove: (by: number) => void;
  onRemove: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" disabled={index === 0} onClick={() => onMove(-1)} aria-label={`Move ${what} up`}>
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        disabled={index === count - 1}
        onClick={() => onMove(1)}
        aria-label={`Move ${what} down`}
      >
        <IconArrowDown size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`Remove ${what}`}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}
