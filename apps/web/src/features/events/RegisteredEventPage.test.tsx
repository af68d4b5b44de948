import { EVENT_REGISTRATIONS_API, EVENTS_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import RegisteredEventPage from './pages/RegisteredEventPage';
import { eventItem, memberState } from './test-server';

afterEach(() => {
  vi.restoreAllMocks();
});

const mine = (status: string) => ({
  registration_id: 3,
  event_id: 1,
  user_id: 7,
  status,
  answers: {},
  ticket_code: 'abcdefghijklmnop',
  waiting_position: null,
  offer_expires_at: null,
  checked_in_at: null,
  created_at: '2026-11-20T09:00:00.000Z',
  online_url: 'https://meet.example.org/room',
});

const getEvent = `${EVENTS_API}/getEvent/1`;
const renderPage = () =>
  renderWithProviders(null, {
    route: '/events/registered-event/1',
    preloadedState: memberState,
    routes: [{ path: '/events/registered-event/:eventId', element: <RegisteredEventPage /> }],
  });

describe('/events/registered-event/{eventId}', () => {
  it('shows the ticket and the online link, and cancels only after confirming', async () => {
    let status = 'confirmed';
    const server = mockHttp()
      .get(getEvent, { data: eventItem(1, { mode: 'online', venue: null }) })
      .get(`${EVENT_REGISTRATIONS_API}/getMyRegistration/1`, () => ({ data: mine(status) }))
      .get(`${EVENT_REGISTRATIONS_API}/getTicket/1`, {
        data: {
          registration_id: 3,
          event_id: 1,
          ticket_code: 'abcdefghijklmnop',
          svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
          matrix: ['1'],
          checked_in_at: null,
        },
      })
      .put(`${EVENT_REGISTRATIONS_API}/cancelRegistration/1`, () => {
        status = 'cancelled';
        return { data: mine('cancelled') };
      });
    renderPage();
    expect(await screen.findByRole('img', { name: 'Ticket QR code' })).toBeInTheDocument();
    expect(screen.getByText('abcdefghijklmnop')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://meet.example.org/room' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to calendar (.ics)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel registration' }));
    expect(server.calls.some((call) => call.path.includes('/cancelRegistration/'))).toBe(false);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel registration' }));
    await waitFor(() =>
      expect(
        server.calls.some((call) => call.path.includes('/cancelRegistration/1') && call.method === 'PUT'),
      ).toBe(true),
    );
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
  });

  it('tells someone without a registration so, with the way to the event page, not an error', async () => {
    mockHttp()
      .on('*', /./, httpError(404, 'Registration not found.'))
      .get(getEvent, { data: eventItem(1, { title: 'Demo day' }) });
    renderPage();
    expect(await screen.findByText('You are not registered for Demo day')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the event page' })).toHaveAttribute(
      'href',
      '/events/overview/1',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('still reports a registration that fails to load for another reason', async () => {
    mockHttp()
      .on('*', /./, httpError(500, 'Something broke.'))
      .get(getEvent, { data: eventItem(1, { title: 'Demo day' }) });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your registration');
  });
});
