import { useSearchParams } from 'react-router';
import { FullPageError } from './full-page-status';
import { NoticePanel } from './notice-panel';
import { PanelSkeleton, TabPanelOutlet } from './tab-panel-outlet';
import { TAB_PANELS } from './tab-registry';
import type { ActivationState } from './use-tab-activation';

type Settled = Extract<ActivationState, { status: 'ready' }>['activation'];

/**
 * What the settings page and the setup pages show in their main area once the activation rules have run:
 * a skeleton while loading, an error with retry, the D-03 notice, or the tab's panel with its `?tab=`
 * sub-tab (R-SHELL-005) kept in the URL.
 */
export function ActivatedPanel(props: {
  state: ActivationState;
  settled: Settled | null;
  label: string;
  inSetup: boolean;
  errorTitle?: string;
}) {
  const { state, settled, label, inSetup } = props;
  const [params, setParams] = useSearchParams();
  return (
    <>
      {state.status === 'loading' ? <PanelSkeleton /> : null}
      {state.status === 'error' ? (
        <FullPageError error={state.error} onRetry={state.retry} title={props.errorTitle} />
      ) : null}
      {settled?.notice ? <NoticePanel title={label} notice={settled.notice} /> : null}
      {settled && !settled.notice ? (
        <TabPanelOutlet
          panel={TAB_PANELS[settled.tab]}
          tabKey={settled.tab}
          subTab={params.get('tab')}
          onSubTabChange={(subTab) =>
            setParams((prev) => {
              const next = new URLSearchParams(prev);
              if (subTab) next.set('tab', subTab);
              else next.delete('tab');
              return next;
            })
          }
          inSetup={inSetup}
        />
      ) : null}
    </>
  );
}
