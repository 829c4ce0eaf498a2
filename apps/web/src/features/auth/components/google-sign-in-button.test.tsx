import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { showWarning } from '@/lib/alerts';
import { renderWithProviders } from '@/test/render';
import { json, stubServer } from '@/test/server';
import { GoogleSignInButton } from './google-sign-in-button';

vi.mock('@/lib/alerts', () => ({ showError: vi.fn(), showSuccess: vi.fn(), showWarning: vi.fn() }));

/** The store's facts, answered only when the test lets them through. */
function storeAnsweringLater(googleSignIn: boolean) {
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  stubServer(async () => {
    await answered;
    return json({ currency: 'USD', googleSignIn, promotion: null });
  });
  return answer;
}

describe('GoogleSignInButton', () => {
  it('a click before the store has answered waits for it, instead of saying Google is not set up', async () => {
    const answer = storeAnsweringLater(true);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: window.location.origin, assign });
    renderWithProviders(<GoogleSignInButton returnTo="/#/library" />, { router: false });
    const button = screen.getByRole('button', { name: 'Login with Google' });
    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    answer();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/auth/google/start?returnTo=%2F%23%2Flibrary'));
    expect(showWarning).not.toHaveBeenCalled();
  });

  it('a store without a Google client says how its owner turns it on', async () => {
    const answer = storeAnsweringLater(false);
    renderWithProviders(<GoogleSignInButton returnTo="/#/library" />, { router: false });
    fireEvent.click(screen.getByRole('button', { name: 'Login with Google' }));
    answer();
    await waitFor(() =>
      expect(showWarning).toHaveBeenCalledWith('Login with Google', expect.stringContaining('GOOGLE_CLIENT_ID')),
    );
  });
});
