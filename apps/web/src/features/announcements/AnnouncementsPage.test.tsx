import { ANNOUNCEMENTS_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type HttpCall, httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import AnnouncementsPage from './pages/AnnouncementsPage';
import { announcement, memberState, page, ROLES, ROLES_API, tenantAdminState } from './test-server';

afterEach(() => {
  vi.restoreAllMocks();
});

const renderPage = (preloadedState: object = memberState) =>
  renderWithProviders(<AnnouncementsPage />, { route: '/announcements', preloadedState });

/** The list answers per view (`feed` for everyone, `manage` for admins); a view not given is not found. */
const lists = (views: Partial<Record<'feed' | 'manage', (call: HttpCall) => unknown>>) =>
  mockHttp().get(`${ANNOUNCEMENTS_API}/getAnnouncements`, (call) => {
    const answer = views[call.query.view as 'feed' | 'manage'];
    return answer ? answer(call) : httpError(404, 'Not found');
  });

describe('/announcements for a member', () => {
  it('lists pinned and unread announcements; opening one shows it and marks it read', async () => {
    const rows = [
      announcement(1, { pinned: true, unread: true, title: 'Campus closed Friday' }),
      announcement(2),
    ];
    const server = lists({ feed: () => page(rows) }).post(`${ANNOUNCEMENTS_API}/markRead/1`, {
      data: { announcement_id: 1, read_at: '2026-11-21T00:00:00Z' },
    });
    renderPage();
    const control = await screen.findByRole('button', { name: /^Campus closed Friday Pinned Unread/ });
    const other = screen.getByRole('button', { name: /^Announcement 2/ });
    expect(other).not.toHaveTextContent('Unread');
    expect(screen.getByText('2 announcements')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New announcement' })).not.toBeInTheDocument();
    await userEvent.click(control);
    // The panel opens with an animation: visible once it has run, however busy the machine.
    await waitFor(() => expect(screen.getByText('Body of 1')).toBeVisible(), { timeout: 3000 });
    await waitFor(() =>
      expect(server.calls.some((call) => call.path.endsWith('/markRead/1') && call.method === 'POST')).toBe(
        true,
      ),
    );
    // A read one opened does not mark again.
    await userEvent.click(other);
    expect(server.calls.some((call) => call.path.endsWith('/markRead/2'))).toBe(false);
  });

  it('shows the empty state', async () => {
    lists({ feed: () => page([]) });
    renderPage();
    expect(await screen.findByText('No announcements for you right now')).toBeInTheDocument();
  });

  it('shows the error with a retry that loads again', async () => {
    let fail = true;
    lists({
      feed: () => {
        if (fail) throw httpError(500, 'Something went wrong on our side.');
        return page([announcement(5, { title: 'Back again' })]);
      },
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /^Back again/ })).toBeInTheDocument();
  });

  it('pages through the feed', async () => {
    const server = lists({
      feed: ({ query }) => {
        const n = query.page as number;
        return {
          ...page([announcement(n, { title: `Page ${n} item` })], 25),
          meta: { page: n, limit: 10, total: 25, totalPages: 3, totalExact: true },
        };
      },
    });
    renderPage();
    await screen.findByRole('button', { name: /^Page 1 item/ });
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('button', { name: /^Page 2 item/ })).toBeInTheDocument();
    expect(server.calls.some((call) => call.query.page === 2)).toBe(true);
  });
});

describe('/announcements for a tenant admin', () => {
  it('lists drafts and scheduled ones with edit and a confirmed delete', async () => {
    const server = lists({
      feed: () => page([]),
      manage: () =>
        page([
          announcement(3, { status: 'draft', title: 'Draft note', published_at: null }),
          announcement(5, { title: 'Old news', expires_at: '2026-01-01T00:00:00+00:00' }),
          announcement(4, {
            status: 'scheduled',
            title: 'Later note',
            published_at: null,
            publish_at: '2026-12-01T09:00:00+00:00',
          }),
        ]),
    })
      .delete(`${ANNOUNCEMENTS_API}/deleteAnnouncement/:id/:userId`, {
        data: announcement(3, { is_deleted: true }),
      })
      .get(ROLES_API, ROLES);
    renderPage(tenantAdminState);
    const table = await screen.findByRole('table', { name: 'Announcements you manage' });
    expect(within(table).getByText('Draft')).toBeInTheDocument();
    expect(within(table).getByText('Scheduled')).toBeInTheDocument();
    const old = within(table).getByText('Old news').closest('tr') as HTMLElement;
    expect(within(old).getAllByText(/Expired/)).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Draft note' }));
    const dialog = await screen.findByRole('dialog');
    expect(server.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(server.calls.find((call) => call.method === 'DELETE')?.path).toBe(
        '/api/announcements/announcements/deleteAnnouncement/3/9',
      ),
    );
  });

  it('opens the composer from "New announcement", naming the audience', async () => {
    lists({ feed: () => page([]), manage: () => page([]) }).get(ROLES_API, ROLES);
    renderPage(tenantAdminState);
    await userEvent.click(await screen.findByRole('button', { name: 'New announcement' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Reaches everyone in Acme.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });
});
