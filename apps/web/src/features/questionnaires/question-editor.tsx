import {
  type Definition,
  isChoiceType,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  type Question,
  type QuestionType,
} from '@caseport/domain/questionnaires/definition';
import { fillTargetsFor } from '@caseport/domain/questionnaires/fills';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { AUTO_KEY, allKeys, freeKey, keyFromLabel, move } from './builder-draft';
import { ConditionEditor } from './condition-editor';
import { MoveButtons } from './move-buttons';

export function QuestionList({
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

export function QuestionEditor({
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
  // Issue 35 item 2: the fact this answer fills on submit, from the facts table; a group's own questions fill none.
  const inGroup = (path.match(/questions/g)?.length ?? 0) > 1;
  const targets = inGroup ? [] : fillTargetsFor(q.type);
  const fillGroups = [...new Set(targets.map((t) => t.group))].map((group) => ({
    group,
    items: targets.filter((t) => t.group === group).map((t) => ({ value: t.value, label: t.label })),
  }));
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
        {targets.length || q.fills ? (
          <Select
            label="Fills the fact"
            description="On submit the answer is written to this fact of the case or of the beneficiary"
            placeholder="None"
            data={fillGroups}
            value={q.fills ?? null}
            onChange={(v) => set({ fills: v ?? undefined })}
            error={errors[`${path}.fills`]}
            searchable
            clearable
            nothingFoundMessage="No fact of this kind"
          />
        ) : null}
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
