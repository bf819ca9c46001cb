import { useState } from 'react';
import { notify } from './notify';

type Callbacks<A> = { onSuccess: (answer: A) => void; onError: (error: unknown) => void };

/**
 * A row action behind a confirmation (deactivate a user, suspend a tenant): the row it is for, and the
 * ConfirmDialog's props. A success toasts the server's message and closes; a failure stays in the dialog.
 */
export function useConfirmedAction<T, A extends { message: string }>(
  run: (target: T, callbacks: Callbacks<A>) => void,
  pending: boolean,
) {
  const [target, setTarget] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const close = () => {
    setTarget(null);
    setError(null);
  };
  return {
    target,
    open: setTarget,
    dialog: {
      opened: !!target,
      loading: pending,
      error,
      cancelLabel: 'Cancel',
      onClearError: () => setError(null),
      onCancel: close,
      onConfirm: () => {
        if (!target) return;
        setError(null);
        run(target, {
          onSuccess: (answer) => {
            notify.success(answer.message);
            close();
          },
          onError: setError,
        });
      },
    },
  };
}
