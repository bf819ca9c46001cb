import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

// Not needed for first paint; toasts shown before it arrives wait in the store and appear once it mounts.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Suspense fallback={null}>
        <Notifications position="top-right" limit={4} />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
