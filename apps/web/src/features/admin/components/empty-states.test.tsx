import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { serverAnswering } from '@/test/server';
import { PendingBooksTable } from './pending-books-table';

// The overview when nothing waits for review. (The browser tests share one server whose other tests
// keep submitting books, so these states are checked here, at the network boundary.)

describe('admin overview with nothing to review', () => {
  it("the pending table says 'No pending books available.'", async () => {
    const asked = serverAnswering({ '/api/books/pending': [], '/api/store': { currency: 'USD' } });
    renderWithProviders(<PendingBooksTable />);
    expect(await screen.findByText('No pending books available.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Approve / })).toBeNull();
    expect(asked).toContain('/api/books/pending');
  });
});
