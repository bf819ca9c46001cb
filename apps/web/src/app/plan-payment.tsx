import { lazy, Suspense } from 'react';

/** D-27: the Plan & payment step, loaded only while the card/plan hold is on (it brings the card checks). */
const PlanPaymentStep = lazy(() => import('../features/billing/plan-payment-step'));

export function PlanPaymentHold() {
  return (
    <Suspense fallback={null}>
      <PlanPaymentStep />
    </Suspense>
  );
}
