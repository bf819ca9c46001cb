import { formatEdition } from '@caseport/domain/platform-library/contracts';
import { Button, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { api } from '../../lib/api-client';

/**
 * Issue 21: what a case was opened with and keeps — the questionnaire version and the edition of each platform
 * form its configuration picked (a later publish or edition does not change them).
 */
export function CaseEditionsButton({ caseId, caseNumber }: { caseId: string; caseNumber: string }) {
  const [open, setOpen] = useState(false);
  const query = useQuery({
    queryKey: ['cases', 'form-editions', caseId],
    enabled: open,
    queryFn: ({ signal }) => api.call('/api/cases/form-editions', { caseId }, signal),
  });
  return (
    <>
      <Button size="compact-xs" variant="light" onClick={() => setOpen(true)} aria-label={`Editions ${caseNumber}`}>
        Editions
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Editions · ${caseNumber}`} size="lg">
        {query.isPending ? (
          <Loader aria-label="Loading the editions" />
        ) : query.isError ? (
          <ErrorAlert error={query.error} />
        ) : (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              The questionnaire version and form editions this case was opened with. Later versions and editions apply
              to new cases only.
            </Text>
            <Text size="sm">
              <Text span fw={600}>
                Questionnaire:{' '}
              </Text>
              {query.data.questionnaire
                ? `${query.data.questionnaire.name}, version ${query.data.questionnaire.version}`
                : 'None'}
            </Text>
            {query.data.list.length === 0 ? (
              <Text size="sm" c="dimmed">
                No platform forms in this case's configuration.
              </Text>
            ) : (
              <Table striped aria-label="Form editions">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Form</Table.Th>
                    <Table.Th ta="right">Edition</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {query.data.list.map((e) => (
                    <Table.Tr key={e.formId}>
                      <Table.Td>{e.formNumber ? `${e.formNumber} ${e.title}` : e.title}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatEdition(e.editionDate)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        )}
      </Modal>
    </>
  );
}
