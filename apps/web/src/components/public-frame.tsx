import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from './brand';

/** The frame of the signed-out pages (sign in, accept an invitation, reset a password). */
export function PublicFrame({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Box w="100%" maw={420}>
        <Stack align="center" mb="lg" gap="xs">
          <Brand size={40} />
          <Text c="dimmed" size="sm" ta="center">
            Case management for immigration law firms and petitioner companies
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" p="xl" radius="md" component="main">
          <Title order={1} fz="h3" mb="md">
            {title}
          </Title>
          {children}
        </Paper>
        {footer}
      </Box>
    </Center>
  );
}
