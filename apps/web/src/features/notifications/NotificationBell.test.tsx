import { NOTIFICATION_TAG } from '@nexus/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../app/api';
import { renderWithProviders } from '../../test/render';
import { NotificationBell } from './components/NotificationBell';
import { mockInbox, notification } from './notifications-fixtures';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('../../shared/ui/notify', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../shared/ui/notify')>()),
  notify,
}));

afterEach(() => {
  vi.restoreAllMocks();
  notify.info.mockClear();
});

describe('the notification bell', () => {
  it('shows the unseen count, lists the latest and clears the badge when opened', async () => {
    const inbox = mockInbox([notification(1, { title: 'Your certificate is ready' }), notification(2)]);
    renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unseen' });
    await userEvent.click(bell);
    const item = await screen.findByRole('menuitem', { name: /Your certificate is ready/ });
    expect(item.getAttribute('href')).toBe('/programs/overview/1');
    expect(await screen.findByRole('button', { name: 'Notifications', hidden: true })).toBeTruthy();
    expect(inbox.calls.some((call) => call.url?.endsWith('/markSeen'))).toBe(true);
    expect(notify.info).not.toHaveBeenCalled();
  });

  it('updates the badge live and toasts a notification that arrives', async () => {
    const inbox = mockInbox([notification(1)]);
    const { store } = renderWithProviders(<NotificationBell />);
    await screen.findByRole('button', { name: 'Notifications, 1 unseen' });
    inbox.add(notification(7, { title: 'You are enrolled in Algebra' }));
    // What the socket's message does: invalidate the tag it names.
    act(() => {
      store.dispatch(api.util.invalidateTags([NOTIFICATION_TAG] as never));
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unseen' })).toBeTruthy();
    await waitFor(() => expect(notify.info).toHaveBeenCalledWith('You are enrolled in Algebra'));
    expect(notify.info).toHaveBeenCalledTimes(1);
  });
});
