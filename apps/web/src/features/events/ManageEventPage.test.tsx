import { EVENT_REGISTRATIONS_API, EVENTS_API } from '@nexus/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import ManageEventPage from './pages/ManageEventPage';
import { eventItem, page, platformAdminState } from './test-server';

afterEach(() => {
  vi.restoreAllMocks();
});

const renderPage = (id: string) =>
  renderWithProviders(null, {
    route: `/event/manage/${id}`,
    preloadedState: platformAdminState,
    routes: [{ path: '/event/manage/:eventId', element: <ManageEventPage /> }],
  });

const registration = (id: number, overrides: object = {}) => ({
  registration_id: id,
  event_id: 1,
  user_id: 20 + id,
  name: `Person ${id}`,
  email: `p${id}@example.org`,
  status: 'pending',
  answers: {},
  waiting_since: null,
  offer_expires_at: null,
  checked_in_at: null,
  created_at: '2026-11-20T09:00:00.000Z',
  ...overrides,
});

describe('/event/manage/new', () => {
  it('checks the form, then creates the event with its question and seats', async () => {
    const server = mockHttp()
      .post(`${EVENTS_API}/createEvent`, { data: eventItem(9, { can_manage: true }) })
      .get(`${EVENTS_API}/getEvent/9`, { data: eventItem(9, { can_manage: true }) });
    renderPage('new');
    await userEvent.click(await screen.findByRole('button', { name: 'Create event' }));
    expect(screen.getByText('Give the event a title.')).toBeInTheDocument();
    expect(screen.getByText('An in-person event needs a venue.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Title/ }), 'Pitch night');
    await userEvent.type(screen.getByRole('textbox', { name: /Venue/ }), 'Hall B');
    await userEvent.clear(screen.getByRole('textbox', { name: /Time zone/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /Time zone/ }), 'Europe/Paris');
    await userEvent.type(screen.getByRole('textbox', { name: /Seats/ }), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Question 1' }), 'Your startup?');
    await userEvent.click(screen.getByRole('switch', { name: /Published/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(server.calls.some((call) => call.path.endsWith('/createEvent'))).toBe(true));
    const body = server.calls.find((call) => call.path.endsWith('/createEvent'))?.body;
    expect(body).toMatchObject({
      title: 'Pitch night',
      mode: 'in_person',
      venue: 'Hall B',
      time_zone: 'Europe/Paris',
      capacity: 2,
      status: 'published',
      questions: [{ label: 'Your startup?', kind: 'text', required: false, choices: [] }],
      rrule: null,
      offer_hours: 24,
    });
    // Typing a whole form key by key outlasts the default timeout on a loaded machine.
  }, 40_000);
});

describe('/event/manage/{eventId}', () => {
  const serve = () =>
    mockHttp()
      .get(`${EVENTS_API}/getEvent/1`, { data: eventItem(1, { can_manage: true, title: 'Pitch night' }) })
      .get(
        `${EVENT_REGISTRATIONS_API}/getRegistrations/1`,
        page([registration(1), registration(2, { status: 'confirmed' })]),
      )
      .put(`${EVENT_REGISTRATIONS_API}/approveRegistration/1/1`, { data: {} })
      .get(`${EVENT_REGISTRATIONS_API}/getCheckInCount/1`, {
        data: { event_id: 1, checked_in: 1, confirmed: 2 },
      })
      .post(
        `${EVENT_REGISTRATIONS_API}/checkIn/1`,
        httpError(409, 'This ticket was already used at Tue, 1 Dec 2099, 18:05.'),
      );

  it('approves a pending registration', async () => {
    const server = serve();
    renderPage('1');
    await userEvent.click(await screen.findByRole('tab', { name: 'Registrations' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Person 1' }));
    await waitFor(() =>
      expect(
        server.calls.some((call) => call.path.includes('/approveRegistration/1/1') && call.method === 'PUT'),
      ).toBe(true),
    );
    expect(screen.queryByRole('button', { name: 'Approve Person 2' })).not.toBeInTheDocument();
  });

  it('checks a ticket code in and says when it was already used', async () => {
    const server = serve();
    renderPage('1');
    await userEvent.click(await screen.findByRole('tab', { name: 'Check-in' }));
    expect(await screen.findByText('1 of 2 checked in')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Ticket code' }), 'abcdefghijkl');
    await userEvent.click(screen.getByRole('button', { name: 'Check in code' }));
    expect(
      await screen.findByText('This ticket was already used at Tue, 1 Dec 2099, 18:05.'),
    ).toBeInTheDocument();
    expect(server.calls.find((call) => call.path.includes('/checkIn/1'))?.body).toEqual({
      ticket_code: 'abcdefghijkl',
    });
  });
});
