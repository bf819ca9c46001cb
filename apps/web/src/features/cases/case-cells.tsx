import { CASE_STATUS_NAMES, type CaseStatus } from '@caseport/domain/cases/contracts';
import { Anchor, Badge, type BadgeProps, Text } from '@mantine/core';
import { Link } from 'react-router';

/** A case number is one word: never broken at its hyphens on a phone (the table scrolls in its frame instead). */
const WHOLE = { whiteSpace: 'nowrap' } as const;

/** A case's number as the lists show it: monospace, opening the case page (`to`). */
export function CaseNumberLink({ to, caseNumber }: { to: string; caseNumber: string }) {
  return (
    <Anchor component={Link} to={to} ff="monospace" fw={600} size="sm" style={WHOLE} aria-label={`Open ${caseNumber}`}>
      {caseNumber}
    </Anchor>
  );
}

/** A case's number where it opens nothing (a document to sign names its case). */
export function CaseNumberText({ caseNumber }: { caseNumber: string }) {
  return (
    <Text span ff="monospace" size="sm" style={WHOLE}>
      {caseNumber}
    </Text>
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
