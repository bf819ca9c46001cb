import { Paper, Stack, Text, Title } from '@mantine/core';
import { placeholderText } from '../../app/placeholder-panel';
import { BillingDetailsPanel } from './billing-details-panel';
import { InvoiceList } from './invoice-list';

/**
 * The Billing & Payments tab (001 §2.3, tab 'invoiceList'): Billing Details and the invoice list are built;
 * the card section and the plans (R-BILL-001..008, R-BILL-019..022, D-26) say so honestly until they are.
 */
export default function BillingPage() {
  return (
    <Stack gap="lg">
      <Title order={2}>Billing &amp; Payments</Title>
      <Paper withBorder radius="md" p="md">
        <Text fw={600}>Card and plan</Text>
        <Text size="sm" c="dimmed">
          {placeholderText('Card and plan')}
        </Text>
      </Paper>
      <BillingDetailsPanel />
      <InvoiceList />
    </Stack>
  );
}
