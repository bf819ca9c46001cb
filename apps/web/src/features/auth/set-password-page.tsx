import { AcceptTokenBodySchema } from '@caseport/domain/users/contracts';
import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { NewPasswordFields, type NewPasswordValues, withNewPasswordChecks } from '../../components/new-password-fields';
import { notify } from '../../components/notify';
import { PublicFrame } from '../../components/public-frame';
import { api, fieldErrors, isApiError } from '../../lib/api-client';
import { ME_KEY } from '../../lib/current-user';

const validateBody = zod4Resolver(AcceptTokenBodySchema);

/**
 * /accept-invitation and /reset-password (issue 16): the one-time link's token rides in the URL fragment, so
 * it never reaches a server log. The new password follows the shared policy, checked live as the user types
 * (as in the change-password dialog) and again by the server; then the user is signed in, or sent to the
 * normal sign-in when a second step is due (issue 39).
 */
export default function SetPasswordPage() {
  const { hash } = useLocation();
  const token = useMemo(() => new URLSearchParams(hash.slice(1)).get('token') ?? '', [hash]);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useQuery({
    queryKey: ['link-info', token],
    queryFn: () => api.call('/api/users/link-info', { token }),
    enabled: token.length >= 20,
    retry: false,
    staleTime: Infinity,
  });
  const context = {
    email: info.data?.email,
    firstName: info.data?.firstName,
    lastName: info.data?.lastName,
    tenantName: info.data?.tenantName,
  };
  const form = useForm<NewPasswordValues>({
    mode: 'uncontrolled',
    initialValues: { newPassword: '', confirmPassword: '' },
    validateInputOnChange: ['newPassword'],
    validate: (v) => {
      const { token: _, ...errors } = validateBody({ token, newPassword: v.newPassword }) as Record<string, string>;
      return withNewPasswordChecks(errors, v, context);
    },
  });
  const accept = useMutation({
    mutationFn: (newPassword: string) => api.call('/api/users/accept-link', { token, newPassword }),
    onSuccess: async (answer) => {
      // Issue 39: a second step is due (a code, or enrolment): the normal sign-in follows, no session yet.
      if (!answer.signedIn) {
        void notify.success(answer.message);
        navigate('/login', { replace: true });
        return;
      }
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_KEY[0] });
      await queryClient.invalidateQueries({ queryKey: ME_KEY });
      navigate('/', { replace: true });
    },
    onError: (e) => form.setErrors(fieldErrors(e)),
  });

  const invite = info.data?.purpose !== 'reset';
  const title = invite ? 'Accept your invitation' : 'Choose a new password';
  if (!token || info.isError)
    return (
      <PublicFrame title="This link does not work">
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert">
            {isApiError(info.error)
              ? info.error.message
              : 'This link is invalid or has expired. Please ask your administrator for a new one.'}
          </Alert>
          <Anchor component={Link} to="/login">
            Go to sign in
          </Anchor>
        </Stack>
      </PublicFrame>
    );
  if (info.isPending)
    return (
      <PublicFrame title={title}>
        <Loader aria-label="Checking the link" />
      </PublicFrame>
    );
  const formError = accept.error && !fieldErrors(accept.error).newPassword ? accept.error : null;
  return (
    <PublicFrame title={title}>
      <form noValidate aria-label={title} onSubmit={form.onSubmit((v) => accept.mutate(v.newPassword))}>
        <Stack gap="md">
          <Text size="sm">
            {invite
              ? `Welcome, ${info.data.firstName}. Choose a password to join ${info.data.tenantName ?? 'Caseport'}.`
              : `Choose a new password for ${info.data.email}.`}
          </Text>
          {formError ? (
            <Alert color="red" variant="light" role="alert">
              {isApiError(formError) ? formError.message : 'The password could not be set. Please try again.'}
            </Alert>
          ) : null}
          <input type="email" name="username" autoComplete="username" value={info.data.email} readOnly hidden />
          <NewPasswordFields form={form} autoFocus />
          <Button type="submit" fullWidth loading={accept.isPending}>
            {invite ? 'Set password and sign in' : 'Set new password'}
          </Button>
        </Stack>
      </form>
    </PublicFrame>
  );
}
