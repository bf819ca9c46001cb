import {
  CASE_DATE_GROUPS,
  CASE_DATE_KEYS,
  CASE_DATE_LABELS,
  type CaseDateKey,
  INVALID_DATE,
  isCalendarDate,
} from '@caseport/domain/reminders/case-dates';
import { Button, Loader, Modal, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { ModalFooter } from '../../components/modal-footer';
import { ModalForm } from '../../components/modal-form';
import { notify } from '../../components/notify';
import { api, fieldErrors, isApiError } from '../../lib/api-client';

type Values = Record<CaseDateKey, string>;
const empty = () => Object.fromEntries(CASE_DATE_KEYS.map((k) => [k, ''])) as Values;

/** Issue 17: the dates a case's reminders count from, for roles 3 and 4 on the cases list. */
export function CaseDatesButton({ caseId, caseNumber }: { caseId: string; caseNumber: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="compact-xs" variant="light" onClick={() => setOpen(true)} aria-label={`Dates ${caseNumber}`}>
        Dates
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Case dates · ${caseNumber}`} size="xl">
        {open ? <CaseDatesForm caseId={caseId} onDone={() => setOpen(false)} /> : null}
      </Modal>
    </>
  );
}

function CaseDatesForm({ caseId, onDone }: { caseId: string; onDone: () => void }) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ['cases', 'dates', caseId],
    queryFn: ({ signal }) => api.call('/api/cases/dates', { caseId }, signal),
  });
  const [serverError, setServerError] = useState<unknown>(null);
  const form = useForm<Values>({
    initialValues: empty(),
    validate: Object.fromEntries(
      CASE_DATE_KEYS.map((k) => [k, (v: string) => (v && !isCalendarDate(v) ? INVALID_DATE : null)]),
    ) as Record<CaseDateKey, (v: string) => string | null>,
  });
  const { setValues, resetDirty } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads the stored dates once they arrive
  useEffect(() => {
    if (!query.data) return;
    const loaded = { ...empty(), ...(query.data.dates as Partial<Values>) };
    setValues(loaded);
    resetDirty(loaded);
  }, [query.data]);
  const save = useMutation({
    mutationFn: (values: Values) =>
      api.call('/api/cases/update-dates', {
        caseId,
        dates: Object.fromEntries(CASE_DATE_KEYS.map((k) => [k, values[k] || null])),
      }),
    onSuccess: (r) => {
      notify.success(r.message);
      void client.invalidateQueries({ queryKey: ['cases', 'dates', caseId] });
      onDone();
    },
    onError: (e) => {
      setServerError(isApiError(e) && e.fields ? null : e);
      form.setErrors(
        Object.fromEntries(Object.entries(fieldErrors(e)).map(([name, m]) => [name.replace(/^dates\./, ''), m])),
      );
    },
  });
  if (query.isPending) return <Loader aria-label="Loading the case dates" />;
  if (query.isError) return <ErrorAlert error={query.error} />;
  return (
    <ModalForm
      onSubmit={form.onSubmit((v) => save.mutate(v))}
      error={serverError}
      onClearError={() => setServerError(null)}
    >
      <Text size="sm" c="dimmed">
        The reminders of the global configuration count from these dates, in its default time zone. Leave a date empty
        when it does not apply.
      </Text>
      {CASE_DATE_GROUPS.map((g) => (
        <Stack key={g.title} gap={6}>
          <Title order={4} size="h5">
            {g.title}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing={6}>
            {g.keys.map((k) => (
              <TextInput key={k} type="date" label={CASE_DATE_LABELS[k]} {...form.getInputProps(k)} />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
      <ModalFooter onCancel={onDone} saving={save.isPending} cancelWhileSaving saveLabel="Save Dates" />
    </ModalForm>
  );
}
