import { canOpenSettings, Role } from '@caseport/domain/auth/roles';
import { canOpenTab, findTab, type SetupRoute, setupSteps, type TabKey } from '@caseport/domain/settings/tabs';
import { useEffect } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useCurrentUser } from './current-user';
import { FullPageError } from './full-page-status';
import { HELP_TEXT } from './help-text';
import { NoticePanel } from './notice-panel';
import { SetupFooter, type SetupStep } from './setup-footer';
import { useShell } from './shell-context';
import { ShellLayout } from './shell-layout';
import { PanelSkeleton, TabPanelOutlet } from './tab-panel-outlet';
import { TAB_PANELS } from './tab-registry';
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
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { setActiveTab } = useShell();
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
      onContinue={() => navigate(next ? `/${route}/${next.key}` : '/settings')}
      continueLabel={next ? 'Continue' : 'Finish'}
    />
  );

  return (
    <ShellLayout me={me} footer={footer} help={settled && !settled.notice ? HELP_TEXT[settled.tab] : undefined}>
      {state.status === 'loading' ? <PanelSkeleton /> : null}
      {state.status === 'error' ? <FullPageError error={state.error} onRetry={state.retry} /> : null}
      {settled?.notice ? <NoticePanel title={label} notice={settled.notice} /> : null}
      {settled && !settled.notice ? (
        <TabPanelOutlet
          panel={TAB_PANELS[settled.tab]}
          tabKey={settled.tab}
          subTab={params.get('tab')}
          onSubTabChange={(subTab) =>
            setParams((prev) => {
              const n = new URLSearchParams(prev);
              if (subTab) n.set('tab', subTab);
              else n.delete('tab');
              return n;
            })
          }
          inSetup
        />
      ) : null}
    </ShellLayout>
  );
}
