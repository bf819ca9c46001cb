import { IconTrash } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { notify } from './notify';
import type { RowAction } from './row-actions';

/**
 * A list row's Delete behind the list's question (R-LIST-011): the row action that opens the dialog, and the
 * dialog, which runs the delete, shows the server's message as a toast and closes, or keeps the server's error
 * inside it (R-API-007).
 */
export function useDeleteConfirm<T extends { name: string }, E>(
  remove: UseMutationResult<{ message: string }, E, T>,
  question: string,
): { deleteAction: (row: T) => RowAction; deleteDialog: ReactNode } {
  const [deleting, setDeleting] = useState<T | null>(null);
  const deleteAction = (row: T): RowAction => ({
    label: 'Delete',
    icon: IconTrash,
    color: 'red',
    onClick: () => {
      remove.reset();
      setDeleting(row);
    },
  });
  const confirm = () => {
    if (!deleting) return;
    remove.mutate(deleting, {
      onSuccess: (answer) => {
        void notify.success(answer.message);
        setDeleting(null);
      },
    });
  };
  const deleteDialog = (
    <ConfirmDialog
      opened={deleting !== null}
      title={`Delete ${deleting?.name ?? ''}`}
      message={question}
      onConfirm={confirm}
      onCancel={() => setDeleting(null)}
      loading={remove.isPending}
      error={remove.error}
      onClearError={() => remove.reset()}
    />
  );
  return { deleteAction, deleteDialog };
}
