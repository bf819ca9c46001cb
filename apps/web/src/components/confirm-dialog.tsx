import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from './error-alert';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** 'Are you sure to continue?' on most lists; 'Are you sure you want to Delete?' on letters (002 §2.9). */
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the confirmed call runs: Yes shows a loader and the dialog cannot be dismissed half-way. */
  loading?: boolean;
  confirmLabel?: string;
  cancelLabel?: string;
  confirmColor?: string;
  /** R-API-007: a failed confirmed call shows the server's message as a warning alert inside the dialog. */
  error?: unknown;
  onClearError?: () => void;
  /** Extra content under the message, e.g. a required input (New SOC Code when inactivating, D-25). */
  children?: ReactNode;
}

export function ConfirmDialog({
  opened,
  title,
  message,
  onConfirm,
  onCancel,
  loading = false,
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  confirmColor = 'red',
  error,
  onClearError,
  children,
}: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={loading ? () => undefined : onCancel}
      title={title}
      size={450}
      centered
      closeOnClickOutside={!loading}
      closeOnEscape={!loading}
      withCloseButton={!loading}
    >
      <ErrorAlert error={error} onClear={onClearError} mb="sm" />
      <Text>{message}</Text>
      {children}
      <Group justify="flex-end" mt="lg">
        {/* No takes focus first: Enter on a freshly opened dialog must not delete anything. */}
        <Button variant="default" onClick={onCancel} disabled={loading} data-autofocus>
          {cancelLabel}
        </Button>
        <Button color={confirmColor} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
