import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { serverAnswering } from '@/test/server';
import { NotificationBell } from './notification-bell';

// The bell with no events (the browser tests' shared server always has some for the admin).

describe('the bell with nothing to tell', () => {
  it("the bell shows no count and its dropdown says 'No notifications yet'", async () => {
    serverAnswering({ '/api/notifications': { notifications: [], unread: 0 } });
    renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications (0)' });
    expect(screen.queryByTestId('notification-count')).toBeNull();
    await userEvent.click(bell);
    expect(await screen.findByText('No notifications yet')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeVisible();
  });
});
