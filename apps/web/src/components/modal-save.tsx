import { Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { fieldErrors } from '../lib/api-client';
import { notify } from './notify';

/**
 * The save of a platform-library modal: on success the server's message as a toast and the modal closes; on
 * failure the message as the modal's alert and the field errors under their fields.
 */
export function useModalSave(onClose: () => void) {
  const [error, setError] = useState<unknown>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const reset = useCallback(() => {
    setError(null);
    setFields({});
  }, []);
  const callbacks = {
    onSuccess: (answer: { message: string }) => {
      void notify.success(answer.message);
      onClose();
    },
    onError: (err: unknown) => {
      setFields(fieldErrors(err));
      setError(err);
    },
  };
  return { error, clearError: () => setError(null), fields, setFields, reset, callbacks };
}

/** The line under a modal's title naming what it edits: its parts joined by a dash ('H-1B — Cap'). */
export function ModalSubject({ parts }: { parts: (string | null | undefined)[] }) {
  return <Text size="sm">{parts.filter(Boolean).join(' — ')}</Text>;
}
