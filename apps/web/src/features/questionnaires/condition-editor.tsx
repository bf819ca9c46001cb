import {
  CONDITION_SOURCE_TYPES,
  type Condition,
  isChoiceType,
  type Question,
} from '@caseport/domain/questionnaires/definition';
import { NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';

const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** "Show only when": an earlier question (of a type a condition may test) and the answer that shows this one. */
export function ConditionEditor({
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
