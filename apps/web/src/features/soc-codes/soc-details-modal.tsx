import type { SocCodeConfig } from '@caseport/domain/soc-codes/contracts';
import { Anchor, Badge, Group, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { formatDate } from '../../components/format-date';
import { RichTextView } from '../../components/rich-text-view';
import { viewFileUrl } from '../../lib/files';

function Documents({ soc }: { soc: SocCodeConfig }) {
  return (
    <Table withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Template</Table.Th>
          <Table.Th>Uploaded By</Table.Th>
          <Table.Th>Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {soc.document.map((d) => (
          <Table.Tr key={d.path}>
            <Table.Td>{d.name}</Table.Td>
            <Table.Td>
              {d.uploadedByName}
              <Text size="xs" c="dimmed">
                {d.uploadedByRoleName}
              </Text>
            </Table.Td>
            <Table.Td>
              <Group gap="sm">
                <Anchor href={viewFileUrl(d)} target="_blank" rel="noopener" size="sm">
                  View
                </Anchor>
                <Anchor href={viewFileUrl(d)} download={d.name} size="sm" aria-label={`Download ${d.name}`}>
                  Download
                </Anchor>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** R-SOC-013: 'SOC Configuration Details' (View) or 'SOC Configuration Documents' (Download of several). */
export function SocDetailsModal({
  soc,
  mode,
  onClose,
}: {
  soc: SocCodeConfig | null;
  mode: 'details' | 'documents';
  onClose: () => void;
}) {
  return (
    <Modal
      opened={!!soc}
      onClose={onClose}
      title={mode === 'details' ? 'SOC Configuration Details' : 'SOC Configuration Documents'}
      size="xl"
      centered
    >
      {soc && mode === 'details' ? (
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <div>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                SOC
              </Text>
              <Text fw={600}>{soc.socDetails.name}</Text>
              <Text size="sm">{soc.socDetails.designation}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                Status
              </Text>
              <Badge color={soc.status ? 'teal' : 'gray'}>{soc.status ? 'Active' : 'Inactive'}</Badge>
              {soc.newSocCode ? <Text size="sm">New SOC Code: {soc.newSocCode}</Text> : null}
              <Text size="xs" c="dimmed">
                Created {formatDate(soc.createdOn)} · Updated {formatDate(soc.updatedOn)}
              </Text>
            </div>
          </SimpleGrid>
          <div>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              Description
            </Text>
            <RichTextView html={soc.socDetails.description} />
          </div>
          <div>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              Job Titles
            </Text>
            <RichTextView html={soc.socDetails.jobTitles} />
          </div>
          {soc.document.length ? <Documents soc={soc} /> : null}
        </Stack>
      ) : soc ? (
        <Documents soc={soc} />
      ) : null}
    </Modal>
  );
}
