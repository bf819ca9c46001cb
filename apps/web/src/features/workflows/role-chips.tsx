import type { RoleRef } from '@caseport/domain/workflows/rules';
import { roleSummary } from '@caseport/domain/workflows/rules';
import { Badge, Group, Text, Tooltip } from '@mantine/core';

/** R-WF-018: the first 2 roles, then '+N' with the rest in a tooltip. */
export function RoleChips({ roles }: { roles: RoleRef[] }) {
  if (roles.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const { names, more } = roleSummary(roles);
  return (
    <Group gap={4} wrap="wrap">
      {names.map((n) => (
        <Badge key={n} variant="light" size="sm" radius="sm" tt="none">
          {n}
        </Badge>
      ))}
      {more > 0 ? (
        <Tooltip
          label={roles
            .slice(2)
            .map((r) => r.roleName)
            .join(', ')}
          withArrow
        >
          <Badge variant="outline" size="sm" radius="sm" tabIndex={0}>
            +{more}
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
}
