import { type ChangePasswordBody, ChangePasswordBodySchema } from '@caseport/domain/auth/contracts';
import { Alert, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ModalFooter } from '../../components/modal-footer';
import { NewPasswordFields, withNewPasswordChecks } from '../../components/new-password-fields';
import { notify } from '../../components/notify';
import { api, fieldErrors, isApiError } from '../../lib/api-client';
import { useMe } from './api';

type Values = ChangePasswordBody & { confirmPassword: string };

const validate = zod4Resolver(ChangePasswordBodySchema);

/**
 * Change password (SECURITY 7/9): 8-128 characters, no composition rules; repetitive, sequential and
 * personal passwords refused as the user types (the shared password policy), common ones by the server;
 * every other session of the user ends, this one continues with a new session id.
 */
export default function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { data: me } = useMe({ fetch: false });
  const context = {
    email: me?.user.email,
    firstName: me?.user.firstName,
    lastName: me?.user.lastName,
    tenantName: me?.tenant?.name,
  };
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validateInputOnChange: ['newPassword'],
    validate: (values) => {
      const { confirmPassword: _, ...body } = values;
      return withNewPasswordChecks(validate(body) as Record<string, string>, values, context);
    },
  });
  const change = useMutation({
    mutationFn: (body: ChangePasswordBody) => api.call('/api/auth/change-password', body),
    onSuccess: (answer) => {
      notify.success(answer.message);
      close();
    },
    onError: (error) => form.setErrors(fieldErrors(error)),
  });
  const close = () => {
    form.reset();
    change.reset();
    onClose();
  };
  const formError = change.error && Object.keys(fieldErrors(change.error)).length === 0 ? change.error : null;

  return (
    <Modal opened={opened} onClose={close} title="Change password" centered size={450}>
      <form
        noValidate
        onSubmit={form.onSubmit(({ confirmPassword: _, ...body }) => change.mutate(body))}
        aria-label="Change password"
      >
        <Stack gap="md">
          {formError ? (
            <Alert color="red" variant="light" role="alert">
              {isApiError(formError) ? formError.message : 'The password could not be changed. Please try again.'}
            </Alert>
          ) : null}
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            data-autofocus
            key={form.key('currentPassword')}
            {...form.getInputProps('currentPassword')}
          />
          <NewPasswordFields form={form} />
          <Text size="xs" c="dimmed">
            You stay signed in here; every other device is signed out.
          </Text>
          <ModalFooter
            onCancel={close}
            saving={change.isPending}
            cancelWhileSaving
            saveLabel="Change password"
            gap="sm"
          />
        </Stack>
      </form>
    </Modal>
  );
}
