import { canOpenSettings, Role } from '@caseport/domain/auth/roles';
import { findTab, type TabKey } from '@caseport/domain/settings/tabs';
import { Alert } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { notify } from '../components/notify';
import { useCurrentUser } from '../lib/current-user';
import { useSelectedPlan, useTenantDetails } from '../lib/shell-queries';
import { ActivatedPanel } from './activated-panel';
import { hasSeenTour, startGuidedTour } from './guided-tour';
import { HELP_TEXT } from './help-text';
import { NoAccessPage } from './no-access-page';
import { SettingsNav } from './settings-nav';
import { useShell } from './shell-context';
import { ShellLayout } from './shell-layout';
import { useTabActivation } from './use-tab-activation';

interface TourState {
  tour?: boolean;
  /** Issue 38 (finding 7): why the tab named in the URL did not open (said on the tab landed on). */
  refused?: string;
}

/** /settings and /settings/:tabName (D-01, R-SHELL-001/004). */
export function SettingsPage() {
  const me = useCurrentUser();
  if (me.roleId === Role.Petitioner) return <Navigate to="/petitioner-profile" replace />;
  if (!canOpenSettings(me.roleId)) return <NoAccessPage />;
  return <SettingsScreen />;
}

function SettingsScreen() {
  const me = useCurrentUser();
  const { tabName } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { setActiveTab } = useShell();
  const state = useTabActivation(me, tabName);
  const activation = state.status === 'ready' ? state.activation : null;
  // The URL already names the tab the rules chose (a held tab too: it explains itself in place, issue 15).
  const settled = activation && activation.tab === tabName ? activation : null;
  const noForcingRule = !settled?.hold && (settled?.reason === 'requested' || settled?.reason === 'default');
  const isTenantAdmin = me.roleId === Role.Admin || me.roleId === Role.BranchManager;

  useSelectedPlan(me, !!settled?.loadPlan); // R-SHELL-047/048
  useTenantDetails(me.tenantId, noForcingRule && isTenantAdmin); // R-SHELL-044

  // R-SHELL-046/049: the redirect that lands roles 1 and 2 on the workflow tab carries the tour flag.
  const wantsTour = !!settled && (settled.tour || (location.state as TourState | null)?.tour === true);
  const endTour = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!wantsTour || hasSeenTour(me.user.id)) return;
    startGuidedTour(me.user.id)
      .then((end) => {
        endTour.current = end;
      })
      .catch(() => notify.error('The guided tour could not be loaded.'));
  }, [wantsTour, me.user.id]);
  // Leaving settings (a header link to Cases, Tenants ...) ends the tour: its popover must not stay over that page.
  useEffect(() => () => endTour.current?.(), []);

  // R-SHELL-006/007: the shared active tab follows the tab being opened (the rules' choice once known).
  const navTab: TabKey = activation?.tab ?? (findTab(tabName)?.key as TabKey | undefined) ?? 'profile';
  useEffect(() => setActiveTab(navTab), [navTab, setActiveTab]);

  if (activation && activation.tab !== tabName) {
    return (
      <Navigate
        to={`/settings/${activation.tab}`}
        replace
        state={
          activation.tour || activation.refused
            ? ({
                ...(activation.tour ? { tour: true } : {}),
                ...(activation.refused ? { refused: activation.refused } : {}),
              } satisfies TourState)
            : undefined
        }
      />
    );
  }

  const label = findTab(navTab)?.label ?? navTab;
  const help = settled && !settled.hold ? HELP_TEXT[settled.tab] : undefined;
  const refused = (location.state as TourState | null)?.refused;

  return (
    <ShellLayout me={me} navbar={<SettingsNav me={me} />} help={help}>
      {refused ? (
        <Alert
          color="yellow"
          title="That tab did not open"
          mb="md"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => navigate(`${location.pathname}${location.search}`, { replace: true, state: null })}
        >
          {refused} You are on {label}; the menu lists the tabs you can open.
        </Alert>
      ) : null}
      <ActivatedPanel
        state={state}
        settled={settled}
        label={label}
        setupRoute={null}
        errorTitle={`${label} could not be opened`}
      />
    </ShellLayout>
  );
}
