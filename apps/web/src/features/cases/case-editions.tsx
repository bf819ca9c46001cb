import { formatEdition } from '@caseport/domain/platform-library/contracts';
import { Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../components/error-alert';
import { api } from '../../lib/api-client';

/**
 * Issue 21: what a case was opened with and keeps — the questionnaire version and the edition of each platform
 * form its configuration picked (a later publish or edition does not change them).
 */
export function CaseEditions({ caseId }: { caseId: string }) {
  const query = useQuery({
    queryKey: ['cases', 'form-editions', caseId],
    queryFn: ({ signal }) => api.call('/api/cases/form-editions', { caseId }, signal),
  });
  if (query.isPending) return <Loader aria-label="Loading the editions" />;
  if (query.isError) return <ErrorAlert error={query.error} />;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        The questionnaire version and form editions this case was opened with. Later versions and editions apply to new
        cases only.
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
  );
}
