import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PendingBooksTable } from './pending-books-table';

/**
 * The overview when nothing waits for review. (The browser tests share one server whose other tests
 * keep submitting books, so these states are checked here, at the network boundary.)
 */
function serverAnswering(answers: Record<string, unknown>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0]!;
      asked.push(path);
      if (!(path in answers))
        return new Response(JSON.stringify({ msg: 'Not found', code: 'NOT_FOUND' }), { status: 404 });
      return new Response(JSON.stringify(answers[path]), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

function renderWithQueries(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('admin overview with nothing to review', () => {
  it("the pending table says 'No pending books available.'", async () => {
    const asked = serverAnswering({ '/api/books/pending': [], '/api/store': { currency: 'USD' } });
    renderWithQueries(<PendingBooksTable />);
    expect(await screen.findByText('No pending books available.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Approve / })).toBeNull();
    expect(asked).toContain('/api/books/pending');
  });
});
