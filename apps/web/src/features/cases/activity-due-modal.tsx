import type { CaseActivity } from '@caseport/domain/cases/run-contracts';
import { dueOnRefusal, isRfeActivity } from '@caseport/domain/cases/run-rules';
import { CalendarDateSchema } from '@caseport/domain/reminders/case-dates';
import { Modal, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { DateInput } from '../../components/date-input';
import { ModalFooter } from '../../components/modal-footer';
import { ModalForm } from '../../components/modal-form';
import { notify } from '../../components/notify';
import { isApiError } from '../../lib/api-client';
import { useSetActivityDue } from './activities-api';

/**
 * Issue 34: an open activity's due date, changed by someone who may act on it. Checked here with the domain's
 * rules (a calendar date; not before the case was opened; an RFE activity not after the RFE response date) and
 * again by the server, which also refuses a stale version (409: the panel says so and reads the run again).
 */
export function ActivityDueModal({
  caseId,
  activity: a,
  openedOn,
  rfeResponseDueOn,
  onClose,
  onConflict,
}: {
  caseId: string;
  activity: CaseActivity;
  openedOn: string;
  rfeResponseDueOn: string | null;
  onClose: () => void;
  onConflict: (e: unknown) => boolean;
}) {
  const save = useSetActivityDue(caseId);
  const [dueOn, setDueOn] = useState(a.dueOn ?? '');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<unknown>(null);
  const limits = { openedOn, rfeResponseDueOn };
  const isRfeCapped = isRfeActivity(a.code) && rfeResponseDueOn !== null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = CalendarDateSchema.safeParse(dueOn);
    const refusal = parsed.success ? dueOnRefusal(a.code, dueOn, limits) : (parsed.error.issues[0]?.message ?? null);
    if (refusal) return setError(refusal);
    save.mutate(
      { code: a.code, version: a.version, dueOn },
      {
        onSuccess: (r) => {
          void notify.success(r.message);
          onClose();
        },
        onError: (err) => {
          if (onConflict(err)) return;
          const field = isApiError(err) ? err.fields?.find((f) => f.name === 'dueOn') : undefined;
          if (field) setError(field.message);
          else setServerError(err);
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Due date" closeButtonProps={{ 'aria-label': 'Close' }}>
      <ModalForm onSubmit={submit} error={serverError} onClearError={() => setServerError(null)}>
        <Text size="sm">{a.name}</Text>
        <DateInput
          label="Due on"
          withAsterisk
          value={dueOn}
          min={openedOn}
          max={isRfeCapped ? (rfeResponseDueOn ?? undefined) : undefined}
          description={isRfeCapped ? `No later than the RFE response date (${rfeResponseDueOn})` : undefined}
          error={error}
          onChange={(v) => {
            setDueOn(v);
            setError(null);
          }}
        />
        <ModalFooter onCancel={onClose} saving={save.isPending} cancelWhileSaving saveLabel="Save" />
      </ModalForm>
    </Modal>
  );
}
