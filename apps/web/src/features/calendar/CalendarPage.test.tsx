import { CALENDAR_API, type CalendarItem } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { type HttpAnswer, type HttpCall, httpError, mockHttp } from '../../test/mock-http';
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

const GET_ITEMS = `${CALENDAR_API}/getItems`;
/** The calendar API: the items from `items`, the feed address from `feed`; a test adds the rest. */
const serve = (items: HttpAnswer, feed: HttpAnswer = { data: FEED }) =>
  mockHttp().get(GET_ITEMS, items).get(`${CALENDAR_API}/getFeedUrl`, feed);
const itemCalls = (calls: HttpCall[]) => calls.filter((c) => c.path === GET_ITEMS);

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

const itemsAnswer = (items: CalendarItem[], { query }: HttpCall) => ({
  data: items,
  meta: { ...query, total: items.length },
});

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:calendar');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('calendar page', () => {
  it("switches between month, week, day and list, asking for each view's range and keeping it in the address", async () => {
    const server = serve((c) => itemsAnswer([call], c));
    const { router } = render();
    const days = (c: HttpCall) => {
      const { start, end } = c.query as { start: string; end: string };
      return Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000);
    };
    const lastRange = () => days(itemCalls(server.calls).at(-1)!);
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
    serve((c) => itemsAnswer([{ ...call, start: now.toISOString(), end: later.toISOString() }], c));
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
    const server = serve((c) => itemsAnswer([], c));
    render('/calendar?view=day');
    await waitFor(() => {
      const last = itemCalls(server.calls).at(-1)?.query as {
        start: string;
        end: string;
      };
      expect(Date.parse(last.end) - Date.parse(last.start)).toBe(86_400_000);
    });
  });

  it("lists the items of the visible range in the viewer's time zone, each linking to its page", async () => {
    const server = serve((c) => itemsAnswer([call], c));
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
    const range = itemCalls(server.calls)[0]?.query as { start: string; end: string };
    expect(Date.parse(range.start)).toBeLessThanOrEqual(Date.parse(call.start));
    expect(await screen.findByDisplayValue(FEED.url)).toBeInTheDocument();
  });

  it('downloads one item as an .ics file through the API client', async () => {
    const server = serve((c) => itemsAnswer([call], c)).get(
      `${CALENDAR_API}/downloadItem/:uid`,
      () => new Blob(['BEGIN:VCALENDAR']),
    );
    // jsdom cannot follow the download link; the click itself is what starts a real download.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Download .ics for Community live call' }),
    );
    await waitFor(() => expect(click).toHaveBeenCalled());
    await waitFor(() =>
      expect(server.calls.some((c) => c.path === '/api/calendar/downloadItem/live-session-42')).toBe(true),
    );
    expect(server.calls.find((c) => c.path.includes('/downloadItem/'))?.responseType).toBe('blob');
  });

  it('says when nothing is scheduled, and offers a retry when loading fails', async () => {
    let fail = true;
    serve((c) => (fail ? httpError(500, 'Server trouble') : itemsAnswer([], c)));
    render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your calendar');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Nothing scheduled in this period\. Live sessions/)).toBeInTheDocument();
  });

  it('resets the feed address only after confirmation, and shows the new one', async () => {
    let current = FEED;
    const server = serve(
      (c) => itemsAnswer([], c),
      () => ({ data: current }),
    ).post(`${CALENDAR_API}/resetFeedToken`, () => {
      current = NEW_FEED;
      return { data: NEW_FEED };
    });
    render();
    await screen.findByDisplayValue(FEED.url);
    await userEvent.click(screen.getByRole('button', { name: 'Reset address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your feed address?' });
    expect(server.calls.some((c) => c.path.endsWith('/resetFeedToken'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset address' }));
    expect(await screen.findByDisplayValue(NEW_FEED.url)).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path.endsWith('/resetFeedToken'))).toHaveLength(1);
  });
});
