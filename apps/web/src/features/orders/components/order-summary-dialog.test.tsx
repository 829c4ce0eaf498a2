import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Book } from '@ebook/shared';
import { showError, showWarning } from '@/lib/alerts';
import { renderWithProviders } from '@/test/render';
import { stubServer as answerWith } from '@/test/server';
import { OrderSummaryDialog } from './order-summary-dialog';

// The dialogs are SweetAlert2's (which needs a real browser); record what would be shown.
vi.mock('@/lib/alerts', () => ({ showError: vi.fn(), showSuccess: vi.fn(), showWarning: vi.fn() }));

const book = {
  _id: '0190b4a0-0000-7000-8000-0000000000b1',
  title: 'The Time Machine',
  priceCents: 499,
  price: 4.99,
  isFree: false,
} as Book;
const card = {
  _id: '0190b4a0-0000-7000-8000-0000000000c1',
  cardHolder: 'Ada Reader',
  brand: 'visa',
  last4: '4242',
  cardNumber: '•••• •••• •••• 4242',
  expiry: '12/28',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const user = {
  _id: 'u1',
  name: 'Ada Reader',
  email: 'a@b.co',
  phone: '+94771234567',
  role: 'member',
  profileImage: null,
};

const storeInfo = {
  currency: 'USD',
  promotion: null,
  gateway: 'simulated',
  googleSignIn: false,
  stats: { books: 1, freeBooks: 0, categories: 1 },
};

/** The browser's network boundary: the session answer and a slow order answer. */
function stubServer() {
  const orders: { headers: Headers; body: unknown }[] = [];
  answerWith(async (url, init) => {
    if (url === '/api/auth/session') return new Response(JSON.stringify({ user }));
    if (url === '/api/store') return new Response(JSON.stringify(storeInfo));
    if (url === '/api/orders') {
      orders.push({ headers: new Headers(init.headers), body: JSON.parse(init.body as string) });
      await new Promise((resolve) => setTimeout(resolve, 50));
      return new Response(
        JSON.stringify({
          msg: 'ok',
          order: { _id: 'o1', number: 'BK-2026-000123', books: [{ _id: book._id, title: book.title }] },
        }),
        { status: 201 },
      );
    }
    return new Response('{}', { status: 404 });
  });
  return orders;
}

function renderDialog(onPurchased = vi.fn()) {
  renderWithProviders(
    <OrderSummaryDialog books={[book]} cards={[card]} currency="USD" onClose={vi.fn()} onPurchased={onPurchased} />,
  );
  return onPurchased;
}

afterEach(() => vi.clearAllMocks());

describe('OrderSummaryDialog', () => {
  it('shows the total, chooses the saved card, and asks for a card when none is chosen', async () => {
    const orders = stubServer();
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Order Summary' })).toBeInTheDocument();
    expect(screen.getAllByText('$4.99')).toHaveLength(2);
    expect(screen.getByLabelText('Select Payment Card')).toHaveValue(card._id);
    await userEvent.selectOptions(screen.getByLabelText('Select Payment Card'), '');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm & Pay' }));
    expect(showWarning).toHaveBeenCalledWith('Please select at least one book and a card.');
    expect(orders).toHaveLength(0);
  });

  it('pays once for a double click, with one Idempotency-Key and the total it showed, then offers Read now', async () => {
    const orders = stubServer();
    const onPurchased = renderDialog();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/auth/session', expect.anything()));
    expect(screen.getByText(/Paying with:/)).toHaveTextContent('Paying with: •••• •••• •••• 4242 — ADA READER');
    await userEvent.dblClick(screen.getByRole('button', { name: 'Confirm & Pay' }));
    await waitFor(() => expect(onPurchased).toHaveBeenCalledWith([book._id]));
    expect(orders).toHaveLength(1);
    expect(orders[0]!.body).toEqual({ userId: 'u1', books: [book._id], total: 4.99, paymentId: card._id });
    expect(orders[0]!.headers.get('Idempotency-Key')).toMatch(/.{8,}/);
    expect(screen.getByRole('status')).toHaveTextContent('Thank you! Your book is ready.');
    expect(screen.getByText('BK-2026-000123').parentElement).toHaveTextContent('Order BK-2026-000123');
    expect(screen.getByRole('link', { name: `Read now: ${book.title}` })).toHaveAttribute('href', `/read/${book._id}`);
    expect(screen.getByRole('button', { name: `Download ${book.title}` })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Confirm & Pay' })).not.toBeInTheDocument();
    expect(showError).not.toHaveBeenCalled();
  });

  it('a lost answer is retried under the same key; a refused one (422) says why and starts a new checkout', async () => {
    const keys: string[] = [];
    const answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () =>
        new Response(
          JSON.stringify({
            msg: 'This payment was already started with different details. Please review your order and pay again.',
            code: 'IDEMPOTENCY_KEY_REUSED',
          }),
          { status: 422 },
        ),
      () =>
        new Response(
          JSON.stringify({
            msg: 'ok',
            order: { _id: 'o1', number: 'BK-2026-000123', books: [{ _id: book._id, title: book.title }] },
          }),
          { status: 201 },
        ),
    ];
    answerWith((url, init) => {
      if (url === '/api/auth/session') return new Response(JSON.stringify({ user }));
      if (url === '/api/orders') {
        keys.push(new Headers(init.headers).get('Idempotency-Key')!);
        return answers[keys.length - 1]!();
      }
      return new Response('{}', { status: 404 });
    });
    const onPurchased = renderDialog();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/auth/session', expect.anything()));
    await userEvent.selectOptions(screen.getByLabelText('Select Payment Card'), card._id);
    const pay = () => userEvent.click(screen.getByRole('button', { name: 'Confirm & Pay' }));

    await pay();
    await waitFor(() => expect(showError).toHaveBeenCalledTimes(1));
    expect(showError).toHaveBeenLastCalledWith('Payment failed', 'Please try again in a moment.');
    await pay();
    await waitFor(() => expect(showError).toHaveBeenCalledTimes(2));
    expect(showError).toHaveBeenLastCalledWith(
      'This payment was already started with different details. Please review your order and pay again.',
    );
    expect(keys[1]).toBe(keys[0]);

    await pay();
    await waitFor(() => expect(onPurchased).toHaveBeenCalledWith([book._id]));
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('a total refused because the promotion changed meanwhile shows the new total, and the next click pays it', async () => {
    let promotion: { percentOff: number; endsAt: string } | null = null;
    const totals: unknown[] = [];
    answerWith((url, init) => {
      if (url === '/api/auth/session') return new Response(JSON.stringify({ user }));
      if (url === '/api/store') return new Response(JSON.stringify({ ...storeInfo, promotion }));
      if (url === '/api/orders') {
        const { total } = JSON.parse(init.body as string) as { total: number };
        totals.push(total);
        // The admin started a 20% promotion after the dialog opened: the server charges $3.99 now.
        promotion = { percentOff: 20, endsAt: '2999-01-01T00:00:00.000Z' };
        if (total !== 3.99) {
          const refusal = { msg: 'The total has changed. Please review your order.', code: 'TOTAL_MISMATCH' };
          return new Response(JSON.stringify(refusal), { status: 409 });
        }
        const order = { _id: 'o1', books: [{ _id: book._id, title: book.title }] };
        return new Response(JSON.stringify({ msg: 'ok', order }), { status: 201 });
      }
      return new Response('{}', { status: 404 });
    });
    const onPurchased = renderDialog();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/auth/session', expect.anything()));
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/store', expect.anything()));
    expect(screen.getByTestId('order-total')).toHaveTextContent('$4.99');

    await userEvent.click(screen.getByRole('button', { name: 'Confirm & Pay' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('The total has changed. Please review your order.'));
    expect(await screen.findByText('$3.99', { selector: '[data-testid="order-total"]' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm & Pay' }));
    await waitFor(() => expect(onPurchased).toHaveBeenCalledWith([book._id]));
    expect(totals).toEqual([4.99, 3.99]);
  });

  it.each([
    [400, 'NOT_IN_CART', 'No selected books found in cart.', ['No selected books found in cart.']],
    [
      400,
      'CART_CHANGED',
      'Some selected books are no longer in your cart. Please review your order.',
      ['Some selected books are no longer in your cart. Please review your order.'],
    ],
    [402, 'CARD_DECLINED', 'Your card was declined.', ['Your card was declined.']],
    [
      503,
      'PAYMENT_UNAVAILABLE',
      'The payment service is not available right now. Please try again.',
      ['The payment service is not available right now. Please try again.'],
    ],
    [
      500,
      'INTERNAL',
      'Something went wrong on our side. Please try again.',
      ['Payment failed', 'Please try again in a moment.'],
    ],
  ])('a %i %s answer shows its dialog, chosen by the code', async (status, code, msg, dialog) => {
    answerWith((url) => {
      if (url === '/api/auth/session') return new Response(JSON.stringify({ user }));
      if (url === '/api/orders') return new Response(JSON.stringify({ msg, code }), { status });
      return new Response('{}', { status: 404 });
    });
    renderDialog();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/auth/session', expect.anything()));
    await userEvent.selectOptions(screen.getByLabelText('Select Payment Card'), card._id);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm & Pay' }));
    await waitFor(() => expect(showError).toHaveBeenCalledTimes(1));
    expect(showError).toHaveBeenCalledWith(...dialog);
  });

  it('another card is another checkout, with a new key; the card just added is the one chosen', async () => {
    const other = { ...card, _id: '0190b4a0-0000-7000-8000-0000000000c2', last4: '4444' };
    const keys: string[] = [];
    answerWith((url, init) => {
      if (url === '/api/auth/session') return new Response(JSON.stringify({ user }));
      if (url === '/api/orders') {
        keys.push(new Headers(init.headers).get('Idempotency-Key')!);
        // Not a final answer: the same card would be retried under the same key.
        const msg = 'The payment service is not available right now. Please try again.';
        return new Response(JSON.stringify({ msg, code: 'PAYMENT_UNAVAILABLE' }), { status: 503 });
      }
      return new Response('{}', { status: 404 });
    });
    renderWithProviders(
      <OrderSummaryDialog
        books={[book]}
        cards={[card, other]}
        currency="USD"
        initialCardId={card._id}
        onClose={vi.fn()}
        onPurchased={vi.fn()}
      />,
    );
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/auth/session', expect.anything()));
    expect(screen.getByLabelText('Select Payment Card')).toHaveValue(card._id);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm & Pay' }));
    await waitFor(() => expect(keys).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm & Pay' })).toBeEnabled());
    await userEvent.selectOptions(screen.getByLabelText('Select Payment Card'), other._id);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm & Pay' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('chooses the newest saved card when none is given', () => {
    const newer = { ...card, _id: '0190b4a0-0000-7000-8000-0000000000c9', last4: '4444' };
    stubServer();
    renderWithProviders(
      <OrderSummaryDialog
        books={[book]}
        cards={[newer, card]}
        currency="USD"
        onClose={vi.fn()}
        onPurchased={vi.fn()}
      />,
    );
    expect(screen.getByLabelText('Select Payment Card')).toHaveValue(newer._id);
  });
});
