import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import AnnouncementsPage from './pages/AnnouncementsPage';
import { announcement, failure, memberState, mockServer, page, ROLES, tenantAdminState } from './test-server';

afterEach(() => {
  vi.restoreAllMocks();
});

const renderPage = (preloadedState: object = memberState) =>
  renderWithProviders(<AnnouncementsPage />, { route: '/announcements', preloadedState });

const isList = (config: AxiosRequestConfig, view: string) =>
  (config.url ?? '').endsWith('/getAnnouncements') && config.params?.view === view;

describe('/announcements for a member', () => {
  it('lists pinned and unread announcements; opening one shows it and marks it read', async () => {
    const rows = [
      announcement(1, { pinned: true, unread: true, title: 'Campus closed Friday' }),
      announcement(2),
    ];
    const calls = mockServer((config) => {
      if (isList(config, 'feed')) return page(rows);
      if (config.url?.endsWith('/markRead/1'))
        return { data: { announcement_id: 1, read_at: '2026-11-21T00:00:00Z' } };
      throw failure(404, 'Not found');
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
      expect(calls.some((call) => call.url?.endsWith('/markRead/1') && call.method === 'POST')).toBe(true),
    );
    // A read one opened does not mark again.
    await userEvent.click(other);
    expect(calls.some((call) => call.url?.endsWith('/markRead/2'))).toBe(false);
  });

  it('shows the empty state', async () => {
    mockServer((config) => (isList(config, 'feed') ? page([]) : Promise.reject(failure(404, 'Not found'))));
    renderPage();
    expect(await screen.findByText('No announcements for you right now')).toBeInTheDocument();
  });

  it('shows the error with a retry that loads again', async () => {
    let fail = true;
    mockServer((config) => {
      if (!isList(config, 'feed')) throw failure(404, 'Not found');
      if (fail) throw failure(500, 'Something went wrong on our side.');
      return page([announcement(5, { title: 'Back again' })]);
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /^Back again/ })).toBeInTheDocument();
  });

  it('pages through the feed', async () => {
    const calls = mockServer((config) => {
      if (!isList(config, 'feed')) throw failure(404, 'Not found');
      const n = config.params.page as number;
      return {
        ...page([announcement(n, { title: `Page ${n} item` })], 25),
        meta: { page: n, limit: 10, total: 25, totalPages: 3, totalExact: true },
      };
    });
    renderPage();
    await screen.findByRole('button', { name: /^Page 1 item/ });
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('button', { name: /^Page 2 item/ })).toBeInTheDocument();
    expect(calls.some((call) => call.params?.page === 2)).toBe(true);
  });
});

describe('/announcements for a tenant admin', () => {
  it('lists drafts and scheduled ones with edit and a confirmed delete', async () => {
    const calls = mockServer((config) => {
      if (isList(config, 'feed')) return page([]);
      if (isList(config, 'manage'))
        return page([
          announcement(3, { status: 'draft', title: 'Draft note', published_at: null }),
          announcement(5, { title: 'Old news', expires_at: '2026-01-01T00:00:00+00:00' }),
          announcement(4, {
            status: 'scheduled',
            title: 'Later note',
            published_at: null,
            publish_at: '2026-12-01T09:00:00+00:00',
          }),
        ]);
      if (config.method === 'DELETE') return { data: announcement(3, { is_deleted: true }) };
      if (config.url?.endsWith('/getRole')) return ROLES;
      throw failure(404, 'Not found');
    });
    renderPage(tenantAdminState);
    const table = await screen.findByRole('table', { name: 'Announcements you manage' });
    expect(within(table).getByText('Draft')).toBeInTheDocument();
    expect(within(table).getByText('Scheduled')).toBeInTheDocument();
    const old = within(table).getByText('Old news').closest('tr') as HTMLElement;
    expect(within(old).getAllByText(/Expired/)).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Draft note' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'DELETE')?.url).toBe(
        '/api/announcements/announcements/deleteAnnouncement/3/9',
      ),
    );
  });

  it('opens the composer from "New announcement", naming the audience', async () => {
    mockServer((config) => {
      if (isList(config, 'feed') || isList(config, 'manage')) return page([]);
      if (config.url?.endsWith('/getRole')) return ROLES;
      throw failure(404, 'Not found');
    });
    renderPage(tenantAdminState);
    await userEvent.click(await screen.findByRole('button', { name: 'New announcement' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Reaches everyone in Acme.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });
});
