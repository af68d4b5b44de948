import type { CalendarFeedCheck } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';
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

function mockServer(reply: (config: AxiosRequestConfig) => unknown) {
  const calls: AxiosRequestConfig[] = [];
  vi.spyOn(http, 'request').mockImplementation(async (config: AxiosRequestConfig) => {
    calls.push(config);
    const data = reply(config);
    if (data instanceof Error) throw data;
    return { data } as AxiosResponse;
  });
  return calls;
}

const failure = (status: number, message: string) =>
  new AxiosError(message, 'ERR_BAD_RESPONSE', undefined, undefined, {
    status,
    data: { message },
  } as AxiosResponse);

const render = () =>
  renderWithProviders(<TestCalendarPage />, { route: '/test-calendar', preloadedState: signedIn });

afterEach(() => vi.restoreAllMocks());

describe('calendar test page', () => {
  it('lists the people one administers with the defaults, and checks the feed of the one chosen', async () => {
    const calls = mockServer((config) => {
      if (config.url?.endsWith('/getUsers')) {
        return { data: [ada], meta: { page: 1, limit: 10, total: 1, totalPages: 1, totalExact: true } };
      }
      if (config.url?.endsWith('/checkFeed/7')) return { data: check };
      return new Error(`unexpected ${config.url}`);
    });
    render();
    const people = await screen.findByRole('list', { name: 'People' });
    expect(calls[0]?.params).toEqual({});
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
    const calls = mockServer((config) => {
      if (config.url?.endsWith('/getUsers')) {
        return { data: [], meta: { page: 1, limit: 10, total: 0, totalPages: 0, totalExact: true } };
      }
      return new Error(`unexpected ${config.url}`);
    });
    render();
    expect(await screen.findByText('Nobody to check yet')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a person' }), 'zed');
    expect(await screen.findByText('Nobody matches your search')).toBeInTheDocument();
    await waitFor(() => expect(calls.at(-1)?.params).toEqual({ search: 'zed' }));
  });

  it('tells someone who administers nobody what the page is for, and links their own calendar', async () => {
    mockServer(() => failure(403, 'You are not allowed to do this.'));
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
