import type { CaseDetails } from '@caseport/domain/cases/contracts';
import { LETTER_TYPE } from '@caseport/domain/letters/contracts';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { LetterFillDialog, type LetterFillRequest } from '../../components/letter-fill-dialog';
import { CaseEditions } from './case-editions';

/**
 * The Documents tab (issue 34): the checklist of the case's pinned configuration — its platform forms with the
 * editions the case was opened with, the firm's own forms it names, and its letters, each letter with Fill.
 * Filled letters are not linked to the case on the server (a fill stores a file only), so 'Filled' is what this
 * page filled since it was opened.
 */
export function CaseDocuments({ caseId, details }: { caseId: string; details: CaseDetails }) {
  const [request, setRequest] = useState<LetterFillRequest | null>(null);
  const [title, setTitle] = useState('');
  const [filled, setFilled] = useState<ReadonlySet<string>>(() => new Set());
  const onFilled = useCallback(
    (r: LetterFillRequest) => setFilled((s) => (s.has(r.formAndLetterId) ? s : new Set(s).add(r.formAndLetterId))),
    [],
  );
  const pinned = details.pinned;
  const letters = pinned.letters.filter((l) => l.type === LETTER_TYPE);
  const firmForms = pinned.letters.filter((l) => l.type !== LETTER_TYPE);
  const noConfig = !pinned.petitionConfigId;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h4" mb="sm">
          Forms and questionnaire
        </Title>
        {noConfig ? (
          <Text size="sm" c="dimmed" mb="xs">
            This case was opened before its subtype had a case configuration: no forms are pinned on it.
          </Text>
        ) : null}
        <CaseEditions caseId={caseId} />
        {firmForms.length ? (
          <Table striped aria-label="Firm forms" mt="sm">
            <Table.Tbody>
              {firmForms.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {f.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {f.type} of the firm
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h4" mb="xs">
          Letters
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          The letters of this case's configuration. Fill one with the case's people and facts; tags the case has no
          value for are listed first, each with a link to the field that holds it.
        </Text>
        {letters.length === 0 ? (
          <Text size="sm" c="dimmed">
            {noConfig
              ? 'No configuration is pinned on this case, so it has no letters.'
              : "This case's configuration names no letters: add them in Settings, Case Configuration (new cases only)."}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table striped aria-label="Letters">
              <Table.Tbody>
                {letters.map((l) => {
                  const done = filled.has(l.id);
                  return (
                    <Table.Tr key={l.id}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {l.name}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge
                          variant="light"
                          color={done ? 'teal' : 'gray'}
                          title={done ? 'Filled while this page was open' : undefined}
                        >
                          {done ? 'Filled' : 'Not filled yet'}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Group justify="flex-end" wrap="nowrap">
                          <Button
                            size="compact-sm"
                            variant="light"
                            aria-label={`Fill ${l.name}`}
                            onClick={() => {
                              setTitle(`${l.name} · ${details.case.caseNumber}`);
                              setRequest({ formAndLetterId: l.id, caseId, format: 'docx' });
                            }}
                          >
                            {done ? 'Fill again' : 'Fill'}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <LetterFillDialog request={request} title={title} onClose={() => setRequest(null)} onFilled={onFilled} />
    </Stack>
  );
}
