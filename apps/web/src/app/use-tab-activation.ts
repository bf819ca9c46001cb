import type { Me } from '@caseport/domain/auth/contracts';
import {
  type Activation,
  type ActivationInput,
  activateTab,
  needsWorkflowFlags,
} from '@caseport/domain/settings/tab-activation';
import { useWorkflowDetails } from '../lib/shell-queries';

export type ActivationState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry: () => void }
  | { status: 'ready'; activation: Activation };

export const activationInput = (me: Me, requestedTab: string | null | undefined): ActivationInput => ({
  roleId: me.roleId,
  tenantType: me.tenantType,
  requestedTab: requestedTab ?? null,
  profileComplete: me.tenant?.profComplted === 'Yes',
  hasCard: me.tenant?.hasCard ?? false,
  hasPlan: me.tenant?.hasPlan ?? false,
});

interface Options {
  /** Inside first-time setup the workflow tab is the setup itself, so R-SHELL-045 does not hold it. */
  insideSetup?: boolean;
}

/**
 * Runs the 002 §4.6 rules (packages/domain activateTab). The workflow flags only matter when the rules
 * would otherwise open the workflow tab, so /workflow/details is called only then (R-SHELL-045).
 */
export function useTabActivation(
  me: Me,
  requestedTab: string | null | undefined,
  options: Options = {},
): ActivationState {
  const input: ActivationInput = { ...activationInput(me, requestedTab), inSetup: !!options.insideSetup };
  const preliminary = activateTab({ ...input, workflow: null });
  const workflowId = me.tenant?.defaultWorkflowId ?? null;
  const needsWorkflow = needsWorkflowFlags(preliminary) && !!workflowId;
  const workflow = useWorkflowDetails(workflowId, needsWorkflow);

  if (!needsWorkflow) return { status: 'ready', activation: preliminary };
  if (workflow.isPending) return { status: 'loading' };
  if (workflow.isError) return { status: 'error', error: workflow.error, retry: () => void workflow.refetch() };
  return { status: 'ready', activation: activateTab({ ...input, workflow: workflow.data }) };
}
