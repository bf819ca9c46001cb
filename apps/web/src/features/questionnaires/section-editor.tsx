import type { Definition, Question, Section } from '@caseport/domain/questionnaires/definition';
import { Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { MoveButtons } from './move-buttons';
import { QuestionList } from './question-editor';

export function SectionEditor({
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
