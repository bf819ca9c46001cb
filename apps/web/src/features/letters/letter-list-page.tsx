import {
  type FormLetter,
  LETTER_DELETE_QUESTION,
  LETTER_SEARCH_PLACEHOLDER,
  LETTER_SORT_PATHS,
} from '@caseport/domain/letters/contracts';
import { TEMPLATE_DESCENDING_PATHS, TEMPLATES_EMPTY_TEXT } from '@caseport/domain/templates/contracts';
import { Stack, Text } from '@mantine/core';
import { IconDownload, IconEye, IconPencil } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import type { DataTableColumn } from '../../components/data-table';
import { formatDate } from '../../components/format-date';
import { ListHeader } from '../../components/list-header';
import { ListPanel } from '../../components/list-panel';
import { RowActions } from '../../components/row-actions';
import { useDeleteConfirm } from '../../components/use-delete-confirm';
import { useListState } from '../../components/use-list-state';
import { type LetterListKind, useDeleteLetter, useLetterList } from './api';
import { DownloadLetterModal } from './download-modal';
import type { EditorParams } from './editor-protocol';
import { AddHeaderModal } from './header-modal';
import { LetterEditorFrame } from './letter-editor-frame';

const TYPE_LABEL = (l: FormLetter) => (l.docTypeId ? 'Header Template' : l.type);

const KINDS = {
  // R-LETTER-002: Name, Type, Created On, Actions.
  letters: {
    title: 'Letter Templates',
    listKey: 'letter_templates',
    noun: 'letter',
    columns: [
      { key: 'name', header: 'Name', sortPath: 'name', render: (l) => <Text fw={500}>{l.name}</Text> },
      { key: 'type', header: 'Type', sortPath: 'type', render: TYPE_LABEL },
      { key: 'createdOn', header: 'Created On', sortPath: 'createdOn', render: (l) => formatDate(l.createdOn) },
    ],
  },
  // R-LETTER-016: Name, Case Type (the sub-type below it), Type, Created On.
  headers: {
    title: 'Header Templates',
    listKey: 'header_templates',
    noun: 'header',
    columns: [
      { key: 'name', header: 'Name', sortPath: 'name', render: (l) => <Text fw={500}>{l.name}</Text> },
      {
        key: 'caseType',
        header: 'Case Type',
        sortPath: 'caseTypeName',
        render: (l) => (
          <Stack gap={0}>
            <Text size="sm">{l.caseTypeDetails?.name ?? '—'}</Text>
            {l.caseSubTypeDetails ? (
              <Text size="xs" c="dimmed">
                {l.caseSubTypeDetails.name}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      { key: 'type', header: 'Type', render: TYPE_LABEL },
      { key: 'createdOn', header: 'Created On', sortPath: 'createdOn', render: (l) => formatDate(l.createdOn) },
    ],
  },
} as const satisfies Record<
  LetterListKind,
  { title: string; listKey: string; noun: string; columns: DataTableColumn<FormLetter>[] }
>;

const paramsOf = (l: FormLetter, mode: 'edit' | 'view'): EditorParams => ({
  mode,
  id: l._id,
  name: l.name,
  path: l.document.path,
  fileName: l.document.name,
  header: l.docTypeId !== null,
  caseTypeId: l.caseTypeDetails?.id ?? null,
  caseSubTypeId: l.caseSubTypeDetails?.id ?? null,
});

/**
 * Letter Templates (002 §2.4, R-LETTER-001..006) and Header Templates (§2.5, R-LETTER-016/017): search by
 * name or type, sortable columns, Edit / View in the editor frame (R-LETTER-008), Download (as it is or filled
 * for a case), Delete with 'Are you sure you want to Delete?'. Both tabs are role 3's only.
 */
export function LetterListPage({ kind }: { kind: LetterListKind }) {
  const config = KINDS[kind];
  const state = useListState<{ title: string }>(config.listKey, {
    sorting: { path: 'createdOn', order: -1 },
    filters: { title: '' },
    sortPaths: LETTER_SORT_PATHS,
  });
  const title = state.filters.title.trim();
  const query = useLetterList(kind, { title, page: state.page, perpage: state.perpage, sorting: state.sorting });
  const [editor, setEditor] = useState<EditorParams | null>(null);
  const [headerOpen, setHeaderOpen] = useState(false);
  const [downloading, setDownloading] = useState<FormLetter | null>(null);
  const { deleteAction, deleteDialog } = useDeleteConfirm(useDeleteLetter(), LETTER_DELETE_QUESTION);
  const closeEditor = useCallback(() => setEditor(null), []);

  const add = () => (kind === 'headers' ? setHeaderOpen(true) : setEditor({ mode: 'new' }));

  const columns: DataTableColumn<FormLetter>[] = [
    ...config.columns,
    {
      key: 'actions',
      header: 'Actions',
      align: 'center',
      width: 170,
      // R-LETTER-003: Edit, View, Download, Delete.
      render: (l) => (
        <RowActions
          name={l.name}
          actions={[
            { label: 'Edit', icon: IconPencil, onClick: () => setEditor(paramsOf(l, 'edit')) },
            { label: 'View', icon: IconEye, onClick: () => setEditor(paramsOf(l, 'view')) },
            { label: 'Download', icon: IconDownload, onClick: () => setDownloading(l) },
            deleteAction(l),
          ]}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <ListHeader
        title={config.title}
        searchLabel={LETTER_SEARCH_PLACEHOLDER}
        search={state.filters.title}
        onSearchChange={(value) => state.setFilters({ title: value })}
        onAdd={add}
      />
      <ListPanel
        caption={config.title}
        columns={columns}
        rows={query.data?.list}
        rowKey={(l) => l._id}
        loading={query.isPending}
        emptyText={TEMPLATES_EMPTY_TEXT}
        descendingPaths={TEMPLATE_DESCENDING_PATHS}
        state={state}
        totalCount={query.data?.totalCount ?? 0}
        noun={config.noun}
      />
      {kind === 'headers' ? (
        <AddHeaderModal opened={headerOpen} onClose={() => setHeaderOpen(false)} onOpenEditor={setEditor} />
      ) : null}
      <LetterEditorFrame params={editor} onClose={closeEditor} />
      <DownloadLetterModal letter={downloading} onClose={() => setDownloading(null)} />
      {deleteDialog}
    </Stack>
  );
}
