import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { useCreateBranch } from './api';
import { BranchForm } from './branch-form';
import { detailsPath } from './branches-page';

/** branchCreate (000 §2): a new office; only the administrator creates branches. */
export default function BranchCreatePage() {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const create = useCreateBranch();
  if (me.roleId !== 3)
    return (
      <Text>
        Only the administrator creates branches.{' '}
        <Anchor component={Link} to="/settings/branchList">
          Back to Branches
        </Anchor>
      </Text>
    );
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/settings/branchList" size="sm">
        ← Branches
      </Anchor>
      <Title order={2}>New Branch</Title>
      <Paper withBorder radius="md" p="md">
        <BranchForm
          saved={null}
          saving={create.isPending}
          submitLabel="Create Branch"
          onCancel={() => navigate('/settings/branchList')}
          onSave={async (v) => {
            const answer = await create.mutateAsync(v);
            navigate(detailsPath(answer.branch._id));
            return answer;
          }}
        />
      </Paper>
    </Stack>
  );
}
