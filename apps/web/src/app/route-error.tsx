import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={460} ta="center" role="alert">
        <Title order={1} fz="h3">
          {notFound ? 'Page not found' : 'Something went wrong'}
        </Title>
        <Text c="dimmed">
          {notFound
            ? 'The address does not match any page of Caseport.'
            : 'Reload the page to try again. If it keeps happening, contact support.'}
        </Text>
        <Button component={Link} to="/">
          Go to the start page
        </Button>
      </Stack>
    </Center>
  );
}
