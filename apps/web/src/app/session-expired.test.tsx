import { useMutation, useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@ebook/shared';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { api } from '@/lib/api-client';
import { readStoredUser, storeUser } from '@/lib/auth/auth-storage';
import { queryClient } from '@/lib/query-client';
import { renderWithProviders } from '@/test/render';
import { stubServer as answerWith } from '@/test/server';
import LoginRoute from './routes/auth/login';
import { sendToLoginWhenSessionEnds } from './session-expired';

// SweetAlert2 needs a real browser; the dialogs are not what this test is about.
vi.mock('@/lib/alerts', () => ({ showError: vi.fn(), showSuccess: vi.fn(), showWarning: vi.fn() }));

const user: User = {
  _id: 'u1',
  name: 'Ada Reader',
  email: 'ada@example.com',
  phone: '+94771234567',
  role: 'member',
  profileImage: null,
} as User;

const wrongPassword = () =>
  Response.json({ msg: 'The current password is not correct.', code: 'INVALID_CREDENTIALS' }, { status: 401 });
const expired = () => Response.json({ msg: 'Please log in to continue.', code: 'UNAUTHORIZED' }, { status: 401 });

/** The server: the session check still knows the member, but the cart says the session has ended. */
function stubServer({ cart, password = wrongPassword }: { cart: () => Response; password?: () => Response }) {
  let loggedIn = false;
  answerWith((url, init) => {
    if (url === '/api/auth/session') return Response.json({ user });
    if (url === '/api/auth/login') {
      loggedIn = true;
      return Response.json({ token: 't', user });
    }
    if (url === '/api/cart' && init.method === 'GET') {
      return loggedIn ? Response.json({ cart: [] }) : cart();
    }
    if (url === '/api/users/me/password') return password();
    return Response.json({ msg: 'Not found.', code: 'NOT_FOUND' }, { status: 404 });
  });
}

function CartPage() {
  const cart = useQuery({ queryKey: ['cart'], queryFn: () => api.get('/cart') });
  return <p>{cart.isSuccess ? 'Your cart' : 'Loading the cart'}</p>;
}

function PasswordPage() {
  const change = useMutation({ mutationFn: () => api.put('/users/me/password', {}) });
  return (
    <button type="button" onClick={() => change.mutate()}>
      {change.isError ? 'Not changed' : 'Change password'}
    </button>
  );
}

function renderApp(start: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home</p> },
      { path: '/login', element: <LoginRoute /> },
      {
        path: '/user-dashboard/cart',
        element: (
          <RequireAuth>
            <CartPage />
          </RequireAuth>
        ),
      },
      {
        path: '/user-dashboard/profile',
        element: (
          <RequireAuth>
            <PasswordPage />
          </RequireAuth>
        ),
      },
    ],
    { initialEntries: [start] },
  );
  unsubscribe = sendToLoginWhenSessionEnds(router, queryClient);
  renderWithProviders(<RouterProvider router={router} />, { queryClient, router: false });
  return router;
}

let unsubscribe = () => {};
beforeEach(() => storeUser(user));
afterEach(() => {
  unsubscribe();
  queryClient.clear();
  localStorage.clear();
});

describe('a session that ends while the member is signed in', () => {
  it('sends them to the login page, forgetting the user, and brings them back after logging in', async () => {
    stubServer({ cart: expired });
    const router = renderApp('/user-dashboard/cart?page=2');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readStoredUser()).toBeNull();
    expect(queryClient.getQueryData(['auth', 'me'])).toBeNull();

    await userEvent.type(await screen.findByLabelText('Email'), user.email);
    await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'quiet-library-42');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/user-dashboard/cart?page=2'),
    );
    expect(await screen.findByText('Your cart')).toBeInTheDocument();
    expect(readStoredUser()).toEqual(user);
  });

  it("a wrong password (401 INVALID_CREDENTIALS) is the form's answer, not an ended session", async () => {
    stubServer({ cart: expired });
    const router = renderApp('/user-dashboard/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('button', { name: 'Not changed' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user-dashboard/profile');
    expect(readStoredUser()).toEqual(user);
  });

  it('the same for a mutation: saving after the session ended leads to the login page', async () => {
    stubServer({ cart: expired, password: expired });
    const router = renderApp('/user-dashboard/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/user-dashboard/profile' } });
    expect(readStoredUser()).toBeNull();
  });

  it('other refusals leave the member where they are', async () => {
    stubServer({
      cart: () => Response.json({ msg: 'You are not allowed to do this.', code: 'FORBIDDEN' }, { status: 403 }),
    });
    const router = renderApp('/user-dashboard/cart');
    await waitFor(() => expect(queryClient.getQueryState(['cart'])?.status).toBe('error'));
    expect(router.state.location.pathname).toBe('/user-dashboard/cart');
    expect(readStoredUser()).toEqual(user);
  });
});
