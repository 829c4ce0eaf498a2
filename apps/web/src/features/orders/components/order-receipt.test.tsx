import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '@ebook/shared';
import { renderWithProviders } from '@/test/render';
import { serverAnswering } from '@/test/server';
import { OrderHistory } from './order-history';
import { OrderReceipt } from './order-receipt';

const order: Order = {
  _id: 'o1',
  number: 'BK-2026-000123',
  createdAt: '2026-03-01T10:00:00.000Z',
  totalCents: 1350,
  total: 13.5,
  currency: 'USD',
  cardBrand: 'mastercard',
  cardLast4: '4444',
  status: 'partially_refunded',
  discountCents: 150,
  refundedCents: 450,
  books: [
    { _id: 'b1', title: 'Sea Glass', image: null, price: 9, priceCents: 900, refunded: false },
    { _id: 'b2', title: 'Night Trains', image: null, price: 4.5, priceCents: 450, refunded: true },
  ],
};

const STORE = { currency: 'USD', name: 'Test Shop', email: 'owner@testshop.example', phone: '+1 555 0100' };

describe('the member’s orders', () => {
  it('lists every order by its number, with a link to its receipt', async () => {
    serverAnswering({ '/api/orders': { orders: [order] }, '/api/store': STORE });
    renderWithProviders(<OrderHistory />);
    const card = await screen.findByTestId('member-order');
    expect(within(card).getByRole('heading', { name: 'BK-2026-000123' })).toBeVisible();
    expect(within(card).getByText('Partly refunded')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Receipt for order BK-2026-000123' })).toHaveAttribute(
      'href',
      '/user-dashboard/orders/o1',
    );
  });

  it('says so when there is none', async () => {
    serverAnswering({ '/api/orders': { orders: [] }, '/api/store': STORE });
    renderWithProviders(<OrderHistory />);
    expect(await screen.findByText('You have not placed any orders yet.')).toBeVisible();
  });

  it('prints a receipt with the store, number, date, items, discount, total, refund and card', async () => {
    serverAnswering({ '/api/orders': { orders: [order] }, '/api/store': STORE });
    renderWithProviders(<OrderReceipt orderId="o1" />);
    const receipt = await screen.findByRole('article', { name: 'Receipt' });
    expect(within(receipt).getByText('BK-2026-000123')).toBeVisible();
    expect(await within(receipt).findByText('Test Shop')).toBeVisible();
    expect(within(receipt).getByText('owner@testshop.example')).toBeVisible();
    expect(within(receipt).getByText('+1 555 0100')).toBeVisible();
    expect(within(receipt).getByRole('row', { name: /Sea Glass \$9\.00/ })).toBeVisible();
    expect(within(receipt).getByRole('row', { name: /Night Trains\s*\(refunded\)\s*\$4\.50/ })).toBeVisible();
    expect(within(receipt).getByRole('row', { name: 'Discount (included) −$1.50' })).toBeVisible();
    expect(within(receipt).getByRole('row', { name: 'Total $13.50' })).toBeVisible();
    expect(within(receipt).getByRole('row', { name: 'Refunded −$4.50' })).toBeVisible();
    expect(within(receipt).getByText('Paid with Mastercard ending in 4444')).toBeVisible();
    expect(receipt.querySelector('time')).toHaveAttribute('datetime', '2026-03-01T10:00:00.000Z');
    expect(screen.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  });
});
