import type { FormLetterFilled } from '@caseport/domain/letters/contracts';
import { Alert, Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { api } from '../lib/api-client';
import { viewFileUrl } from '../lib/files';
import { ErrorAlert } from './error-alert';

/**
 * Issue 34 item 6: a letter filled for a case. Filling first lists the tags the case has no value for, each a
 * link to the case field that holds it (`/cases/<caseId>?field=<field>`), and downloads only when the user asks
 * 'Download anyway'; a letter with nothing missing downloads at once. The server stores the filled file (as one of
 * the case's documents) only when it is handed over: at once, or on 'Download anyway'. Used by the case page's
 * Documents tab.
 *
 *   const fill = useLetterFill();
 *   fill.start({ formAndLetterId, caseId, format: 'docx' });   // or 'pdf' (where LibreOffice is installed)
 *   <LetterFillResult fill={fill} caseId={caseId} />             // inline, e.g. inside another modal
 *   <LetterFillDialog fill={fill} caseId={caseId} title="…" />  // or as its own modal
 */

export interface LetterFillRequest {
  formAndLetterId: string;
  caseId: string;
  format: 'docx' | 'pdf';
}

/** The link to the case field a missing tag names ('' when no case field holds it). */
export const caseFieldHref = (caseId: string, field: string) =>
  field ? `/cases/${encodeURIComponent(caseId)}?field=${encodeURIComponent(field)}` : null;

type FilledDocument = NonNullable<FormLetterFilled['document']>;
const download = (document: FilledDocument) => window.location.assign(viewFileUrl(document));

/**
 * The fill call: downloads at once when nothing is missing; else the server stores nothing and lists the missing
 * tags, and `downloadAnyway` fills again with `anyway` (the file is then made, and recorded on the case).
 */
export function useLetterFill() {
  const mutation = useMutation({
    mutationFn: (body: LetterFillRequest & { anyway?: boolean }) => api.call('/api/form-letter/fill', body),
    onSuccess: (answer) => {
      if (answer.document) download(answer.document);
    },
  });
  const { mutate, reset, data, variables } = mutation;
  return {
    /** Fills the letter for the case (a new call forgets the previous answer). */
    start: useCallback((body: LetterFillRequest) => mutate(body), [mutate]),
    /** The filled document, missing values left blank. */
    downloadAnyway: useCallback(
      () => (data?.document ? download(data.document) : variables ? mutate({ ...variables, anyway: true }) : undefined),
      [data, variables, mutate],
    ),
    reset,
    filled: mutation.data ?? null,
    error: mutation.error,
    isPending: mutation.isPending,
  };
}
export type LetterFill = ReturnType<typeof useLetterFill>;

/** What a fill answered: the missing tags with their links and 'Download anyway', or the downloaded file. */
export function LetterFillResult({ fill, caseId }: { fill: LetterFill; caseId: string }) {
  const { filled } = fill;
  return (
    <Stack gap="xs">
      <ErrorAlert error={fill.error} onClear={fill.reset} />
      {filled && !filled.document && filled.missingFields.length > 0 ? (
        <Alert color="yellow" title="Some values are missing">
          <Stack gap="xs">
            <Text size="sm">
              The case has no value for these tags; they would print as a blank. Fill them in on the case, then fill the
              letter again.
            </Text>
            <List size="sm" aria-label="Missing values">
              {filled.missingFields.map((m) => {
                const href = caseFieldHref(caseId, m.field);
                return (
                  <List.Item key={m.tag}>
                    {href ? <Anchor href={href}>{m.label}</Anchor> : m.label}{' '}
                    <Text span size="xs" c="dimmed">
                      {m.tag}
                    </Text>
                  </List.Item>
                );
              })}
            </List>
            <Group justify="flex-end">
              <Button
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden="true" />}
                onClick={fill.downloadAnyway}
                loading={fill.isPending}
              >
                Download anyway
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {filled?.document ? (
        <Alert color="teal" title={filled.message}>
          <Anchor href={viewFileUrl(filled.document)} download={filled.document.name}>
            {filled.document.name}
          </Anchor>
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * The fill as its own modal: opened with `request` (the letter, the case, the format), it fills at once and shows
 * the result. `request` null closes it.
 */
export function LetterFillDialog({
  request,
  title,
  onClose,
  onFilled,
}: {
  request: LetterFillRequest | null;
  title: string;
  onClose: () => void;
  /** Called on each answer of the server: `filled.document` is set once the file was made (and recorded). */
  onFilled?: (request: LetterFillRequest, filled: FormLetterFilled) => void;
}) {
  const fill = useLetterFill();
  const started = useRef<LetterFillRequest | null>(null);
  const { start, reset, filled } = fill;
  const onFilledRef = useRef(onFilled);
  onFilledRef.current = onFilled;
  useEffect(() => {
    if (filled && started.current) onFilledRef.current?.(started.current, filled);
  }, [filled]);
  useEffect(() => {
    if (request && started.current !== request) {
      started.current = request;
      start(request);
    }
    if (!request) {
      started.current = null;
      reset();
    }
  }, [request, start, reset]);
  return (
    <Modal opened={request !== null} onClose={onClose} title={title} centered size={520}>
      {request ? (
        <Stack gap="md">
          {fill.isPending ? <Text size="sm">Filling the letter…</Text> : null}
          <LetterFillResult fill={fill} caseId={request.caseId} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
