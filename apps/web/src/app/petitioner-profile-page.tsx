import { Role } from '@caseport/domain/auth/roles';
import { activateTab } from '@caseport/domain/settings/tab-activation';
import { Alert, Stack } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { Navigate } from 'react-router';
import { useCurrentUser } from './current-user';
import { ShellLayout } from './shell-layout';
import { TabPanelOutlet } from './tab-panel-outlet';
import { PETITIONER_PROFILE_PANEL } from './tab-registry';
import { activationInput } from './use-tab-activation';

export const BILLING_MISSING_PROMPT =
  'A plan and a payment card are needed before you can continue. Add them in the Plan & payment step of your profile.';

/** Role 50's wrapper screen (R-SHELL-002/003, D-04): the petitioner profile instead of the settings tabs. */
export function PetitionerProfilePage() {
  const me = useCurrentUser();
  if (me.roleId !== Role.Petitioner && me.roleId !== Role.AuthorizedSignatory) return <Navigate to="/" replace />;
  const activation = activateTab(activationInput(me, 'profile'));
  return (
    <ShellLayout me={me}>
      <Stack gap="lg">
        {/* D-27: the card/plan hold shows its prompt on this screen rather than blocking it. */}
        {activation.reason === 'billing-missing' ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconCreditCard size={18} aria-hidden="true" />}
            title="Plan & payment"
            role="status"
          >
            {BILLING_MISSING_PROMPT}
          </Alert>
        ) : null}
        <TabPanelOutlet
          panel={PETITIONER_PROFILE_PANEL}
          tabKey="profile"
          subTab={null}
          onSubTabChange={() => undefined}
          inSetup={false}
        />
      </Stack>
    </ShellLayout>
  );
}
