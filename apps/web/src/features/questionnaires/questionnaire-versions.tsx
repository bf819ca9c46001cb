import type { QuestionnaireDetails } from '@caseport/domain/questionnaires/contracts';
import type { Definition } from '@caseport/domain/questionnaires/definition';
import { Badge, Button, Loader, Modal, Paper, Stack, Table, Title } from '@mantine/core';
import { ErrorAlert } from '../../components/error-alert';
import { formatDate } from '../../components/format-date';
import { QuestionnaireForm } from '../../components/questionnaire-form';
import { useQuestionnaireVersion } from './api';

export function Versions({ details, onPreview }: { details: QuestionnaireDetails; onPreview: (v: number) => void }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={3} size="h4">
          Versions
        </Title>
        <Table.ScrollContainer minWidth={420}>
          <Table aria-label="Versions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Version</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Published</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {details.versions.map((v) => (
                <Table.Tr key={v.version}>
                  <Table.Td>v{v.version}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={v.status === 'published' ? 'teal' : 'yellow'}>
                      {v.status === 'published' ? 'Published' : 'Draft'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {v.publishedOn
                      ? `${formatDate(v.publishedOn)}${v.publishedByName ? ` by ${v.publishedByName}` : ''}`
                      : '—'}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      onClick={() => onPreview(v.version)}
                      aria-label={`Preview version ${v.version}`}
                    >
                      Preview
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

export function VersionPreview({
  questionnaireId,
  version,
  onClose,
}: {
  questionnaireId: string | null;
  version: number | null;
  onClose: () => void;
}) {
  const q = useQuestionnaireVersion(questionnaireId, version);
  return (
    <Modal
      opened={!!version}
      onClose={onClose}
      title={`Version ${version ?? ''} preview`}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close preview' }}
    >
      {q.isPending ? (
        <Loader aria-label="Loading" />
      ) : q.isError ? (
        <ErrorAlert error={q.error} />
      ) : (
        <QuestionnaireForm definition={q.data.version.definition as Definition} title={q.data.version.name} />
      )}
    </Modal>
  );
}
