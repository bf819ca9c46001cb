import { PICKER_PER_PAGE } from '@caseport/domain/case-types/contracts';
import type { PublishedQuestionnaire } from '@caseport/domain/platform-library/contracts';
import { Button, Group, Input, Text } from '@mantine/core';
import { useState } from 'react';
import { PickerModal } from '../../components/picker-modal';
import { QuestionnairePreviewBody, QuestionnairePreviewModal } from '../../components/questionnaire-preview';
import { useQuestionnaireVersion } from './api';

interface Props {
  /** The platform's published questionnaires (case-configs/list's questionnaireOptions). */
  options: PublishedQuestionnaire[];
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string;
  clearable?: boolean;
}

export const questionnaireLabel = (q: Pick<PublishedQuestionnaire, 'name' | 'version'>) =>
  `${q.name} (version ${q.version})`;

/**
 * Issue 21: a configuration's questionnaire, picked from the platform's published list with the case-type
 * configuration's picker (radio list, 25 per page, Preview); the latest published version applies. Roles 1 and 2
 * both preview (R-CASETYPE-007: the picker has a Preview link; role 2 reads published versions only).
 */
export function QuestionnairePicker({ options, value, onChange, error, clearable }: Props) {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [preview, setPreview] = useState<PublishedQuestionnaire | null>(null);
  const chosen = options.find((q) => q._id === value);
  const shown = options.slice((page - 1) * PICKER_PER_PAGE, page * PICKER_PER_PAGE);
  return (
    <Input.Wrapper label="Questionnaire" error={error}>
      <Group gap="xs" wrap="wrap" mt={4}>
        <Text size="sm" c={chosen ? undefined : 'dimmed'} fs={chosen ? undefined : 'italic'} style={{ minWidth: 0 }}>
          {chosen ? questionnaireLabel(chosen) : 'Not selected'}
        </Text>
        <Button size="xs" variant="light" onClick={() => setOpen(true)}>
          Change Questionnaire
        </Button>
        {clearable && chosen ? (
          <Button size="xs" variant="subtle" color="gray" onClick={() => onChange(null)}>
            No questionnaire
          </Button>
        ) : null}
      </Group>
      <PickerModal
        title="Change Questionnaire"
        opened={open}
        onClose={() => setOpen(false)}
        items={shown.map((q) => ({
          id: q._id,
          name: q.name,
          hint: `Version ${q.version} · for the ${q.entityType}`,
        }))}
        totalCount={options.length}
        loading={false}
        loadError={null}
        page={page}
        onPage={setPage}
        initial={value}
        onPreview={(id) => setPreview(options.find((q) => q._id === id) ?? null)}
        emptyText="No Data Available"
        saving={false}
        saveError={null}
        onClearSaveError={() => undefined}
        onSave={(id) => {
          onChange(id);
          setOpen(false);
        }}
      />
      <QuestionnairePreviewModal opened={!!preview} onClose={() => setPreview(null)}>
        {preview ? <PreviewBody questionnaire={preview} /> : null}
      </QuestionnairePreviewModal>
    </Input.Wrapper>
  );
}

function PreviewBody({ questionnaire }: { questionnaire: PublishedQuestionnaire }) {
  return <QuestionnairePreviewBody query={useQuestionnaireVersion(questionnaire._id, questionnaire.version)} />;
}
