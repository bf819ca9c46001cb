import { Stack, Title } from '@mantine/core';
import { BillingDetailsPanel } from './billing-details-panel';
import { InvoiceList } from './invoice-list';
import { PlanAndPayment } from './plan-and-payment';

/**
 * The Billing & Payments tab (001 §2.3, tab 'invoiceList'): the plan and the card (R-BILL-001..008,
 * R-BILL-019..023, D-26), Billing Details and the invoice list.
 */
export default function BillingPage() {
  return (
    <Stack gap="lg">
      <Title order={2}>Billing &amp; Payments</Title>
      <PlanAndPayment />
      <BillingDetailsPanel />
      <InvoiceList />
    </Stack>
  );
}
