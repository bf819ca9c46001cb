import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../components/error-alert';

export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="60dvh" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader />
        <Text size="sm" c="dimmed">
          {label}…
        </Text>
      </Stack>
    </Center>
  );
}

export function FullPageError({
  error,
  onRetry,
  title = 'This page could not be loaded',
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" gap="sm" maw={460} ta="center" role="alert">
        <Title order={2} fz="h3">
          {title}
        </Title>
        <Text c="dimmed">{errorMessage(error) ?? 'Something went wrong.'}</Text>
        {onRetry ? <Button onClick={onRetry}>Try again</Button> : null}
      </Stack>
    </Center>
  );
}
