import type { LoginBody } from '@caseport/domain/auth/contracts';
import type { MfaChallenge } from '@caseport/domain/auth/mfa';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PublicFrame } from '../../components/public-frame';
import { useLogin, useMe } from './api';

/** The second step (issue 16) loads only when a sign-in needs it: the login page stays in its JS budget. */
const SecondStep = lazy(() => import('./second-step'));

/**
 * The shared LoginBodySchema pulls in zod (~22 KB gzip). It is fetched right after first paint, in parallel
 * with the user typing, so the login page stays inside the initial-JS budget (ARCHITECTURE "Performance").
 */
const loadValidation = () =>
  Promise.all([import('@caseport/domain/auth/contracts'), import('mantine-form-zod-resolver')]).then(
    ([contracts, resolver]) => ({
      schema: contracts.LoginBodySchema,
      validate: resolver.zod4Resolver(contracts.LoginBodySchema),
    }),
  );

/** Only same-site paths: `next` comes from the URL and must not become an open redirect. */
export const safeNext = (next: string | null): string =>
  next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') && !next.startsWith('/login') ? next : '/';

export default function LoginPage() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const navigate = useNavigate();
  const me = useMe({ fetch: false });
  const login = useLogin();
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const form = useForm<LoginBody>({ mode: 'uncontrolled', initialValues: { email: '', password: '' } });

  useEffect(() => {
    void loadValidation();
  }, []);

  if (me.data && !challenge) return <Navigate to={next} replace />;
  if (challenge)
    return (
      <PublicFrame title={challenge.mfa === 'verify' ? 'Two-factor sign-in' : 'Set up two-factor sign-in'}>
        <Suspense fallback={null}>
          <SecondStep
            challenge={challenge}
            onDone={() => navigate(next, { replace: true })}
            onBack={() => {
              setChallenge(null);
              login.reset();
            }}
          />
        </Suspense>
      </PublicFrame>
    );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { schema, validate } = await loadValidation();
    const errors = validate(form.getValues());
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) {
      const first = Object.keys(errors)[0];
      if (first) document.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    login.mutate(schema.parse(form.getValues()), {
      onSuccess: (answer) => {
        if ('mfa' in answer) setChallenge(answer);
        else navigate(next, { replace: true });
      },
    });
  };

  return (
    <PublicFrame
      title="Sign in"
      footer={
        <Text size="xs" c="dimmed" ta="center" mt="md">
          Trouble signing in? Ask your firm's administrator, or{' '}
          <Anchor href="mailto:support@caseport.test" size="xs" underline="always">
            contact support
          </Anchor>
          .
        </Text>
      }
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-describedby={login.error ? 'login-error' : undefined}>
        <Stack gap="md">
          {login.error ? (
            <Alert
              id="login-error"
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} aria-hidden="true" />}
              role="alert"
            >
              {login.error.message}
            </Alert>
          ) : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            autoFocus
            name="email"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            name="password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth loading={login.isPending} mt="xs">
            Sign in
          </Button>
        </Stack>
      </form>
    </PublicFrame>
  );
}
