import type { MfaChallenge, MfaStatus } from '@caseport/domain/auth/mfa';
import { Alert, Button, Group, Modal, Paper, PasswordInput, Skeleton, Stack, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { formatDateTime } from '../../components/format-date';
import { ModalFooter } from '../../components/modal-footer';
import { api, fieldErrors } from '../../lib/api-client';
import { CodeInput, EnrolStep, ErrorLine, RecoveryCodes } from './second-step';

const STATUS_KEY = ['auth', 'mfa-status'] as const;

/** What My Profile says of the user's two-factor sign-in. */
const statusText = (s: MfaStatus) => {
  if (!s.enabled) return 'Off. Turn it on to give a code from your phone at every sign-in.';
  const parts = [s.enabledAt ? `On since ${formatDateTime(s.enabledAt)}` : 'On'];
  parts.push(s.lastUsedAt ? `last code used ${formatDateTime(s.lastUsedAt)}` : 'no code used yet');
  parts.push(`${s.recoveryCodesLeft} ${s.recoveryCodesLeft === 1 ? 'recovery code' : 'recovery codes'} left`);
  return `${parts.join(', ')}.`;
};

/**
 * Issue 38 finding 5: a user's own two-factor sign-in on My Profile. Off: turn it on (the password again, then the
 * QR code and a code, as at sign-in; ten recovery codes shown once). On: when it was turned on, when a code was
 * last used, how many recovery codes are left, and ten new ones for the password and a code.
 */
export function TwoFactorSection() {
  const status = useQuery({
    queryKey: STATUS_KEY,
    queryFn: ({ signal }) => api.call('/api/auth/mfa/status', {}, signal),
  });
  const [open, setOpen] = useState(false);
  const s = status.data;
  return (
    <Paper withBorder radius="md" p="lg" aria-labelledby="two-factor-title">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} maw={420}>
          <Text fw={600} id="two-factor-title">
            Two-factor sign-in
          </Text>
          {s ? (
            <Text size="sm" c="dimmed" data-testid="two-factor-status">
              {statusText(s)}
            </Text>
          ) : status.isError ? null : (
            <Skeleton h={16} w={260} />
          )}
          {s?.locked ? (
            <Text size="sm" c="red">
              It is locked after too many wrong codes: ask your administrator to reset it.
            </Text>
          ) : null}
        </Stack>
        <Button
          variant="default"
          leftSection={<IconShieldLock size={16} aria-hidden="true" />}
          onClick={() => setOpen(true)}
          disabled={!s || s.locked}
        >
          {s?.enabled ? 'New recovery codes' : 'Turn on two-factor sign-in'}
        </Button>
      </Group>
      <ErrorAlert error={status.error} />
      {open && s ? <TwoFactorModal enabled={s.enabled} onClose={() => setOpen(false)} /> : null}
    </Paper>
  );
}

function TwoFactorModal({ enabled, onClose }: { enabled: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const close = () => {
    void client.invalidateQueries({ queryKey: STATUS_KEY });
    onClose();
  };
  const title = enabled ? 'New recovery codes' : 'Turn on two-factor sign-in';
  return (
    <Modal opened onClose={close} title={title} centered size={460}>
      {!challenge ? (
        <PasswordStep onChallenge={setChallenge} onCancel={close} />
      ) : challenge.mfa === 'enrol' ? (
        <EnrolStep
          challenge={challenge.challenge}
          onDone={close}
          intro="From now on, signing in asks for a code from your phone after your password."
        />
      ) : (
        <NewCodesStep challenge={challenge.challenge} onDone={close} />
      )}
    </Modal>
  );
}

/** The password again: a change to one's own second step is never made with a session alone. */
function PasswordStep({ onChallenge, onCancel }: { onChallenge: (c: MfaChallenge) => void; onCancel: () => void }) {
  const [currentPassword, setPassword] = useState('');
  const ask = useMutation({
    mutationFn: () => api.call('/api/auth/mfa/self-challenge', { currentPassword }),
    onSuccess: onChallenge,
  });
  const fieldError = ask.error ? fieldErrors(ask.error).currentPassword : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    ask.mutate();
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Confirm your password">
      <Stack gap="md">
        <Text size="sm">Enter your password to continue.</Text>
        {ask.error && !fieldError ? <ErrorLine error={ask.error} /> : null}
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          data-autofocus
          value={currentPassword}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={fieldError}
        />
        <ModalFooter onCancel={onCancel} saving={ask.isPending} saveLabel="Continue" saveDisabled={!currentPassword} />
      </Stack>
    </form>
  );
}

/** A code from the app, then the ten new recovery codes (the old ones stop working). */
function NewCodesStep({ challenge, onDone }: { challenge: string; onDone: () => void }) {
  const [code, setCode] = useState('');
  const renew = useMutation({
    mutationFn: () => api.call('/api/auth/mfa/recovery-codes', { challenge, code }),
  });
  if (renew.data)
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" title={renew.data.message}>
          Save these recovery codes somewhere safe. Each signs you in once if you lose your phone. They are shown only
          now.
        </Alert>
        <RecoveryCodes codes={renew.data.recoveryCodes} />
        <Button onClick={onDone}>I have saved my recovery codes</Button>
      </Stack>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    renew.mutate();
  };
  return (
    <form onSubmit={submit} noValidate aria-label="New recovery codes">
      <Stack gap="md">
        <Text size="sm">Open your authenticator app and enter the 6-digit code for Caseport.</Text>
        <ErrorLine error={renew.error} />
        <CodeInput value={code} onChange={setCode} />
        <Button type="submit" fullWidth loading={renew.isPending} disabled={code.length !== 6}>
          Make new recovery codes
        </Button>
      </Stack>
    </form>
  );
}
