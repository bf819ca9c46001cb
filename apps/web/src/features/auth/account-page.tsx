import { OwnProfileBodySchema } from '@caseport/domain/users/contracts';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { lazy, Suspense, useState } from 'react';
import { DetailField } from '../../components/detail-field';
import { notify } from '../../components/notify';
import { fieldErrors } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { useUpdateOwnProfile } from './api';
import { TwoFactorSection } from './two-factor-section';

const ChangePasswordDialog = lazy(() => import('./change-password-dialog'));

/**
 * /account (issue 16): the signed-in user's own name and password, and their two-factor sign-in (issue 38); inside
 * the shell (app/shell-page.tsx).
 */
export default function AccountPage() {
  const me = useCurrentUser();
  const save = useUpdateOwnProfile();
  const [changingPassword, setChangingPassword] = useState(false);
  const form = useForm({
    initialValues: { firstName: me.user.firstName, lastName: me.user.lastName },
    validate: zod4Resolver(OwnProfileBodySchema),
  });
  const onSubmit = form.onSubmit((v) =>
    save.mutate(
      { firstName: v.firstName.trim(), lastName: v.lastName.trim() },
      {
        onSuccess: (a) => {
          notify.success(a.message);
          form.resetDirty();
        },
        onError: (e) => {
          form.setErrors(fieldErrors(e));
          notify.error(e);
        },
      },
    ),
  );

  return (
    <>
      <Stack gap="md" maw={640}>
        <Title order={2}>My Profile</Title>
        <Paper withBorder radius="md" p="lg" component="form" onSubmit={onSubmit} aria-label="My Profile">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="First name" withAsterisk maxLength={50} {...form.getInputProps('firstName')} />
              <TextInput label="Last name" withAsterisk maxLength={50} {...form.getInputProps('lastName')} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DetailField label="Email">{me.user.email}</DetailField>
              <DetailField label="Role">{me.user.roleName}</DetailField>
            </SimpleGrid>
            {me.tenant ? <DetailField label="Organization">{me.tenant.name}</DetailField> : null}
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
                Save
              </Button>
            </Group>
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Stack gap={2}>
              <Text fw={600}>Password</Text>
              <Text size="sm" c="dimmed">
                Changing it signs you out on every other device.
              </Text>
            </Stack>
            <Button
              variant="default"
              leftSection={<IconKey size={16} aria-hidden="true" />}
              onClick={() => setChangingPassword(true)}
            >
              Change password
            </Button>
          </Group>
        </Paper>
        <TwoFactorSection />
      </Stack>
      {changingPassword ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog opened onClose={() => setChangingPassword(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
