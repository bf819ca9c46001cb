import { STEP_TITLES, STEPS } from '@caseport/domain/workflows/catalogue';
import { Badge, Button, Drawer, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { ErrorAlert } from '../../components/error-alert';
import { useWorkflow } from './api';
import { RoleChips } from './role-chips';

/** R-WF-017: a read-only side view of each included activity with its Editors and Watchers. */
export function WorkflowPreview({
  workflowId,
  onClose,
  onEdit,
}: {
  workflowId: string | null;
  onClose: () => void;
  onEdit: (id: string) => void;
}) {
  const workflow = useWorkflow(workflowId);
  const w = workflow.data;
  return (
    <Drawer
      opened={!!workflowId}
      onClose={onClose}
      position="right"
      size="xl"
      title={<Title order={3}>{w?.name ?? 'Workflow'}</Title>}
    >
      {workflow.isPending ? <Skeleton height={240} /> : null}
      <ErrorAlert error={workflow.error} />
      {w ? (
        <Stack gap="lg">
          <Group gap="xs">
            <Badge variant="light" color={w.configCompleted ? 'teal' : 'orange'}>
              {w.configCompleted ? 'Complete' : 'Pending'}
            </Badge>
            <Badge variant="dot" color={w.active ? 'teal' : 'gray'}>
              {w.active ? 'Active' : 'Inactive'}
            </Badge>
            <Badge variant="outline" color="gray" tt="none">
              {w.workflowType}
            </Badge>
            <Text size="sm" c="dimmed">
              {w.tenantDetails.name}
            </Text>
          </Group>
          {STEPS.map((step) => {
            const rows = w.config.filter((a) => a.step === step && a.showMe && a.include === 'Yes');
            return (
              <Stack key={step} gap={6}>
                <Text fw={700} size="sm">
                  Step {step}: {STEP_TITLES[step]}
                </Text>
                <Table withTableBorder verticalSpacing="xs" aria-label={`Step ${step} activities`}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Activity</Table.Th>
                      <Table.Th>Editors</Table.Th>
                      <Table.Th>Watchers</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((a) => (
                      <Table.Tr key={a.code}>
                        <Table.Td>
                          <Text size="sm">{a.name}</Text>
                        </Table.Td>
                        <Table.Td>
                          <RoleChips roles={a.editors} />
                        </Table.Td>
                        <Table.Td>
                          <RoleChips roles={a.watchers} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Stack>
            );
          })}
          <Group justify="flex-end">
            <Button
              onClick={() => {
                onClose();
                onEdit(w._id);
              }}
            >
              Edit Workflow
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Drawer>
  );
}
