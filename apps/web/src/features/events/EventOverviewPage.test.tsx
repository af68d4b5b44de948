import { EVENT_REGISTRATIONS_API, EVENTS_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import EventOverviewPage from './pages/EventOverviewPage';
import { eventItem, memberState } from './test-server';

afterEach(() => {
  vi.restoreAllMocks();
});

const QUESTIONS = [
  { question_id: 'diet', label: 'Dietary needs', kind: 'text', required: true, choices: [] },
  { question_id: 'track', label: 'Track', kind: 'choice', required: false, choices: ['Build', 'Fund'] },
];

const mine = (status: string, overrides: object = {}) => ({
  registration_id: 3,
  event_id: 1,
  user_id: 7,
  status,
  answers: {},
  ticket_code: null,
  waiting_position: null,
  offer_expires_at: null,
  checked_in_at: null,
  created_at: '2026-11-20T09:00:00.000Z',
  online_url: null,
  ...overrides,
});

const getEvent = `${EVENTS_API}/getEvent/1`;
const renderPage = (preloadedState: object = memberState) =>
  renderWithProviders(null, {
    route: '/events/overview/1',
    preloadedState,
    routes: [{ path: '/events/overview/:event_id', element: <EventOverviewPage /> }],
  });

describe('/events/overview/{event_id}', () => {
  it('shows when in the event’s zone, where, and the description', async () => {
    mockHttp().get(getEvent, { data: eventItem(1, { mode: 'online', venue: null, title: 'Demo day' }) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Demo day' })).toBeInTheDocument();
    expect(screen.getByText(/Tue, 1 Dec 2099, 18:00 – 20:00 \(Europe\/Paris\)/)).toBeInTheDocument();
    expect(screen.getByText('Online: link after registration')).toBeInTheDocument();
    expect(screen.getByText('About event 1')).toBeInTheDocument();
  });

  it('lists the upcoming sessions of a recurring event in its zone, five until asked for all', async () => {
    const sessions = Array.from({ length: 7 }, (_, week) => ({
      starts_at: new Date(Date.UTC(2099, 11, 1 + 7 * week, 17)).toISOString(),
      ends_at: new Date(Date.UTC(2099, 11, 1 + 7 * week, 19)).toISOString(),
    }));
    // The first session is long past; later ones are still to come.
    const first = { starts_at: '2020-12-01T17:00:00.000Z', ends_at: '2020-12-01T19:00:00.000Z' };
    mockHttp().get(getEvent, { data: eventItem(1, { ...first, rrule: 'FREQ=WEEKLY', sessions }) });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Upcoming sessions' });
    // The header shows the next session, not the first one of 2020.
    expect(screen.getByText(/Tue, 1 Dec 2099, 18:00 – 20:00 \(Europe\/Paris\)/)).toBeInTheDocument();
    expect(screen.getByText('Next session; it repeats (see the sessions below).')).toBeInTheDocument();
    expect(screen.queryByText(/2020/)).not.toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent(/^Tue,? 8 Dec 2099, 18:00 – 20:00$/);
    await userEvent.click(screen.getByRole('button', { name: 'Show all 7' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument();
    expect(screen.queryByText('This event has already ended.')).not.toBeInTheDocument();
  });

  it('checks required answers before sending, then registers with the answers given', async () => {
    const server = mockHttp()
      .get(getEvent, { data: eventItem(1, { questions: QUESTIONS }) })
      .post(`${EVENT_REGISTRATIONS_API}/createRegistration/1`, {
        data: mine('confirmed', { message: 'You are registered.' }),
      });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Register' }));
    expect(screen.getByText('This question needs an answer.')).toBeInTheDocument();
    expect(server.calls.some((call) => call.path.includes('/createRegistration/'))).toBe(false);
    await userEvent.type(screen.getByRole('textbox', { name: /Dietary needs/ }), 'Vegetarian');
    await userEvent.click(screen.getByRole('radio', { name: 'Fund' }));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(server.calls.find((call) => call.path.includes('/createRegistration/1'))?.body).toEqual({
        answers: { diet: 'Vegetarian', track: 'Fund' },
      }),
    );
  });

  it('shows the server’s refusal', async () => {
    mockHttp()
      .on('*', /./, httpError(409, 'You are already registered for this event.'))
      .get(getEvent, { data: eventItem(1) });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findByText('You are already registered for this event.')).toBeInTheDocument();
  });

  it('offers the waiting list when full, and accept or decline for an offered seat', async () => {
    const server = mockHttp()
      .get(getEvent, { data: eventItem(1, { seats_left: 0, my_status: 'offered' }) })
      .get(`${EVENT_REGISTRATIONS_API}/getMyRegistration/1`, {
        data: mine('offered', { offer_expires_at: '2099-11-30T10:00:00.000Z' }),
      })
      .put(`${EVENT_REGISTRATIONS_API}/acceptOffer/1`, { data: mine('confirmed') });
    renderPage();
    expect(await screen.findByText('A seat is offered to you.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept the seat' }));
    await waitFor(() =>
      expect(server.calls.some((call) => call.path.includes('/acceptOffer/1') && call.method === 'PUT')).toBe(
        true,
      ),
    );
  });

  it('says the event is full on the button', async () => {
    mockHttp().get(getEvent, { data: eventItem(1, { seats_left: 0 }) });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Join the waiting list' })).toBeInTheDocument();
    expect(screen.getByText('Full: waiting list')).toBeInTheDocument();
  });
});
