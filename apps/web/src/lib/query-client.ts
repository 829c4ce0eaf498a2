import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { reportSessionExpiry } from './auth/session-expiry';

export const queryClient = new QueryClient({
  // A 401 from any query or mutation may mean the session ended: one place handles it.
  queryCache: new QueryCache({ onError: reportSessionExpiry }),
  mutationCache: new MutationCache({ onError: (error) => reportSessionExpiry(error) }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not get better by asking again.
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
    },
  },
});
