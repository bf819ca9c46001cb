import { Text } from '@mantine/core';

/** The plural of a list's noun: 'entry' → 'entries', 'branch' → 'branches', 'case' → 'cases'. */
export const pluralOf = (noun: string) =>
  /[^aeiou]y$/.test(noun) ? `${noun.slice(0, -1)}ies` : /(s|x|z|ch|sh)$/.test(noun) ? `${noun}es` : `${noun}s`;

/**
 * R-LIST-003. Polite live region: a screen reader hears the new total after filtering. A count that stopped at its
 * cap (issue 37, a growing list) says 'more than'.
 */
export function TotalCount({
  total,
  noun = 'record',
  capped = false,
}: {
  total: number;
  noun?: string;
  capped?: boolean;
}) {
  return (
    <Text size="sm" c="dimmed" aria-live="polite">
      Total: {capped ? 'more than ' : ''}
      {total.toLocaleString('en-US')} {total === 1 && !capped ? noun : pluralOf(noun)}
    </Text>
  );
}
