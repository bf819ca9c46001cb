import { Box, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled card of a profile form. */
export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Title order={3} fz="h4">
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed" mt={2}>
          {description}
        </Text>
      ) : null}
      <Box mt="md">{children}</Box>
    </Paper>
  );
}
