import { type CaseFactKey, FACT_BY_KEY } from '@caseport/domain/cases/facts';
import { FEE_CURRENCY } from '@caseport/domain/filing-fees/contracts';
import { DEPENDENTS_LABEL, isDependentsLine } from '@caseport/domain/filing-fees/rules';
import { Alert, Badge, Button, Group, List, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { notify } from '../../components/notify';
import { api } from '../../lib/api-client';
import { saveDownloaded } from '../../lib/files';

const money = (n: number) => `${FEE_CURRENCY}${n.toLocaleString('en-US')}`;

const factLabel = (key: string) => FACT_BY_KEY[key as CaseFactKey]?.label ?? key;

/**
 * Issue 18 / 34 / 36: a case's fee estimate, the schedule in force on its filing date, the condition that chose
 * each line and its source, and what the case's facts do not say yet.
 */
export function FeeEstimate({ caseId, enabled = true }: { caseId: string; enabled?: boolean }) {
  const query = useQuery({
    queryKey: ['cases', 'fee-estimate', caseId],
    enabled,
    queryFn: ({ signal }) => api.call('/api/invoices/case-fee-estimate', { caseId }, signal),
  });
  // Issue 36: the estimate printed for the client, as the server renders it.
  const pdf = useMutation({
    mutationFn: async () =>
      saveDownloaded(await api.download('/api/invoices/case-fee-estimate-pdf', { caseId }), 'fee-estimate.pdf'),
    onError: (error) => void notify.error(error),
  });
  if (query.isPending) return <Loader aria-label="Loading the fee estimate" />;
  if (query.isError) return <ErrorAlert error={query.error} />;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Fees in force on {query.data.onDate}
        {query.data.effectiveFrom ? ` (your fees from ${query.data.effectiveFrom})` : ' (platform fee schedule)'}.
        {` Platform schedule from ${query.data.schedule.effectiveFrom}.`}
      </Text>
      {query.data.questions.length > 0 && (
        <Alert color="yellow" title="Not known from the case's facts" aria-label="Not known from the case's facts">
          <List size="sm" spacing={4}>
            {query.data.questions.map((q) => (
              <List.Item key={q.key}>
                <Text size="sm" fw={500}>
                  {q.label}?
                </Text>
                <Text size="xs">{q.effects.join('; ')}.</Text>
                <Text size="xs" c="dimmed">
                  Set in the case's facts: {q.facts.map(factLabel).join(', ')}.
                </Text>
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {query.data.lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          No fees apply to this case.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped aria-label="Fee estimate">
            <Table.Tbody>
              {query.data.lines.map((l) => (
                <Table.Tr key={l.code}>
                  <Table.Td>
                    <Group gap={6}>
                      <Text size="sm">
                        {l.name}
                        {isDependentsLine(l.code) ? ` ${DEPENDENTS_LABEL}` : ''}
                        {l.quantity !== 1 ? ` × ${l.quantity} at ${money(l.unitAmount)}` : ''}
                      </Text>
                      {l.online && (
                        <Badge size="xs" variant="light" color="grape">
                          Online
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c={l.condition ? 'teal.8' : 'dimmed'}>
                      {l.condition ? `Condition: ${l.condition.label}` : 'Standard amount'}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Source: {l.source}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{money(l.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconDownload size={14} />}
          loading={pdf.isPending}
          onClick={() => pdf.mutate()}
        >
          Download estimate (PDF)
        </Button>
        <Text fw={600} ta="right">
          Estimated total ({query.data.filedOnline ? 'online filing' : 'paper filing'}): {money(query.data.total)}
        </Text>
      </Group>
    </Stack>
  );
}

/** Issue 18: the estimate in a modal (kept for screens without the case page). */
export function FeeEstimateButton({ caseId, caseNumber }: { caseId: string; caseNumber: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="compact-xs" variant="light" onClick={() => setOpen(true)} aria-label={`Fee estimate ${caseNumber}`}>
        Fee estimate
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Fee estimate · ${caseNumber}`} size="lg">
        {open ? <FeeEstimate caseId={caseId} /> : null}
      </Modal>
    </>
  );
}
