import { Role } from '@caseport/domain/auth/roles';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useCurrentUser } from '../../lib/current-user';
import type { TabPanelProps } from '../../lib/tab-panel';
import { NewWorkflowEditor, type NewWorkflowStart, WorkflowEditor } from './workflow-editor';
import { WorkflowList } from './workflow-list';

/** The sub-tab of Create Workflow's wizard before the workflow is stored. */
const NEW = 'new';

/**
 * The Workflows tab (000 §2 Workflow tab, 001 §2.1): the list first (R-WF-001); edit opens the 3-step
 * editor (R-WF-013). Inside first-time setup roles 3 and 4 go straight to their tenant's default
 * workflow (R-WF-009).
 */
export default function WorkflowsPage({ inSetup, subTab, onSubTabChange }: TabPanelProps) {
  const me = useCurrentUser();
  const tenantRole = me.roleId === Role.Admin || me.roleId === Role.BranchManager;
  const defaultId = tenantRole ? (me.tenant?.defaultWorkflowId ?? null) : null;
  // The editor has a URL of its own (`?tab=<workflowId>`): Back returns to the list, a reload stays.
  const editing = subTab ?? (inSetup ? defaultId : null);
  const setEditing = onSubTabChange;
  // Create Workflow (issue 15): the wizard opens on `?tab=new` with nothing stored; once step 1 is continued
  // from, the stored workflow's id replaces `new` in the URL while the same wizard goes on.
  const [fresh, setFresh] = useState<{ start: NewWorkflowStart; storedId: string | null } | null>(null);

  if (inSetup && tenantRole && !defaultId) {
    return (
      <Center py="xl">
        <Stack align="center">
          <Loader size="sm" />
          <Text c="dimmed">Your workflow is being prepared.</Text>
        </Stack>
      </Center>
    );
  }
  if (fresh && (editing === NEW || (fresh.storedId !== null && editing === fresh.storedId))) {
    return (
      <NewWorkflowEditor
        start={fresh.start}
        onClose={() => {
          setFresh(null);
          setEditing(null);
        }}
        onEdit={setEditing}
        onStored={(id) => {
          setFresh({ ...fresh, storedId: id });
          setEditing(id, { replace: true });
        }}
      />
    );
  }
  // `?tab=new` without a wizard in memory (a reload before step 1 was saved): nothing was stored, the list shows.
  if (editing && editing !== NEW) {
    return (
      <WorkflowEditor
        workflowId={editing}
        inSetup={inSetup}
        onClose={inSetup ? null : () => setEditing(null)}
        onEdit={setEditing}
      />
    );
  }
  return (
    <WorkflowList
      onEdit={setEditing}
      onCreate={(start) => {
        setFresh({ start, storedId: null });
        setEditing(NEW);
      }}
    />
  );
}
