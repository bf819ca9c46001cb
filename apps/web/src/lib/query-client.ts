import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Client errors (4xx) will not change on a retry; only network failures and 5xx are retried, once. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500);

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

export const queryClient = createQueryClient();
