import { Text } from '@mantine/core';

/** R-LIST-003. Polite live region: a screen reader hears the new total after filtering. */
export function TotalCount({ total, noun = 'record' }: { total: number; noun?: string }) {
  return (
    <Text size="sm" c="dimmed" aria-live="polite">
      Total: {total.toLocaleString('en-US')} {total === 1 ? noun : `${noun}s`}
    </Text>
  );
}
