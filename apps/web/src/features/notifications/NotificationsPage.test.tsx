import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { mockInbox, notification } from './notifications-fixtures';
import NotificationsPage from './pages/NotificationsPage';

vi.mock('../../shared/ui/notify', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../shared/ui/notify')>()),
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

afterEach(() => {
  vi.restoreAllMocks();
});

const renderPage = () => renderWithProviders(<NotificationsPage />, { route: '/notifications' });

describe('/notifications', () => {
  it('lists unread notifications, each a link to its page', async () => {
    mockInbox([
      notification(1, { title: 'You are enrolled in Data Basics' }),
      notification(2, { state: 'read' }),
    ]);
    renderPage();
    const link = await screen.findByRole('link', { name: 'You are enrolled in Data Basics' });
    expect(link.getAttribute('href')).toBe('/programs/overview/1');
    expect(screen.queryByRole('link', { name: 'Notification 2' })).toBeNull();
    expect(screen.getByText('1 unread notification.')).toBeTruthy();
  });

  it('marks one read, then all read, and archives', async () => {
    const inbox = mockInbox([notification(1), notification(2), notification(3, { state: 'read' })]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark "Notification 1" as read' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Notification 1' })).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('You are all caught up: nothing unread.')).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: 'All' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Archive "Notification 3"' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Archived' }));
    expect(await screen.findByRole('link', { name: 'Notification 3' })).toBeTruthy();
    expect(inbox.calls.some((call) => call.url?.endsWith('/archive/3'))).toBe(true);
  });

  it('shows the error state with a retry', async () => {
    mockInbox([], { failList: true });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We could not load your notifications')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows critical categories as always on, not greyed out, saying so in words', async () => {
    const inbox = mockInbox([]);
    renderPage();
    const security = await screen.findByRole('switch', {
      name: 'Email: Security, always on: cannot be turned off',
    });
    expect((security as HTMLInputElement).checked).toBe(true);
    expect((security as HTMLInputElement).disabled).toBe(false);
    expect(security.getAttribute('aria-readonly')).toBe('true');
    expect(security).toHaveAccessibleDescription(/Security and account notices cannot be turned off\./);
    expect(screen.getAllByText('Always on').length).toBeGreaterThan(0);
    await userEvent.click(security);
    expect((security as HTMLInputElement).checked).toBe(true);
    expect(inbox.calls.some((call) => call.url?.endsWith('/updatePreferences'))).toBe(false);
    expect((screen.getByRole('switch', { name: 'Email: Learning' }) as HTMLInputElement).disabled).toBe(
      false,
    );
  });
});
