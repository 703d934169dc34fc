import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';

const MAX_RETRIES = 2;

/** A 4xx will not change on retry and the user has already seen its message; network and 5xx may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
