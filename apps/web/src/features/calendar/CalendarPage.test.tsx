import type { CalendarItem } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';
import { renderWithProviders } from '../../test/render';
import CalendarPage from './pages/CalendarPage';

const signedIn = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: { user_id: 7, username: 'ada', roles: [{ role_id: 13 }] },
  },
};

const soon = new Date(Date.now() + 2 * 86_400_000);
soon.setUTCHours(15, 0, 0, 0);
const call: CalendarItem = {
  uid: 'live-session-42',
  title: 'Community live call',
  start: soon.toISOString(),
  end: new Date(soon.getTime() + 3_600_000).toISOString(),
  all_day: false,
  url: '/program-content/5?unit=42',
  kind: 'live_session',
  location: 'Online',
};
// Inside today in any zone the test runs in: the day view shows it.
const now = new Date();
now.setHours(10, 0, 0, 0);
const later = new Date(now.getTime() + 3_600_000);
const FEED = {
  url: 'http://localhost/api/calendar/feed/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.ics',
  webcal_url: 'webcal://localhost/api/calendar/feed/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.ics',
  created_at: '2026-11-01T00:00:00.000Z',
};
const NEW_FEED = { ...FEED, url: FEED.url.replace(/a{43}/, 'b'.repeat(43)) };

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

function render(route = '/calendar') {
  return renderWithProviders(<div />, {
    route,
    preloadedState: signedIn,
    routes: [
      { path: '/calendar', element: <CalendarPage /> },
      { path: '/program-content/:programId', element: <p>Program content</p> },
    ],
  });
}

const itemsAnswer = (items: CalendarItem[], config: AxiosRequestConfig) => ({
  data: items,
  meta: { ...(config.params as object), total: items.length },
});

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:calendar');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('calendar page', () => {
  it("switches between month, week, day and list, asking for each view's range and keeping it in the address", async () => {
    const calls = mockServer((config) => {
      if (config.url?.endsWith('/getItems')) return itemsAnswer([call], config);
      if (config.url?.endsWith('/getFeedUrl')) return { data: FEED };
      return new Error(`unexpected ${config.url}`);
    });
    const { router } = render();
    const days = (c: AxiosRequestConfig) => {
      const { start, end } = c.params as { start: string; end: string };
      return Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000);
    };
    const lastRange = () => days(calls.filter((c) => c.url?.endsWith('/getItems')).at(-1)!);
    await waitFor(() => expect(lastRange()).toBe(42));
    expect(router.state.location.search).toBe('?view=month');
    await userEvent.click(await screen.findByRole('button', { name: 'Week' }));
    await waitFor(() => expect(lastRange()).toBe(7));
    expect(router.state.location.search).toBe('?view=week');
    await userEvent.click(screen.getByRole('button', { name: 'Day' }));
    await waitFor(() => expect(lastRange()).toBe(1));
    await userEvent.click(screen.getByRole('button', { name: 'List' }));
    await waitFor(() => expect(lastRange()).toBe(28));
    expect(router.state.location.search).toBe('?view=list');
    // The list view is itself the list: the duplicate one below the grid goes away.
    expect(screen.queryByRole('list', { name: 'Items in this view' })).not.toBeInTheDocument();
  });

  it('opens an item clicked in the grid in a dialog with its page and its .ics, instead of leaving', async () => {
    mockServer((config) => {
      if (config.url?.endsWith('/getItems'))
        return itemsAnswer([{ ...call, start: now.toISOString(), end: later.toISOString() }], config);
      if (config.url?.endsWith('/getFeedUrl')) return { data: FEED };
      return new Error(`unexpected ${config.url}`);
    });
    const { router } = render('/calendar?view=day');
    const event = await waitFor(() => {
      const found = document.querySelector('.fc-event');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    await userEvent.click(event);
    const dialog = await screen.findByRole('dialog', { name: 'Community live call' });
    expect(router.state.location.pathname).toBe('/calendar');
    expect(within(dialog).getByRole('link', { name: 'Open Community live call' })).toHaveAttribute(
      'href',
      '/program-content/5?unit=42',
    );
    expect(
      within(dialog).getByRole('button', { name: 'Download .ics for Community live call' }),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent(`Times in ${Intl.DateTimeFormat().resolvedOptions().timeZone}`);
  });

  it('opens on the view the address names', async () => {
    const calls = mockServer((config) => {
      if (config.url?.endsWith('/getItems')) return itemsAnswer([], config);
      if (config.url?.endsWith('/getFeedUrl')) return { data: FEED };
      return new Error(`unexpected ${config.url}`);
    });
    render('/calendar?view=day');
    await waitFor(() => {
      const last = calls.filter((c) => c.url?.endsWith('/getItems')).at(-1)?.params as {
        start: string;
        end: string;
      };
      expect(Date.parse(last.end) - Date.parse(last.start)).toBe(86_400_000);
    });
  });

  it("lists the items of the visible range in the viewer's time zone, each linking to its page", async () => {
    const calls = mockServer((config) => {
      if (config.url?.endsWith('/getItems')) return itemsAnswer([call], config);
      if (config.url?.endsWith('/getFeedUrl')) return { data: FEED };
      return new Error(`unexpected ${config.url}`);
    });
    render();
    const list = await screen.findByRole('list', { name: 'Items in this view' });
    expect(within(list).getByText('Community live call')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Open Community live call' })).toHaveAttribute(
      'href',
      '/program-content/5?unit=42',
    );
    expect(screen.getByTestId('viewer-time-zone')).toHaveTextContent(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    // The range asked for is the grid's visible range, which holds the item.
    const range = calls.find((c) => c.url?.endsWith('/getItems'))?.params as { start: string; end: string };
    expect(Date.parse(range.start)).toBeLessThanOrEqual(Date.parse(call.start));
    expect(await screen.findByDisplayValue(FEED.url)).toBeInTheDocument();
  });

  it('downloads one item as an .ics file through the API client', async () => {
    const calls = mockServer((config) => {
      if (config.url?.endsWith('/getItems')) return itemsAnswer([call], config);
      if (config.url?.endsWith('/getFeedUrl')) return { data: FEED };
      if (config.url?.includes('/downloadItem/')) return new Blob(['BEGIN:VCALENDAR']);
      return new Error(`unexpected ${config.url}`);
    });
    // jsdom cannot follow the download link; the click itself is what starts a real download.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Download .ics for Community live call' }),
    );
    await waitFor(() => expect(click).toHaveBeenCalled());
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/calendar/downloadItem/live-session-42')).toBe(true),
    );
    expect(calls.find((c) => c.url?.includes('/downloadItem/'))?.responseType).toBe('blob');
  });

  it('says when nothing is scheduled, and offers a retry when loading fails', async () => {
    let fail = true;
    mockServer((config) => {
      if (config.url?.endsWith('/getItems')) {
        if (fail)
          return Object.assign(new Error('Request failed'), {
            response: { status: 500, data: { message: 'Server trouble' } },
          });
        return itemsAnswer([], config);
      }
      if (config.url?.endsWith('/getFeedUrl')) return { data: FEED };
      return new Error(`unexpected ${config.url}`);
    });
    render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your calendar');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Nothing scheduled in this period\. Live sessions/)).toBeInTheDocument();
  });

  it('resets the feed address only after confirmation, and shows the new one', async () => {
    let current = FEED;
    const calls = mockServer((config) => {
      if (config.url?.endsWith('/getItems')) return itemsAnswer([], config);
      if (config.url?.endsWith('/getFeedUrl')) return { data: current };
      if (config.url?.endsWith('/resetFeedToken')) {
        current = NEW_FEED;
        return { data: NEW_FEED };
      }
      return new Error(`unexpected ${config.url}`);
    });
    render();
    await screen.findByDisplayValue(FEED.url);
    await userEvent.click(screen.getByRole('button', { name: 'Reset address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your feed address?' });
    expect(calls.some((c) => c.url?.endsWith('/resetFeedToken'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset address' }));
    expect(await screen.findByDisplayValue(NEW_FEED.url)).toBeInTheDocument();
    expect(calls.filter((c) => c.url?.endsWith('/resetFeedToken'))).toHaveLength(1);
  });
});
