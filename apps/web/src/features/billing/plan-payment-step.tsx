import { Alert, Stack } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { PlanAndPayment } from './plan-and-payment';

export const BILLING_MISSING_PROMPT =
  'A plan and a payment card are needed before you can continue. Add them in the Plan & payment step of your profile.';

/**
 * D-27: the 'Plan & payment' step of the profile tab while the card or the plan is missing (roles 3 and 50, once
 * Company Details are complete): the plan picker and the card; subscribing with a card on file lifts the hold.
 */
export default function PlanPaymentStep() {
  return (
    <Stack component="section" gap="md" mb="lg" aria-label="Plan & payment step">
      <Alert
        color="yellow"
        variant="light"
        icon={<IconCreditCard size={18} aria-hidden="true" />}
        title="Plan & payment"
        role="status"
      >
        {BILLING_MISSING_PROMPT}
      </Alert>
      <PlanAndPayment />
    </Stack>
  );
}
