import {
  TEMPLATE_DELETE_QUESTION,
  TEMPLATE_DESCENDING_PATHS,
  TEMPLATE_EDITOR_ROLES,
  TEMPLATES_EMPTY_TEXT,
  type TemplateDocument,
} from '@caseport/domain/templates/contracts';
import { Stack } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import type { DataTableColumn } from '../../components/data-table';
import { ListHeader } from '../../components/list-header';
import { ListPanel } from '../../components/list-panel';
import { notify } from '../../components/notify';
import { RowActions } from '../../components/row-actions';
import { useDeleteConfirm } from '../../components/use-delete-confirm';
import { useListState } from '../../components/use-list-state';
import { useCurrentUser } from '../../lib/current-user';
import { type TemplateEndpoints, useDeleteTemplate, useSaveTemplate, useTemplateList } from './api';
import { DocumentPreview } from './document-preview';
import { type TemplateFormConfig, TemplateFormModal } from './template-form-modal';

export interface TemplateListConfig<T extends { _id: string; name: string; document: TemplateDocument }> {
  title: string;
  /** Remembered sort and per-page live under `<listKey>_*` (R-LIST-009). */
  listKey: string;
  sortPaths: readonly [string, ...string[]];
  noun: string;
  endpoints: TemplateEndpoints<T>;
  /** The list's own columns; Document preview and Actions follow. */
  columns: DataTableColumn<T>[];
  form: TemplateFormConfig<T>;
  /** Refuses Add with a toast (the one service agreement, R-AGREE-006); null lets it open. */
  refuseAdd?: (totalCount: number, searching: boolean) => string | null;
}

/**
 * The e-sign, contract and agreement lists (002 §2.6-2.9): search by name reloading on each change
 * (R-LIST-013), sortable headers with createdOn the only one starting descending (R-LIST-005/008), Per Page,
 * pagination and total, 'No Results Found' (R-LIST-010), Add for roles 1-3 only (R-LIST-012), Edit and Delete
 * with 'Are you sure to continue?' (R-LIST-011).
 */
export function TemplateListPage<T extends { _id: string; name: string; document: TemplateDocument }>({
  config,
}: {
  config: TemplateListConfig<T>;
}) {
  const me = useCurrentUser();
  const canEdit = (TEMPLATE_EDITOR_ROLES as readonly number[]).includes(me.roleId);
  const state = useListState<{ title: string }>(config.listKey, {
    sorting: { path: 'createdOn', order: -1 },
    filters: { title: '' },
    sortPaths: config.sortPaths,
  });
  const title = state.filters.title.trim();
  const query = useTemplateList<T>(config.endpoints, {
    filters: title ? { title } : {},
    page: state.page,
    perpage: state.perpage,
    sorting: state.sorting,
  });
  const totalCount = query.data?.totalCount ?? 0;
  const [editing, setEditing] = useState<T | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const { deleteAction, deleteDialog } = useDeleteConfirm(
    useDeleteTemplate(config.endpoints),
    TEMPLATE_DELETE_QUESTION,
  );
  const save = useSaveTemplate(config.endpoints);

  const openForm = (item: T | null) => {
    if (!item) {
      const refusal = config.refuseAdd?.(totalCount, !!title);
      if (refusal) {
        void notify.error(refusal);
        return;
      }
    }
    setEditing(item);
    setFormOpen(true);
  };

  const columns: DataTableColumn<T>[] = [
    ...config.columns,
    {
      key: 'preview',
      header: 'Document preview',
      // A role that only reads the list: the preview is the row's one action, kept in view on a phone.
      pinned: !canEdit,
      render: (item) => <DocumentPreview kind={config.endpoints.kind} document={item.document} />,
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            header: 'Actions',
            align: 'center' as const,
            width: 110,
            render: (item: T) => (
              <RowActions
                name={item.name}
                actions={[{ label: 'Edit', icon: IconPencil, onClick: () => openForm(item) }, deleteAction(item)]}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Stack gap="md">
      <ListHeader
        title={config.title}
        searchLabel="Search by Name"
        search={state.filters.title}
        onSearchChange={(value) => state.setFilters({ title: value })}
        onAdd={canEdit ? () => openForm(null) : undefined}
      />
      <ListPanel
        caption={config.title}
        columns={columns}
        rows={query.data?.list}
        rowKey={(item) => item._id}
        loading={query.isPending}
        emptyText={TEMPLATES_EMPTY_TEXT}
        descendingPaths={TEMPLATE_DESCENDING_PATHS}
        state={state}
        totalCount={totalCount}
        noun={config.noun}
      />
      {canEdit ? (
        <TemplateFormModal
          config={config.form}
          opened={formOpen}
          item={editing}
          onClose={() => setFormOpen(false)}
          onSubmit={(body) => save.mutateAsync({ body, isUpdate: editing !== null })}
        />
      ) : null}
      {deleteDialog}
    </Stack>
  );
}
