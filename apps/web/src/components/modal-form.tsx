import { Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { ErrorAlert } from './error-alert';

export interface ModalFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The failed call's error: shown as the warning alert inside the modal (R-API-007). */
  error: unknown;
  onClearError: () => void;
  children: ReactNode;
}

/**
 * The form of an add/edit modal: the server's message as a warning alert on top, cleared as soon as the
 * user clicks or types in the form again (R-API-008).
 */
export function ModalForm({ onSubmit, error, onClearError, children }: ModalFormProps) {
  const clear = () => {
    if (error) onClearError();
  };
  return (
    <form onSubmit={onSubmit} onClick={clear} onKeyDown={clear} noValidate>
      <Stack>
        <ErrorAlert error={error} onClear={onClearError} />
        {children}
      </Stack>
    </form>
  );
}
