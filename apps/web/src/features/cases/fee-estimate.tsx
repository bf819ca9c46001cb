import { FEE_CURRENCY } from '@caseport/domain/filing-fees/contracts';
import { DEPENDENTS_LABEL, isDependentsLine } from '@caseport/domain/filing-fees/rules';
import { Badge, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { api } from '../../lib/api-client';

const money = (n: number) => `${FEE_CURRENCY}${n.toLocaleString('en-US')}`;

/** Issue 18: a case's fee estimate, its sub-type's fees in force on the day it was opened. */
export function FeeEstimateButton({ caseId, caseNumber }: { caseId: string; caseNumber: string }) {
  const [open, setOpen] = useState(false);
  const query = useQuery({
    queryKey: ['cases', 'fee-estimate', caseId],
    enabled: open,
    queryFn: ({ signal }) => api.call('/api/invoices/case-fee-estimate', { caseId }, signal),
  });
  return (
    <>
      <Button size="compact-xs" variant="light" onClick={() => setOpen(true)} aria-label={`Fee estimate ${caseNumber}`}>
        Fee estimate
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Fee estimate · ${caseNumber}`} size="lg">
        {query.isPending ? (
          <Loader aria-label="Loading the fee estimate" />
        ) : query.isError ? (
          <ErrorAlert error={query.error} />
        ) : (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Fees in force on {query.data.onDate}
              {query.data.effectiveFrom ? ` (your fees from ${query.data.effectiveFrom})` : ' (platform fee schedule)'}.
            </Text>
            <Table striped aria-label="Fee estimate">
              <Table.Tbody>
                {query.data.lines.map((l) => (
                  <Table.Tr key={l.code}>
                    <Table.Td>
                      <Group gap={6}>
                        <Text size="sm">
                          {l.name}
                          {isDependentsLine(l.code) ? ` ${DEPENDENTS_LABEL}` : ''}
                        </Text>
                        {l.online && (
                          <Badge size="xs" variant="light" color="grape">
                            Online
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">{money(l.amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text fw={600} ta="right">
              Estimated total (paper filing): {money(query.data.total)}
            </Text>
          </Stack>
        )}
      </Modal>
    </>
  );
}
