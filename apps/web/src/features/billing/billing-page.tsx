import { Paper, Stack, Text, Title } from '@mantine/core';
import { placeholderText } from '../../app/placeholder-panel';
import { InvoiceList } from './invoice-list';

/**
 * The Billing & Payments tab (001 §2.3, tab 'invoiceList'). The invoice list is built; the card section and
 * the Billing Details panel (R-BILL-001..023) come with the billing area and say so honestly until then.
 */
export default function BillingPage() {
  return (
    <Stack gap="lg">
      <Title order={2}>Billing &amp; Payments</Title>
      <Paper withBorder radius="md" p="md">
        <Text fw={600}>Card and billing details</Text>
        <Text size="sm" c="dimmed">
          {placeholderText('Card and billing details')}
        </Text>
      </Paper>
      <InvoiceList />
    </Stack>
  );
}
