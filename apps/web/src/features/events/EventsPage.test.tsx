import { EVENTS_API } from '@nexus/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import { initialNavigationAccessState } from '../navigation';
import EventsPage from './pages/EventsPage';
import { eventItem, memberState, page, platformAdminState } from './test-server';

afterEach(() => {
  vi.restoreAllMocks();
});

const getEvents = `${EVENTS_API}/getEvents`;
const renderPage = (preloadedState: object = memberState) =>
  renderWithProviders(<EventsPage />, { route: '/event-block', preloadedState });

describe('/event-block', () => {
  it('lists upcoming events with only the defaults, each linking to its overview', async () => {
    const server = mockHttp().get(getEvents, () =>
      page([eventItem(1, { title: 'Founders breakfast' }), eventItem(2, { mode: 'online', venue: null })]),
    );
    renderPage();
    const link = await screen.findByRole('link', { name: 'Founders breakfast' });
    expect(link).toHaveAttribute('href', '/events/overview/1');
    expect(screen.getByText('2 events')).toBeInTheDocument();
    expect(screen.getAllByText('Online')).toHaveLength(2);
    expect(server.calls[0]?.query).toEqual({ page: 1, limit: 12, when: 'upcoming' });
    expect(screen.queryByRole('link', { name: 'Create event' })).not.toBeInTheDocument();
  });

  it('switches to past events, filters online ones and searches', async () => {
    const server = mockHttp().get(getEvents, () => page([]));
    renderPage();
    expect(await screen.findByText('No upcoming events right now')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Past' }));
    expect(await screen.findByText('No past events yet')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Online'));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search events' }), 'pitch');
    await waitFor(() =>
      expect(server.calls.at(-1)?.query).toEqual({
        page: 1,
        limit: 12,
        when: 'past',
        mode: 'online',
        search: 'pitch',
      }),
    );
    expect(await screen.findByText('No events match your search')).toBeInTheDocument();
  });

  it('offers organisers "Create event" and their own events', async () => {
    const server = mockHttp().get(getEvents, () =>
      page([eventItem(4, { status: 'draft', can_manage: true })]),
    );
    renderPage(platformAdminState);
    expect((await screen.findAllByRole('link', { name: 'Create event' }))[0]).toHaveAttribute(
      'href',
      '/event/manage/new',
    );
    await userEvent.click(screen.getByRole('tab', { name: 'I organise' }));
    await waitFor(() => expect(server.calls.at(-1)?.query).toMatchObject({ when: 'all', view: 'manage' }));
    expect(await screen.findByRole('link', { name: 'Event 4' })).toHaveAttribute('href', '/event/manage/4');
    expect(screen.getByText('Draft')).toBeInTheDocument();
  });

  it('offers "Create event" to a holder of the organiser privilege, not to other members', async () => {
    mockHttp().get(getEvents, () => page([eventItem(4)]));
    const access = (path: string) => ({
      ...memberState,
      navigationAccess: {
        ...initialNavigationAccessState,
        privileges: [{ privilege_menu_id: 40, menu_name: 'Manage events', menu_parent_name: null }],
        menus: [{ menu_id: 40, menu_name: 'Manage events', menu_parent_id: null, path }],
      },
    });
    const { unmount } = renderPage(access('/event/manage/:eventId'));
    expect((await screen.findAllByRole('link', { name: 'Create event' }))[0]).toHaveAttribute(
      'href',
      '/event/manage/new',
    );
    expect(screen.getByRole('tab', { name: 'I organise' })).toBeInTheDocument();
    unmount();
    renderPage(access('/announcements'));
    expect(await screen.findByRole('link', { name: 'Event 4' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create event' })).not.toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    let fail = true;
    mockHttp().get(getEvents, () => {
      if (fail) throw httpError(500, 'Something went wrong on our side.');
      return page([eventItem(5, { title: 'Back again' })]);
    });
    renderPage();
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Back again' })).toBeInTheDocument();
  });
});
