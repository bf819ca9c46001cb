import type { Hold } from '@caseport/domain/settings/tab-activation';
import type { SetupRoute } from '@caseport/domain/settings/tabs';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Where a hold's lift leads: a first-time setup step, or a settings tab. */
export const liftPath = (lift: NonNullable<Hold['lift']>, setupRoute: SetupRoute = 'basic-settings') =>
  lift.setup ? `/${setupRoute}/${lift.tab}` : `/settings/${lift.tab}`;

/**
 * A tab the activation rules keep closed (R-SHELL-042/043/045, D-03, issue 15): the tab's own heading, why it
 * is closed, and a link to the step that opens it when the user can take that step.
 */
export function HoldPanel({ title, hold, setupRoute }: { title: string; hold: Hold; setupRoute?: SetupRoute }) {
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <Alert
        color="yellow"
        variant="light"
        icon={<IconLock size={18} aria-hidden="true" />}
        role="status"
        aria-label={`${title} is not open yet`}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{hold.message}</Text>
          {hold.lift ? (
            <Button
              component={Link}
              to={liftPath(hold.lift, setupRoute)}
              size="sm"
              rightSection={<IconArrowRight size={16} aria-hidden="true" />}
            >
              {hold.lift.label}
            </Button>
          ) : null}
        </Stack>
      </Alert>
    </Stack>
  );
}
