import { canOpenSettings, isPlatformRole, Role } from '@caseport/domain/auth/roles';
import { SETUP_STEP_TODO, type SetupStepKey, setupFactsOf, setupProgress } from '@caseport/domain/settings/setup';
import { canOpenTab, findTab, type SetupRoute, setupSteps } from '@caseport/domain/settings/tabs';
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { SetupFooter, type SetupStep } from '../components/setup-footer';
import { type SetupNav, SetupNavContext } from '../components/setup-nav';
import { useCurrentUser } from '../lib/current-user';
import { SETUP_PROGRESS_KEY, setupProgressQuery, useSetupProgress } from '../lib/shell-queries';
import { ActivatedPanel } from './activated-panel';
import { HELP_TEXT } from './help-text';
import { useShell } from './shell-context';
import { ShellLayout } from './shell-layout';
import { useTabActivation } from './use-tab-activation';

/** /basic-settings/:tabName and /basic-configuration/:tabName? (D-01): no sidebar, a footer with the steps. */
export function SetupPage({ route }: { route: SetupRoute }) {
  const me = useCurrentUser();
  const { tabName } = useParams();
  if (me.roleId === Role.Petitioner) return <Navigate to="/petitioner-profile" replace />;
  if (!canOpenSettings(me.roleId)) return <Navigate to="/" replace />;
  // First-time setup is a tenant's: platform users have none, so they see the tab in settings.
  if (isPlatformRole(me.roleId)) return <Navigate to={tabName ? `/settings/${tabName}` : '/settings'} replace />;
  // Only the setup steps live here; any other tab opens in settings.
  if (tabName && !setupSteps(route).some((s) => s.key === tabName))
    return <Navigate to={`/settings/${tabName}`} replace />;
  return <SetupScreen route={route} />;
}

function SetupScreen({ route }: { route: SetupRoute }) {
  const me = useCurrentUser();
  const { tabName } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { setActiveTab, showCongratulations } = useShell();
  const progressQuery = useSetupProgress(true);
  const progress = progressQuery.data ? setupProgress(route, setupFactsOf(progressQuery.data)) : null;

  // Any save made on a setup step may have moved a step: the server judges again.
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success')
          void queryClient.invalidateQueries({ queryKey: SETUP_PROGRESS_KEY });
      }),
    [queryClient],
  );

  const viewer = { roleId: me.roleId, tenantType: me.tenantType };
  const steps: SetupStep[] = setupSteps(route).map((s) => ({
    ...s,
    enabled: canOpenTab(s.key, viewer),
    done: progress?.steps.find((p) => p.key === s.key)?.done ?? false,
  }));
  const enabledSteps = steps.filter((s) => s.enabled);
  const requested = tabName ?? enabledSteps[0]?.key ?? null;
  const state = useTabActivation(me, requested, { insideSetup: true });
  const activation = state.status === 'ready' ? state.activation : null;
  const settled = activation && activation.tab === tabName ? activation : null;

  const current = steps.find((s) => s.key === (settled?.tab ?? tabName)) ?? steps[0]!;
  const position = enabledSteps.findIndex((s) => s.key === current.key);
  const previous = position > 0 ? enabledSteps[position - 1] : undefined;
  const next = position >= 0 ? enabledSteps[position + 1] : undefined;

  /** R-SHELL-051: setup ends, with the congratulations, only when the server finds every step done. */
  const finish = useCallback(async () => {
    const fresh = await queryClient.fetchQuery(setupProgressQuery).catch(() => null);
    const done = fresh ? setupProgress(route, setupFactsOf(fresh)).complete : false;
    if (!done) return;
    navigate('/settings');
    showCongratulations();
  }, [queryClient, route, navigate, showCongratulations]);

  const goTo = useCallback((key: SetupStepKey) => navigate(`/${route}/${key}`), [navigate, route]);
  const nextKey = next?.key;
  const previousKey = previous?.key;
  const [claims, setClaims] = useState(0);
  const claim = useCallback(() => {
    setClaims((n) => n + 1);
    return () => setClaims((n) => n - 1);
  }, []);
  const [backSlot, setBackSlot] = useState<HTMLDivElement | null>(null);
  const [primarySlot, setPrimarySlot] = useState<HTMLDivElement | null>(null);
  const nav = useMemo<SetupNav>(
    () => ({
      slots: { back: backSlot, primary: primarySlot },
      claim,
      back: previousKey ? () => goTo(previousKey) : null,
      advance: () => {
        if (nextKey) goTo(nextKey);
        else void finish();
      },
    }),
    [backSlot, primarySlot, claim, previousKey, nextKey, goTo, finish],
  );

  const settledTab = settled?.tab;
  useEffect(() => {
    if (settledTab) setActiveTab(settledTab);
  }, [settledTab, setActiveTab]);

  if (activation && activation.tab !== tabName) {
    // No step named, or one this role cannot open: the step the rules choose.
    const inSteps = steps.some((s) => s.key === activation.tab);
    return <Navigate to={inSteps ? `/${route}/${activation.tab}` : `/settings/${activation.tab}`} replace />;
  }

  const undone = progress?.steps.filter((s) => !s.done).map((s) => s.label) ?? [];
  const label = findTab(current.key)?.label ?? current.key;
  // Issue 38 finding 6: the server's word on what the step has so far and what is left (Case Configuration is
  // done by the platform's defaults before anyone in the firm looked at it). Shown above the step once its
  // activation settled, held or not: the footer marks the step done from the first step on, and this says why.
  const note = progressQuery.data?.steps.find((s) => s.key === current.key)?.note;
  const showNote = note && settled;
  const primary = next
    ? { label: 'Continue', onClick: () => goTo(next.key), disabled: !current.done }
    : { label: 'Finish', onClick: () => void finish(), disabled: !progress?.complete };
  const hint = !progress
    ? null
    : next
      ? current.done
        ? null
        : SETUP_STEP_TODO[current.key]
      : progress.complete
        ? null
        : `Still to do: ${undone.join(', ')}.`;

  const footer = (
    <SetupFooter
      steps={steps}
      current={current.key}
      onBack={nav.back}
      primary={primary}
      hint={hint}
      claimed={claims > 0}
      backSlot={setBackSlot}
      primarySlot={setPrimarySlot}
    />
  );

  return (
    <SetupNavContext.Provider value={nav}>
      <ShellLayout me={me} footer={footer} help={settled && !settled.hold ? HELP_TEXT[settled.tab] : undefined}>
        {showNote ? (
          <Alert
            variant="light"
            color="blue"
            title={`${label} so far`}
            icon={<IconInfoCircle aria-hidden="true" />}
            mb="md"
          >
            {note}
          </Alert>
        ) : null}
        <ActivatedPanel state={state} settled={settled} label={label} setupRoute={route} />
      </ShellLayout>
    </SetupNavContext.Provider>
  );
}
