import { ENTITY_TYPE_LABELS, ENTITY_TYPES } from '@caseport/domain/questionnaires/contracts';
import { type Definition, definitionProblems } from '@caseport/domain/questionnaires/definition';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconEye, IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorAlert } from '../../components/error-alert';
import { notify } from '../../components/notify';
import { QuestionnaireForm } from '../../components/questionnaire-form';
import { fieldErrors } from '../../lib/api-client';
import { useQuestionnaireDetails, useSaveQuestionnaire } from './api';
import { type Draft, draftOf, EMPTY, freeKey, move } from './builder-draft';
import { VersionPreview, Versions } from './questionnaire-versions';
import { SectionEditor } from './section-editor';

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
