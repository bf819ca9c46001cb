import { Skeleton, Stack } from '@mantine/core';

export function FormSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label={label}>
      <Skeleton h={180} radius="md" />
      <Skeleton h={220} radius="md" />
      <Skeleton h={140} radius="md" />
    </Stack>
  );
}
