import { formatUsd } from '@caseport/domain/billing/invoices';
import { type ChangePreview, longDay } from '@caseport/domain/billing/proration';
import { Table, Text } from '@mantine/core';
import { ConfirmDialog } from '../../components/confirm-dialog';

const minus = (amount: number) => `-${formatUsd(amount)}`;

/**
 * Issue 38 finding 1: the confirmation of a plan change. It shows the server's preview (the figures subscribe will
 * charge, billing/proration.ts): the sentence saying what is charged now and from when (or that the change waits
 * for the renewal), and the lines of the invoice it makes: list price, discount, credit, tax and the total.
 */
export function PlanChangeDialog({
  preview,
  isFirst,
  loading,
  onConfirm,
  onCancel,
}: {
  preview: ChangePreview | null;
  isFirst: boolean;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const p = preview;
  const every = p?.interval === 'year' ? 'year' : 'month';
  const now = p?.when === 'now';
  return (
    <ConfirmDialog
      opened={!!p}
      title={isFirst ? 'Confirm subscription' : 'Confirm plan change'}
      message={p?.summary ?? ''}
      onConfirm={onConfirm}
      onCancel={onCancel}
      loading={loading}
      confirmColor="blue"
      cancelLabel="Cancel"
      confirmLabel={p ? (now ? `Pay ${formatUsd(p.dueNow)} now` : `Change on ${longDay(p.effectiveOn)}`) : 'Confirm'}
    >
      {p ? (
        <Table mt="md" aria-label="Charge" withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>
                <Text size="sm">
                  {p.name} plan, list price {formatUsd(p.planListAmount)} a {every}
                </Text>
                {p.days < p.periodDays ? (
                  <Text size="xs" c="dimmed">
                    Prorated for {p.days} of {p.periodDays} days
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td ta="right">{formatUsd(p.listAmount)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>
                <Text size="sm">{p.couponCode ? `Discount (coupon ${p.couponCode})` : 'Discount'}</Text>
              </Table.Td>
              <Table.Td ta="right">{minus(p.discountAmount)}</Table.Td>
            </Table.Tr>
            {p.creditAmount > 0 ? (
              <Table.Tr>
                <Table.Td>
                  <Text size="sm">Credit for unused time</Text>
                  <Text size="xs" c="dimmed">
                    {p.creditDays === 1 ? '1 day' : `${p.creditDays} days`} left of your current plan
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{minus(p.creditAmount)}</Table.Td>
              </Table.Tr>
            ) : null}
            <Table.Tr>
              <Table.Td>
                <Text size="sm">Tax</Text>
              </Table.Td>
              <Table.Td ta="right">{formatUsd(p.taxAmount)}</Table.Td>
            </Table.Tr>
            <Table.Tr style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
              <Table.Td>
                <Text size="sm" fw={700}>
                  {now ? 'Due now' : `Due on ${longDay(p.effectiveOn)}`}
                </Text>
              </Table.Td>
              <Table.Td ta="right" fw={700} aria-label={now ? 'Due now' : 'Due at renewal'}>
                {formatUsd(now ? p.dueNow : p.totalAmount)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      ) : null}
    </ConfirmDialog>
  );
}
