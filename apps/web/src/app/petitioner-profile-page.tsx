import { Role } from '@caseport/domain/auth/roles';
import { activateTab } from '@caseport/domain/settings/tab-activation';
import { Stack } from '@mantine/core';
import { Navigate } from 'react-router';
import { useCurrentUser } from '../lib/current-user';
import { PlanPaymentHold } from './plan-payment';
import { ShellLayout } from './shell-layout';
import { TabPanelOutlet } from './tab-panel-outlet';
import { PETITIONER_PROFILE_PANEL } from './tab-registry';
import { activationInput } from './use-tab-activation';

/** Role 50's wrapper screen (R-SHELL-002/003, D-04): the petitioner profile instead of the settings tabs. */
export function PetitionerProfilePage() {
  const me = useCurrentUser();
  if (me.roleId !== Role.Petitioner && me.roleId !== Role.AuthorizedSignatory) return <Navigate to="/" replace />;
  const activation = activateTab(activationInput(me, 'profile'));
  return (
    <ShellLayout me={me}>
      <Stack gap="lg">
        {/* D-27: the card/plan hold shows its prompt on this screen rather than blocking it. */}
        {activation.reason === 'billing-missing' ? <PlanPaymentHold /> : null}
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
