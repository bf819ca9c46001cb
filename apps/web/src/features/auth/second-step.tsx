import type { Me } from '@caseport/domain/auth/contracts';
import type { MfaChallenge } from '@caseport/domain/auth/mfa';
import {
  Alert,
  Anchor,
  Button,
  Code,
  CopyButton,
  Image,
  List,
  PinInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useMfaEnrolConfirm, useMfaEnrolStart, useMfaVerify, useSignedIn } from './api';

export function ErrorLine({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
      {error.message}
    </Alert>
  );
}

export function CodeInput({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="mfa-code-label">
        Authentication code
      </Text>
      <PinInput
        length={6}
        type="number"
        oneTimeCode
        autoFocus
        value={value}
        onChange={onChange}
        aria-labelledby="mfa-code-label"
        inputMode="numeric"
        size="md"
        gap="xs"
        getInputProps={(index) => ({ 'aria-label': `Digit ${index + 1} of the authentication code` })}
      />
    </Stack>
  );
}

/** A code from the authenticator app, or one of the recovery codes. */
function VerifyStep({ challenge, onDone }: { challenge: string; onDone: () => void }) {
  const verify = useMfaVerify();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    verify.mutate(useRecovery ? { challenge, recoveryCode } : { challenge, code }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Two-factor sign-in">
      <Stack gap="md">
        <Text size="sm">
          {useRecovery
            ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once.'
            : 'Open your authenticator app and enter the 6-digit code for Caseport.'}
        </Text>
        <ErrorLine error={verify.error} />
        {useRecovery ? (
          <TextInput
            label="Recovery code"
            autoComplete="one-time-code"
            autoFocus
            value={recoveryCode}
            onChange={(e) => setRecoveryCode(e.currentTarget.value)}
          />
        ) : (
          <CodeInput value={code} onChange={setCode} />
        )}
        <Button type="submit" fullWidth loading={verify.isPending}>
          Verify
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={() => setUseRecovery((r) => !r)}>
          {useRecovery ? 'Use a code from the authenticator app' : 'Use a recovery code instead'}
        </Anchor>
      </Stack>
    </form>
  );
}

/** The ten recovery codes, shown once, with a way to copy them. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <>
      <SimpleGrid
        cols={2}
        spacing="xs"
        aria-label="Recovery codes"
        component="ul"
        style={{ listStyle: 'none', padding: 0 }}
      >
        {codes.map((c) => (
          <li key={c}>
            <Code fz="sm">{c}</Code>
          </li>
        ))}
      </SimpleGrid>
      <CopyButton value={codes.join('\n')}>
        {({ copied, copy }) => (
          <Button variant="default" onClick={copy}>
            {copied ? 'Copied' : 'Copy codes'}
          </Button>
        )}
      </CopyButton>
    </>
  );
}

/**
 * Enrolment: scan the QR code, confirm a code, then save the ten recovery codes (shown once). At sign-in when the
 * organization requires it; from My Profile when the user turns it on (issue 38), with its own `intro`.
 */
export function EnrolStep({
  challenge,
  onDone,
  intro = 'Your organization requires two-factor sign-in.',
}: {
  challenge: string;
  onDone: () => void;
  intro?: string;
}) {
  const start = useMfaEnrolStart();
  const confirm = useMfaEnrolConfirm();
  const signedIn = useSignedIn();
  const [code, setCode] = useState('');
  const [done, setDone] = useState<{ me: Me; recoveryCodes: string[] } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one secret per challenge
  useEffect(() => {
    start.mutate(challenge);
  }, [challenge]);

  if (done)
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" title="Two-factor sign-in is on">
          Save these recovery codes somewhere safe. Each signs you in once if you lose your phone. They are shown only
          now.
        </Alert>
        <RecoveryCodes codes={done.recoveryCodes} />
        <Button
          onClick={() => {
            signedIn(done.me);
            onDone();
          }}
        >
          I have saved my recovery codes
        </Button>
      </Stack>
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    confirm.mutate({ challenge, code }, { onSuccess: setDone });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Set up two-factor sign-in">
      <Stack gap="md">
        <Text size="sm">{intro}</Text>
        <List type="ordered" size="sm" spacing={4}>
          <List.Item>
            Install an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).
          </List.Item>
          <List.Item>Scan this QR code with it, or type the key below.</List.Item>
          <List.Item>Enter the 6-digit code the app shows.</List.Item>
        </List>
        <ErrorLine error={start.error} />
        {start.data ? (
          <Stack gap="xs" align="center">
            <Image src={start.data.qrCode} alt="QR code to add Caseport to your authenticator app" w={200} h={200} />
            <Text size="xs" c="dimmed">
              Key:{' '}
              <Code fz="xs" data-testid="mfa-secret">
                {start.data.secret}
              </Code>
            </Text>
          </Stack>
        ) : (
          !start.error && <Skeleton h={200} w={200} mx="auto" />
        )}
        <ErrorLine error={confirm.error} />
        <CodeInput value={code} onChange={setCode} />
        <Button type="submit" fullWidth loading={confirm.isPending} disabled={!start.data}>
          Turn on two-factor sign-in
        </Button>
      </Stack>
    </form>
  );
}

/** The second step of a sign-in (issue 16): verify a code, or enrol first. */
export default function SecondStep({
  challenge,
  onDone,
  onBack,
}: {
  challenge: MfaChallenge;
  onDone: () => void;
  onBack: () => void;
}) {
  return (
    <Stack gap="md">
      {challenge.mfa === 'verify' ? (
        <VerifyStep challenge={challenge.challenge} onDone={onDone} />
      ) : (
        <EnrolStep challenge={challenge.challenge} onDone={onDone} />
      )}
      <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onBack}>
        Back to sign in
      </Anchor>
    </Stack>
  );
}
