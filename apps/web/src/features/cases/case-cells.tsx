import { CASE_STATUS_NAMES, type CaseStatus } from '@caseport/domain/cases/contracts';
import { Anchor, Badge, type BadgeProps } from '@mantine/core';
import { Link } from 'react-router';

/** A case's number as the lists show it: monospace, opening the case page (`to`). */
export function CaseNumberLink({ to, caseNumber }: { to: string; caseNumber: string }) {
  return (
    <Anchor component={Link} to={to} ff="monospace" fw={600} size="sm" aria-label={`Open ${caseNumber}`}>
      {caseNumber}
    </Anchor>
  );
}

/** Open or Closed, whole on a phone (the table scrolls inside its frame instead). */
export function CaseStatusBadge({ status, size }: { status: CaseStatus; size?: BadgeProps['size'] }) {
  return (
    <Badge variant="light" color={status === 'open' ? 'teal' : 'gray'} size={size} style={{ minWidth: 'max-content' }}>
      {CASE_STATUS_NAMES[status]}
    </Badge>
  );
}
