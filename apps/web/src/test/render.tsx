/**
 * Renders a component as the app does: inside a query client (one per test, no retries, so a failing
 * answer shows at once) and, unless the test brings its own router, a memory router.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';

export const createTestQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

export function renderWithProviders(
  ui: ReactNode,
  { queryClient = createTestQueryClient(), router = true }: { queryClient?: QueryClient; router?: boolean } = {},
) {
  const result = render(
    <QueryClientProvider client={queryClient}>{router ? <MemoryRouter>{ui}</MemoryRouter> : ui}</QueryClientProvider>,
  );
  return { ...result, queryClient };
}
