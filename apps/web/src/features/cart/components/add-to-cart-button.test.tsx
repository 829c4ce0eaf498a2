import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Book } from '@ebook/shared';
import { showError, showSuccess } from '@/lib/alerts';
import { renderWithProviders } from '@/test/render';
import { json, notFound, stubServer } from '@/test/server';
import { AddToCartButton } from './add-to-cart-button';
import { CartLink } from './cart-link';

// The dialogs are SweetAlert2's (which needs a real browser); record what would be shown.
vi.mock('@/lib/alerts', () => ({ showError: vi.fn(), showSuccess: vi.fn(), askToLogIn: vi.fn() }));
afterEach(() => vi.clearAllMocks());

const book = { _id: 'b1', title: 'The Time Machine', priceCents: 499, price: 4.99, isFree: false } as Book;
const user = { _id: 'u1', name: 'Ada Reader', email: 'a@b.co', phone: '+94771234567', role: 'member' };

/** A member's session and cart; POST /api/cart/add puts the book in it. */
function memberWithCart(items: Book[]) {
  const cart = [...items];
  const adds: string[] = [];
  stubServer((url, init) => {
    if (url === '/api/auth/session') return json({ user });
    if (url === '/api/cart') return json({ items: cart.map((b) => ({ bookId: b, quantity: 1 })), totalCents: 0 });
    if (url === '/api/cart/add' && init.method === 'POST') {
      adds.push(url);
      if (cart.some((b) => b._id === book._id)) {
        return json({ msg: 'This book is already in your cart.', code: 'ALREADY_IN_CART' }, 409);
      }
      cart.push(book);
      return json({ msg: 'Added', bookId: book._id }, 201);
    }
    return notFound();
  });
  return adds;
}

describe('AddToCartButton and the header cart', () => {
  it('adds the book, then becomes a link to the cart, and the header counts it', async () => {
    const adds = memberWithCart([]);
    renderWithProviders(
      <>
        <CartLink />
        <AddToCartButton book={book} />
      </>,
    );
    await waitFor(() => expect(screen.getByRole('link', { name: 'Cart (0 books)' })).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Add To Cart' }));
    const inCart = await screen.findByRole('link', { name: 'In your cart · View cart' });
    expect(inCart).toHaveAttribute('href', '/user-dashboard/cart');
    expect(screen.queryByRole('button', { name: 'Add To Cart' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart (1 book)' })).toBeInTheDocument();
    expect(adds).toHaveLength(1);
    expect(showSuccess).toHaveBeenCalledWith('Added to Cart');
    expect(showError).not.toHaveBeenCalled();
  });

  it('shows "In your cart" at once for a book already there, without asking to add it', async () => {
    const adds = memberWithCart([book]);
    renderWithProviders(<AddToCartButton book={book} />);
    expect(await screen.findByRole('link', { name: 'In your cart · View cart' })).toBeInTheDocument();
    expect(adds).toHaveLength(0);
  });
});
