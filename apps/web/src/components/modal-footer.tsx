import { Button, Group, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ModalFooterProps {
  /** Cancel's action; absent, the footer has no Cancel button. */
  onCancel?: () => void;
  /** The save is running: the save button spins and Cancel is disabled (unless `cancelWhileSaving`). */
  saving: boolean;
  /** Cancel stays clickable while the save runs. */
  cancelWhileSaving?: boolean;
  /** The save button's words ('Save' unless told). */
  saveLabel?: ReactNode;
  saveDisabled?: boolean;
  /** A click handler for the save button; absent, it submits the modal's form. */
  onSave?: () => void;
  gap?: MantineSpacing;
  mt?: MantineSpacing;
}

/** The footer of an add/edit modal: Cancel, then the save button, at the right. */
export function ModalFooter({
  onCancel,
  saving,
  cancelWhileSaving,
  saveLabel = 'Save',
  saveDisabled,
  onSave,
  gap,
  mt,
}: ModalFooterProps) {
  return (
    <Group justify="flex-end" gap={gap} mt={mt}>
      {onCancel ? (
        <Button variant="default" onClick={onCancel} disabled={cancelWhileSaving ? undefined : saving}>
          Cancel
        </Button>
      ) : null}
      {onSave ? (
        <Button onClick={onSave} loading={saving} disabled={saveDisabled}>
          {saveLabel}
        </Button>
      ) : (
        <Button type="submit" loading={saving} disabled={saveDisabled}>
          {saveLabel}
        </Button>
      )}
    </Group>
  );
}
