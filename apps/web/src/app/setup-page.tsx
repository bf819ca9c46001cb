import { canOpenSettings, Role } from '@caseport/domain/auth/roles';
import { canOpenTab, findTab, type SetupRoute, setupSteps, type TabKey } from '@caseport/domain/settings/tabs';
import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ActivatedPanel } from './activated-panel';
import { useCurrentUser } from './current-user';
import { HELP_TEXT } from './help-text';
import { SetupFooter, type SetupStep } from './setup-footer';
import { useShell } from './shell-context';
import { ShellLayout } from './shell-layout';
import { useTabActivation } from './use-tab-activation';

/** /basic-settings/:tabName and /basic-configuration/:tabName? (D-01): no sidebar, a footer with the steps. */
export function SetupPage({ route }: { route: SetupRoute }) {
  const me = useCurrentUser();
  if (me.roleId === Role.Petitioner) return <Navigate to="/petitioner-profile" replace />;
  if (!canOpenSettings(me.roleId)) return <Navigate to="/" replace />;
  return <SetupScreen route={route} />;
}

function SetupScreen({ route }: { route: SetupRoute }) {
  const me = useCurrentUser();
  const { tabName } = useParams();
  const navigate = useNavigate();
  const { setActiveTab, showCongratulations } = useShell();
  const viewer = { roleId: me.roleId, tenantType: me.tenantType };
  const steps: SetupStep[] = setupSteps(route).map((s) => ({ ...s, enabled: canOpenTab(s.key, viewer) }));
  const enabledSteps = steps.filter((s) => s.enabled);
  const requested = tabName ?? enabledSteps[0]?.key ?? null;
  const state = useTabActivation(me, requested, { insideSetup: true });
  const activation = state.status === 'ready' ? state.activation : null;
  const settled = activation && activation.tab === tabName ? activation : null;

  const settledTab = settled?.tab;
  useEffect(() => {
    if (settledTab) setActiveTab(settledTab);
  }, [settledTab, setActiveTab]);

  if (activation && activation.tab !== tabName) {
    // The forcing rules still apply during setup (an incomplete profile holds role 3 on Company Details).
    const inSteps = steps.some((s) => s.key === activation.tab);
    return <Navigate to={inSteps ? `/${route}/${activation.tab}` : `/settings/${activation.tab}`} replace />;
  }

  const current = (settled?.tab ?? tabName ?? 'profile') as TabKey;
  const position = enabledSteps.findIndex((s) => s.key === current);
  const previous = position > 0 ? enabledSteps[position - 1] : undefined;
  const next = position >= 0 ? enabledSteps[position + 1] : undefined;
  const label = findTab(current)?.label ?? current;

  const footer = (
    <SetupFooter
      steps={steps}
      current={current}
      onBack={previous ? () => navigate(`/${route}/${previous.key}`) : null}
      onContinue={() => {
        if (next) return navigate(`/${route}/${next.key}`);
        // R-SHELL-051: the last step's Finish completes first-time setup.
        navigate('/settings');
        showCongratulations();
      }}
      continueLabel={next ? 'Continue' : 'Finish'}
    />
  );

  return (
    <ShellLayout me={me} footer={footer} help={settled && !settled.notice ? HELP_TEXT[settled.tab] : undefined}>
      <ActivatedPanel state={state} settled={settled} label={label} inSetup={true} />
    </ShellLayout>
  );
}
