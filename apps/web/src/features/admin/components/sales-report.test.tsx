import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuthorEarnings, Sales } from '@ebook/shared';
import { renderWithProviders } from '@/test/render';
import { serverAnswering } from '@/test/server';
import { SalesReport } from './sales-report';

// A year of a busy store: every count on the Sales screen reads with thousands separators.

const today = new Date().toISOString().slice(0, 10);
const sales: Sales = {
  currency: 'USD',
  revenueCents: 123_456_700,
  refundedCents: 0,
  orders: 100_000,
  averageOrderCents: 1_235,
  promotionCostCents: 0,
  series: [{ period: today, revenueCents: 1_500_000, orders: 1_234 }],
  topBooks: [{ bookId: 'b1', title: 'Sea Glass', copies: 25_000, revenueCents: 12_500_000 }],
};
const earnings: AuthorEarnings = {
  currency: 'USD',
  royaltyPercent: 70,
  authors: [
    {
      userId: 'u1',
      name: 'Ann Author',
      email: 'ann@example.com',
      books: 1_200,
      copies: 54_321,
      revenueCents: 100,
      royaltyCents: 70,
    },
  ],
};

describe('the Sales screen with many orders', () => {
  it('writes every count with thousands separators', async () => {
    serverAnswering({ '/api/admin/sales': sales, '/api/admin/earnings': earnings });
    renderWithProviders(<SalesReport />);
    const figures = await screen.findByTestId('sales-figures');
    expect(within(figures).getByText('Orders').nextElementSibling).toHaveTextContent(/^100,000$/);
    const perDay = screen.getByRole('table', { name: /Revenue and orders per day/ });
    expect(within(perDay).getByRole('row', { name: new RegExp(today) })).toHaveTextContent('1,234');
    const top = screen.getByRole('table', { name: 'Top books' });
    expect(within(top).getByRole('row', { name: /Sea Glass/ })).toHaveTextContent('25,000');
    const authors = await screen.findByRole('row', { name: /Ann Author/ });
    expect(authors).toHaveTextContent('1,200');
    expect(authors).toHaveTextContent('54,321');
  });
});
