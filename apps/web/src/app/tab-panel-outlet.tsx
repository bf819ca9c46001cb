import type { TabKey } from '@caseport/domain/settings/tabs';
import { Skeleton, Stack } from '@mantine/core';
import { Suspense } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import type { TabPanelProps } from '../lib/tab-panel';
import type { TabPanel } from './tab-registry';

export function PanelSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading">
      <Skeleton height={30} width="40%" />
      <Skeleton height={16} width="70%" />
      <Skeleton height={220} />
    </Stack>
  );
}

export function TabPanelOutlet({ panel: Panel, ...props }: TabPanelProps & { panel: TabPanel; tabKey: TabKey }) {
  return (
    // key: a failure in one tab must not stick when the user moves to another.
    <ErrorBoundary key={props.tabKey} title="This tab could not be loaded">
      <Suspense fallback={<PanelSkeleton />}>
        <Panel {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
