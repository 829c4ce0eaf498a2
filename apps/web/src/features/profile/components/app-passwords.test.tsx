import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AppPassword } from '@ebook/shared';
import { confirmAction } from '@/lib/alerts';
import { renderWithProviders } from '@/test/render';
import { json, stubServer as answerWith } from '@/test/server';
import { AppPasswords } from './app-passwords';

// SweetAlert2's dialogs need a real browser: the confirmation answers yes.
vi.mock('@/lib/alerts', () => ({ confirmAction: vi.fn(async () => true), showError: vi.fn() }));

const PASSWORD = 'k7fm-q2wd-zx9h-c4tn-ry3e';

/** The API at the network boundary: the profile, and app passwords kept in memory. */
function stubServer() {
  const stored: AppPassword[] = [
    { _id: 'p1', name: 'Old Kobo', createdAt: '2026-01-02T00:00:00.000Z', lastUsedAt: '2026-02-03T00:00:00.000Z' },
  ];
  const calls: string[] = [];
  answerWith((url, init) => {
    const method = init.method ?? 'GET';
    calls.push(`${method} ${url}`);
    if (url === '/api/users/me') return json({ _id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'member' });
    if (url === '/api/users/me/app-passwords' && method === 'GET') return json({ appPasswords: stored });
    if (url === '/api/users/me/app-passwords' && method === 'POST') {
      const { name } = JSON.parse(init.body as string) as { name: string };
      const appPassword = { _id: 'p2', name, createdAt: '2026-03-04T00:00:00.000Z', lastUsedAt: null };
      stored.push(appPassword);
      return json({ appPassword, password: PASSWORD }, 201);
    }
    if (url.startsWith('/api/users/me/app-passwords/') && method === 'DELETE') {
      stored.splice(
        stored.findIndex((each) => each._id === url.split('/').pop()),
        1,
      );
      return json({ msg: 'App password revoked' });
    }
    return json({ msg: 'No route', code: 'NOT_FOUND' }, 404);
  });
  return calls;
}

const renderSection = () => renderWithProviders(<AppPasswords />);

describe('AppPasswords', () => {
  it('shows the OPDS address and the e-mail to sign in with, and lists passwords without secrets', async () => {
    stubServer();
    renderSection();
    expect(screen.getByTestId('opds-address')).toHaveTextContent(`${window.location.origin}/opds`);
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'App passwords' });
    expect(within(list).getByText('Old Kobo')).toBeInTheDocument();
    expect(within(list).getByText(/last used/)).toBeInTheDocument();
  });

  it('refuses a blank name without calling the server', async () => {
    const calls = stubServer();
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Create app password' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('shows a new password once, with a copy button, and adds it to the list', async () => {
    stubServer();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderSection();
    await userEvent.type(screen.getByLabelText('App or device name'), 'KOReader');
    await userEvent.type(screen.getByLabelText('Your account password'), 'quiet-library-42');
    await userEvent.click(screen.getByRole('button', { name: 'Create app password' }));
    expect(await screen.findByTestId('new-app-password')).toHaveTextContent(PASSWORD);
    expect(screen.getByText(/it will not be shown again/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copy the app password' }));
    expect(writeText).toHaveBeenCalledWith(PASSWORD);
    const list = await screen.findByRole('list', { name: 'App passwords' });
    await waitFor(() => expect(within(list).getByText('KOReader')).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('new-app-password')).not.toBeInTheDocument();
  });

  it('sends the account password with the name, and asks for it when it is missing', async () => {
    stubServer();
    renderSection();
    await userEvent.type(screen.getByLabelText('App or device name'), 'Kobo');
    await userEvent.click(screen.getByRole('button', { name: 'Create app password' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Your account password'), 'quiet-library-42');
    await userEvent.click(screen.getByRole('button', { name: 'Create app password' }));
    expect(await screen.findByTestId('new-app-password')).toHaveTextContent(PASSWORD);
    const post = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(post![1]!.body as string)).toEqual({ name: 'Kobo', password: 'quiet-library-42' });
    expect(screen.getByLabelText('Your account password')).toHaveValue('');
  });

  it('revokes a password after a confirmation', async () => {
    const calls = stubServer();
    renderSection();
    const list = await screen.findByRole('list', { name: 'App passwords' });
    await userEvent.click(within(list).getByRole('button', { name: 'Revoke' }));
    expect(confirmAction).toHaveBeenCalled();
    await waitFor(() => expect(calls).toContain('DELETE /api/users/me/app-passwords/p1'));
    expect(await screen.findByText('You have no app passwords yet.')).toBeInTheDocument();
  });
});
