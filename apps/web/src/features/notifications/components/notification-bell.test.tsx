import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationBell } from './notification-bell';

/** The bell with no events (the browser tests' shared server always has some for the admin). */
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

describe('the bell with nothing to tell', () => {
  it("the bell shows no count and its dropdown says 'No notifications yet'", async () => {
    serverAnswering({ '/api/notifications': { notifications: [], unread: 0 } });
    renderWithQueries(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications (0)' });
    expect(screen.queryByTestId('notification-count')).toBeNull();
    await userEvent.click(bell);
    expect(await screen.findByText('No notifications yet')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeVisible();
  });
});
