import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

// Not needed for first paint; toasts shown before it arrives wait in the store and appear once it mounts.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/**
 * Toasts at the bottom centre: at the top right they covered the user menu and the page title's actions;
 * the sticky form footers keep their buttons at the sides.
 */
export const TOAST_POSITION = 'bottom-center' as const;

export function AppNotifications() {
  return (
    <Suspense fallback={null}>
      <Notifications position={TOAST_POSITION} limit={4} />
    </Suspense>
  );
}

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <AppNotifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
