import { Alert, Button, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { notify } from '../../components/notify';
import { FormSkeleton } from './form-skeleton';

/**
 * Loading, failed-load (R-PROFILE-051: the server's message as a toast, once, and a retry) and loaded states of
 * the profile screens (Company Details, the petitioner profile, a signatory's company data).
 */
export function LoadState<T>({
  query,
  children,
  loadingLabel = 'Loading your profile',
  failedTitle = 'Your profile could not be loaded',
}: {
  query: { isLoading: boolean; error: Error | null; data: T | undefined; refetch: () => unknown };
  children: (data: T) => ReactNode;
  loadingLabel?: string;
  failedTitle?: string;
}) {
  const notified = useRef(false);
  useEffect(() => {
    if (query.error && !notified.current) {
      notified.current = true;
      void notify.error(query.error);
    }
  }, [query.error]);
  if (query.isLoading) return <FormSkeleton label={loadingLabel} />;
  if (query.error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />} title={failedTitle}>
        <Text size="sm">{query.error.message}</Text>
        <Button
          size="xs"
          variant="light"
          mt="sm"
          onClick={() => {
            notified.current = false;
            void query.refetch();
          }}
        >
          Try again
        </Button>
      </Alert>
    );
  }
  return <>{children(query.data as T)}</>;
}
