import { MFA_ROLE_CHOICES, type MfaSettings } from '@caseport/domain/auth/mfa';
import { Button, Checkbox, Group, Paper, SimpleGrid, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { notify } from '../../components/notify';
import { api } from '../../lib/api-client';
import { useRoleNames } from './use-role-options';

const KEY = ['mfa-settings'] as const;

/**
 * The tenant's one two-factor rule (issue 16): 002 §3.1 mfaRequired (the Reminders screen's switch is the same
 * setting) and the roles it applies to; no role chosen means every user. The users it applies to set it up at
 * their next sign-in.
 */
export function TwoFactorPanel() {
  const queryClient = useQueryClient();
  const names = useRoleNames();
  const settings = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.call('/api/users/mfa-settings', {}, signal),
  });
  const save = useMutation({
    mutationFn: (body: MfaSettings) => api.call('/api/users/update-mfa-settings', body),
    onSuccess: (data) => queryClient.setQueryData(KEY, data),
  });
  const [draft, setDraft] = useState<MfaSettings | null>(null);
  useEffect(() => {
    if (settings.data) setDraft(settings.data);
  }, [settings.data]);

  const dirty = !!draft && JSON.stringify(draft) !== JSON.stringify(settings.data);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="two-factor-title">
      <Stack gap="sm">
        <Group gap="xs">
          <IconShieldLock size={20} aria-hidden="true" />
          <Title order={3} id="two-factor-title">
            Two-factor sign-in
          </Title>
        </Group>
        {settings.isError ? <ErrorAlert error={settings.error} /> : null}
        {!draft ? (
          <Skeleton h={80} />
        ) : (
          <>
            <Switch
              label="Require two-factor sign-in"
              description="Users of the chosen roles (every user when no role is chosen) set up an authenticator app at their next sign-in and give a code each time. The Reminders screen's switch is this same setting."
              checked={draft.mfaRequired}
              onChange={(e) => setDraft({ ...draft, mfaRequired: e.currentTarget.checked })}
            />
            <Checkbox.Group
              label="For these roles"
              value={draft.roleIds.map(String)}
              onChange={(v) => setDraft({ ...draft, roleIds: v.map(Number) })}
            >
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" mt="xs">
                {MFA_ROLE_CHOICES.filter((id) => names.has(id)).map((id) => (
                  <Checkbox key={id} value={String(id)} label={names.get(id)} disabled={!draft.mfaRequired} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            {draft.mfaRequired && draft.roleIds.length === 0 ? (
              <Text size="sm" c="orange">
                No role chosen: every user is asked for a code.
              </Text>
            ) : null}
            <Group justify="flex-end">
              <Button
                variant="default"
                disabled={!dirty || save.isPending}
                onClick={() => settings.data && setDraft(settings.data)}
              >
                Cancel
              </Button>
              <Button
                disabled={!dirty}
                loading={save.isPending}
                onClick={() =>
                  save.mutate(draft, {
                    onSuccess: () => notify.success('Two-factor sign-in settings saved'),
                    onError: (e) => notify.error(e),
                  })
                }
              >
                Save
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
