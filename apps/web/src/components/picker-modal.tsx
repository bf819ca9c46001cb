import { PICKER_PER_PAGE } from '@caseport/domain/case-types/contracts';
import { Anchor, Group, Loader, Modal, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { ErrorAlert } from './error-alert';
import { ModalFooter } from './modal-footer';
import { Pagination } from './pagination';

export interface PickerItem {
  id: string;
  name: string;
  hint?: string;
}

export interface PickerModalProps {
  title: string;
  opened: boolean;
  onClose: () => void;
  /** The current page's items and the total (R-CASETYPE-008: 25 per page). */
  items: PickerItem[] | undefined;
  totalCount: number;
  loading: boolean;
  loadError: unknown;
  page: number;
  onPage: (page: number) => void;
  initial: string | null;
  /** The Preview link of each entry (absent: no link, e.g. where the caller cannot open the preview). */
  onPreview?: (id: string) => void;
  /** Shown above the list (e.g. the single-questionnaire notice). */
  notice?: ReactNode;
  emptyText: string;
  saving: boolean;
  saveError: unknown;
  onClearSaveError: () => void;
  onSave: (id: string) => void;
}

/**
 * R-CASETYPE-006/007: a modal with a radio list and a Preview link per entry, 25 per page. Serves the
 * workflow and the questionnaire picker of a tenant's case-type configuration, and the questionnaire picker of
 * the platform's Case Configuration (issue 21).
 */
export function PickerModal(props: PickerModalProps) {
  const { opened, initial } = props;
  const [value, setValue] = useState<string | null>(initial);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (opened) {
      setValue(initial);
      setTouched(false);
    }
  }, [opened, initial]);
  const pageCount = Math.ceil(props.totalCount / PICKER_PER_PAGE);
  const missing = touched && !value;
  return (
    <Modal opened={opened} onClose={props.onClose} title={props.title} size="lg">
      <Stack>
        <ErrorAlert error={props.saveError} onClear={props.onClearSaveError} />
        <ErrorAlert error={props.loadError} />
        {props.notice}
        {props.loading && !props.items ? (
          <Group justify="center" py="md">
            <Loader size="sm" aria-label="Loading" />
          </Group>
        ) : props.items && props.items.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            {props.emptyText}
          </Text>
        ) : (
          <Radio.Group
            value={value}
            onChange={(v) => {
              setValue(v);
              props.onClearSaveError();
            }}
            aria-label={props.title}
            error={missing ? 'Please select one' : undefined}
          >
            <ScrollArea.Autosize mah={380}>
              <Stack gap="xs" py={4}>
                {(props.items ?? []).map((item) => (
                  <Group key={item.id} justify="space-between" wrap="nowrap">
                    <Radio
                      value={item.id}
                      label={item.name}
                      description={item.hint}
                      styles={{ label: { cursor: 'pointer' } }}
                    />
                    {props.onPreview ? (
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        onClick={() => props.onPreview?.(item.id)}
                        aria-label={`Preview ${item.name}`}
                      >
                        Preview
                      </Anchor>
                    ) : null}
                  </Group>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Radio.Group>
        )}
        <Pagination page={props.page} pageCount={pageCount} onChange={props.onPage} />
        <ModalFooter
          onCancel={props.onClose}
          saving={props.saving}
          cancelWhileSaving
          onSave={() => {
            setTouched(true);
            if (value) props.onSave(value);
          }}
        />
      </Stack>
    </Modal>
  );
}
