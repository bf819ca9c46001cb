import {
  ENTITY_TYPE_LABELS,
  QUESTIONNAIRES_EMPTY_TEXT,
  type QuestionnaireSummary,
} from '@caseport/domain/questionnaires/contracts';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import type { DataTableColumn } from '../../components/data-table';
import { formatDate } from '../../components/format-date';
import { ListPanel } from '../../components/list-panel';
import { ListSearchInput } from '../../components/list-search-input';
import { RowActions } from '../../components/row-actions';
import { useListSearch } from '../../components/use-debounced-search';
import { useListState } from '../../components/use-list-state';
import type { TabPanelProps } from '../../lib/tab-panel';
import { useQuestionnaireLibrary } from './api';

const QuestionnaireBuilder = lazy(() => import('./questionnaire-builder'));

export const NEW_QUESTIONNAIRE = 'new';
const audience = (t: string) => ENTITY_TYPE_LABELS[t as keyof typeof ENTITY_TYPE_LABELS] ?? t;

/**
 * Questionnaire Templates (tab questionnaireTemplateList, role 1; issue 21): the platform's library. The
 * builder opens at `?tab=<id>` (`new` for a new one), so Back returns to the list and a reload stays put.
 */
export default function QuestionnairesPage({ subTab, onSubTabChange }: TabPanelProps) {
  if (subTab)
    return (
      <Suspense fallback={null}>
        <QuestionnaireBuilder
          questionnaireId={subTab === NEW_QUESTIONNAIRE ? null : subTab}
          onOpen={(id) => onSubTabChange(id, { replace: true })}
          onBack={() => onSubTabChange(null)}
        />
      </Suspense>
    );
  return <Library onOpen={(id) => onSubTabChange(id)} />;
}

function Library({ onOpen }: { onOpen: (id: string) => void }) {
  const state = useListState<Record<string, never>>('questionnaire_templates', {
    sorting: { path: 'name', order: 1 },
    filters: {},
    sortPaths: ['name'],
  });
  const { search, setSearch, debouncedSearch } = useListSearch(state.setPage);
  const query = useQuestionnaireLibrary({
    page: state.page,
    perpage: state.perpage,
    ...(debouncedSearch ? { searchString: debouncedSearch } : {}),
  });
  const columns: DataTableColumn<QuestionnaireSummary>[] = [
    { key: 'name', header: 'Name', render: (q) => <Text fw={500}>{q.name}</Text> },
    { key: 'entityType', header: 'Filled in by', render: (q) => audience(q.entityType) },
    {
      key: 'version',
      header: 'Version',
      render: (q) => (
        <Group gap={6} wrap="nowrap">
          {q.publishedVersion ? (
            <Badge variant="light" color="teal">
              v{q.publishedVersion} published
            </Badge>
          ) : null}
          {q.draftVersion ? (
            <Badge variant="light" color="yellow">
              v{q.draftVersion} draft
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { key: 'updatedOn', header: 'Updated On', render: (q) => formatDate(q.updatedOn) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'center',
      width: 90,
      render: (q) => (
        <RowActions name={q.name} actions={[{ label: 'Edit', icon: IconPencil, onClick: () => onOpen(q._id) }]} />
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={2}>Questionnaire Templates</Title>
          <Text size="sm" c="dimmed">
            The questionnaires beneficiaries and petitioners fill in. Tenants pick published versions in their case-type
            configuration.
          </Text>
        </Stack>
        <Group gap="sm" wrap="wrap">
          <ListSearchInput label="Search by Name" value={search} onChange={setSearch} />
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => onOpen(NEW_QUESTIONNAIRE)}>
            Create Questionnaire
          </Button>
        </Group>
      </Group>
      <ListPanel
        caption="Questionnaire Templates"
        columns={columns}
        rows={query.data?.list}
        rowKey={(q) => q._id}
        loading={query.isPending}
        emptyText={QUESTIONNAIRES_EMPTY_TEXT}
        state={state}
        totalCount={query.data?.totalCount ?? 0}
        noun="questionnaire"
      />
    </Stack>
  );
}
