import { AI_API, EXPERT_MESSAGES, EXPERT_SESSIONS_API, EXPERTS_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import { dayLabel, timeLabel, whenLabel } from './format';
import FindExpertPage from './pages/FindExpertPage';
import { callsTo, expert, FUTURE, memberState, page, seriousViolations, session } from './test-server';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('../../shared/ui/notify', () => ({ notify }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const findExperts = `${EXPERTS_API}/findExperts`;
/** The page's "Experts to meet" panel asks the AI module; it answers with an empty set here. */
const serve = () =>
  mockHttp().get(`${AI_API}/getSuggestions`, {
    data: { category: 'experts', set: 0, items: [], source: 'builtin', notice: null },
  });

const renderPage = () =>
  renderWithProviders(null, {
    route: '/find-expert',
    routes: [
      { path: '/find-expert', element: <FindExpertPage /> },
      { path: '/my-expert-programs', element: <h1>My expert programs page</h1> },
    ],
    preloadedState: memberState,
  });

describe('/find-expert', () => {
  it('lists published experts with only the defaults: headline, expertise, languages, next free slot', async () => {
    const server = serve().get(findExperts, () =>
      page([
        expert(1, {
          name: 'Milo Mentor',
          headline: 'Helps founders find their first customers',
          expertise: ['sales', 'fundraising'],
          languages: ['en', 'fr'],
          session_minutes: 45,
          program_count: 2,
        }),
        expert(2, { name: 'Ivy Investor', next_free_at: null }),
      ]),
    );
    renderPage();
    const milo = await screen.findByRole('article', { name: 'Milo Mentor' });
    expect(within(milo).getByRole('heading', { name: 'Milo Mentor' })).toBeInTheDocument();
    expect(within(milo).getByText('Helps founders find their first customers')).toBeInTheDocument();
    expect(within(milo).getByText('sales')).toBeInTheDocument();
    expect(within(milo).getByText('fundraising')).toBeInTheDocument();
    expect(within(milo).getByText('Speaks en, fr · 45-minute sessions')).toBeInTheDocument();
    expect(within(milo).getByText(`Next free: ${whenLabel(FUTURE)}`)).toBeInTheDocument();
    expect(within(milo).getByText('2 programs offered')).toBeInTheDocument();
    expect(within(milo).getByRole('button', { name: 'Book a session' })).toBeEnabled();

    const ivy = screen.getByRole('article', { name: 'Ivy Investor' });
    expect(within(ivy).getByText('No free slot at the moment')).toBeInTheDocument();
    expect(within(ivy).getByRole('button', { name: 'Book a session' })).toBeDisabled();
    expect(within(ivy).queryByText(/offered$/)).not.toBeInTheDocument();

    expect(screen.getByRole('heading', { level: 1, name: 'Find an expert' })).toBeInTheDocument();
    expect(screen.getByText('2 experts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My expert programs' })).toHaveAttribute(
      'href',
      '/my-expert-programs',
    );
    expect(screen.getByRole('heading', { name: 'Experts to meet' })).toBeInTheDocument();
    const searches = callsTo(server.calls, `${EXPERTS_API}/findExperts`);
    expect(searches).toHaveLength(1);
    expect(searches[0]?.query).toEqual({ page: 1 });
    expect(await seriousViolations()).toEqual([]);
  });

  it('says no expert has published a profile yet, without a filter to clear', async () => {
    serve().get(findExperts, () => page([]));
    renderPage();
    expect(await screen.findByText('No experts have published a profile yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('shows the error with a retry that loads the experts', async () => {
    let fail = true;
    serve().get(findExperts, () => {
      if (fail) throw httpError(500, 'Something went wrong on our side.');
      return page([expert(5, { name: 'Back again' })]);
    });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We could not load experts')).toBeInTheDocument();
    expect(within(alert).getByText('Something went wrong on our side.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Back again' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends words, a lower-case expertise and language and "free within a week", then clears them', async () => {
    // Only the unfiltered search finds Milo, so the list shows which search the page last made.
    const server = serve().get(findExperts, ({ query }) =>
      Object.values(query).filter((value) => value !== undefined).length === 1
        ? page([expert(1, { name: 'Milo Mentor' })])
        : page([]),
    );
    renderPage();
    await screen.findByRole('article', { name: 'Milo Mentor' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search experts' }), 'pitch deck');
    await userEvent.type(screen.getByRole('textbox', { name: 'Expertise' }), 'Fundraising');
    await userEvent.type(screen.getByRole('textbox', { name: 'Language' }), 'EN');
    const before = Date.now();
    await userEvent.click(screen.getByRole('combobox', { name: 'Free' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Within a week' }));
    await waitFor(() =>
      expect(callsTo(server.calls, '/findExperts').at(-1)?.query).toMatchObject({
        page: 1,
        search: 'pitch deck',
        expertise: 'fundraising',
        language: 'en',
      }),
    );
    await waitFor(() =>
      expect(callsTo(server.calls, '/findExperts').at(-1)?.query.free_before).toBeDefined(),
    );
    const freeBefore = Date.parse(callsTo(server.calls, '/findExperts').at(-1)?.query.free_before as string);
    const week = 7 * 86_400_000;
    // Rounded down to the minute by the page, so up to a minute before "now + 7 days".
    expect(freeBefore).toBeGreaterThan(before + week - 61_000);
    expect(freeBefore).toBeLessThanOrEqual(Date.now() + week);

    expect(await screen.findByText('No expert matches these filters.')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Milo Mentor' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    // Back to the unfiltered search (answered from the cache, so no new request is needed).
    expect(await screen.findByRole('article', { name: 'Milo Mentor' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search experts' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Expertise' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Language' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Free' })).toHaveValue('Any time');
  });

  it('books a free slot in the viewer’s zone, sends the slot and topic, confirms and opens the sessions', async () => {
    const slot = '2099-12-02T14:00:00.000Z';
    const server = serve()
      .get(findExperts, () => page([expert(1, { name: 'Milo Mentor' })]))
      .get(`${EXPERTS_API}/getSlots/1`, {
        data: [{ starts_at: slot, ends_at: '2099-12-02T15:00:00.000Z' }],
        time_zone: 'Europe/Paris',
      })
      .post(`${EXPERT_SESSIONS_API}/createSession`, {
        data: session(40, { starts_at: slot, topic: 'Pricing' }),
      });
    const { router } = renderPage();
    const milo = await screen.findByRole('article', { name: 'Milo Mentor' });
    await userEvent.click(within(milo).getByRole('button', { name: 'Book a session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book a session with Milo Mentor' });
    expect(
      await within(dialog).findByText('Times are in your time zone. The expert works in Europe/Paris.'),
    ).toBeInTheDocument();
    expect(callsTo(server.calls, '/getSlots/1')[0]?.query).toEqual({ days: 14 });
    const book = within(dialog).getByRole('button', { name: 'Book this slot' });
    expect(book).toBeDisabled();
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: `${dayLabel(slot)} ${timeLabel(slot)}` }),
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'What would you like to talk about? (optional)' }),
      ' Pricing ',
    );
    await userEvent.click(book);
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        `Booked: ${dayLabel(slot)} at ${timeLabel(slot)}. It is in your calendar.`,
      ),
    );
    const created = callsTo(server.calls, '/createSession');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ method: 'POST' });
    expect(created[0]?.body).toEqual({ expert_id: 1, starts_at: slot, topic: 'Pricing' });
    expect(await screen.findByRole('heading', { name: 'My expert programs page' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=sessions');
  });

  it('tells the person when the slot was just taken and reloads the free slots', async () => {
    const slot = '2099-12-02T14:00:00.000Z';
    const server = serve()
      .get(findExperts, () => page([expert(1, { name: 'Milo Mentor' })]))
      .get(`${EXPERTS_API}/getSlots/1`, {
        data: [{ starts_at: slot, ends_at: '2099-12-02T15:00:00.000Z' }],
        time_zone: 'UTC',
      })
      .post(`${EXPERT_SESSIONS_API}/createSession`, httpError(409, EXPERT_MESSAGES.slotTaken));
    renderPage();
    await userEvent.click(
      within(await screen.findByRole('article', { name: 'Milo Mentor' })).getByRole('button', {
        name: 'Book a session',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Book a session with Milo Mentor' });
    await userEvent.click(
      await within(dialog).findByRole('checkbox', { name: `${dayLabel(slot)} ${timeLabel(slot)}` }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book this slot' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(EXPERT_MESSAGES.slotTaken));
    await waitFor(() => expect(callsTo(server.calls, '/getSlots/1')).toHaveLength(2));
    expect(notify.success).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Book a session with Milo Mentor' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Book this slot' })).toBeDisabled();
  });
});
