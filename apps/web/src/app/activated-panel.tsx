import type { SetupRoute } from '@caseport/domain/settings/tabs';
import { useSearchParams } from 'react-router';
import { FullPageError } from './full-page-status';
import { HoldPanel } from './hold-panel';
import { PlanPaymentHold } from './plan-payment';
import { PanelSkeleton, TabPanelOutlet } from './tab-panel-outlet';
import { TAB_PANELS } from './tab-registry';
import type { ActivationState } from './use-tab-activation';

type Settled = Extract<ActivationState, { status: 'ready' }>['activation'];

/**
 * What the settings page and the setup pages show in their main area once the activation rules have run:
 * a skeleton while loading, an error with retry, a held tab's explanation (issue 15), or the tab's panel with
 * its `?tab=` sub-tab (R-SHELL-005) kept in the URL.
 */
export function ActivatedPanel(props: {
  state: ActivationState;
  settled: Settled | null;
  label: string;
  /** The first-time setup route the page is on, if any (a hold's link stays inside it). */
  setupRoute: SetupRoute | null;
  errorTitle?: string;
}) {
  const { state, settled, label, setupRoute } = props;
  const [params, setParams] = useSearchParams();
  return (
    <>
      {state.status === 'loading' ? <PanelSkeleton /> : null}
      {state.status === 'error' ? (
        <FullPageError error={state.error} onRetry={state.retry} title={props.errorTitle} />
      ) : null}
      {settled?.hold ? <HoldPanel title={label} hold={settled.hold} setupRoute={setupRoute ?? undefined} /> : null}
      {settled && !settled.hold && settled.reason === 'billing-missing' ? <PlanPaymentHold /> : null}
      {settled && !settled.hold ? (
        <TabPanelOutlet
          panel={TAB_PANELS[settled.tab]}
          tabKey={settled.tab}
          subTab={params.get('tab')}
          onSubTabChange={(subTab, options) =>
            setParams(
              (prev) => {
                const next = new URLSearchParams(prev);
                if (subTab) next.set('tab', subTab);
                else next.delete('tab');
                return next;
              },
              { replace: options?.replace ?? false },
            )
          }
          inSetup={!!setupRoute}
        />
      ) : null}
    </>
  );
}
