import { CALENDAR_API, type CalendarFeedCheck } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import TestCalendarPage from './pages/TestCalendarPage';

const signedIn = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: { user_id: 1, username: 'admin', roles: [{ role_id: 1 }] },
  },
};
const ada = { user_id: 7, username: 'ada', name: 'Ada Byron', email: 'ada@example.test' };
const check: CalendarFeedCheck = {
  user: ada,
  has_feed: true,
  window: { start: '2026-10-28T00:00:00.000Z', end: '2027-05-27T00:00:00.000Z' },
  items: [
    {
      uid: 'live-session-42',
      title: 'Community live call',
      start: '2026-12-01T15:00:00.000Z',
      end: '2026-12-01T16:00:00.000Z',
      all_day: false,
      url: '/program-content/5?unit=42',
      kind: 'live_session',
    },
  ],
  event_count: 1,
  bytes: 2048,
  problems: [],
};

const getUsers = `${CALENDAR_API}/getUsers`;

const render = () =>
  renderWithProviders(<TestCalendarPage />, { route: '/test-calendar', preloadedState: signedIn });

afterEach(() => vi.restoreAllMocks());

describe('calendar test page', () => {
  it('lists the people one administers with the defaults, and checks the feed of the one chosen', async () => {
    const server = mockHttp()
      .get(getUsers, { data: [ada], meta: { page: 1, limit: 10, total: 1, totalPages: 1, totalExact: true } })
      .get(`${CALENDAR_API}/checkFeed/7`, { data: check });
    render();
    const people = await screen.findByRole('list', { name: 'People' });
    expect(server.calls[0]?.query).toEqual({});
    await userEvent.click(within(people).getByRole('button', { name: /Ada Byron/ }));
    const result = await screen.findByLabelText('Feed check of Ada Byron');
    expect(within(result).getByText('Feed is well formed')).toBeInTheDocument();
    expect(within(result).getByText('Community live call')).toBeInTheDocument();
    expect(within(result).getByRole('link', { name: 'Open Community live call' })).toHaveAttribute(
      'href',
      '/program-content/5?unit=42',
    );
    // The download is the owner's own; the admin only looks.
    expect(within(result).queryByRole('button', { name: /\.ics/ })).not.toBeInTheDocument();
  });

  it('searches by what is typed', async () => {
    const server = mockHttp().get(getUsers, {
      data: [],
      meta: { page: 1, limit: 10, total: 0, totalPages: 0, totalExact: true },
    });
    render();
    expect(await screen.findByText('Nobody to check yet')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a person' }), 'zed');
    expect(await screen.findByText('Nobody matches your search')).toBeInTheDocument();
    await waitFor(() => expect(server.calls.at(-1)?.query).toEqual({ search: 'zed' }));
  });

  it('tells someone who administers nobody what the page is for, and links their own calendar', async () => {
    mockHttp().get(getUsers, httpError(403, 'You are not allowed to do this.'));
    render();
    expect(await screen.findByText(/You administer no one/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Calendar test' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your calendar and its feed address' })).toHaveAttribute(
      'href',
      '/calendar',
    );
    expect(screen.queryByText(/We could not load/)).not.toBeInTheDocument();
  });
});
