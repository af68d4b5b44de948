import { VOLUNTEERING_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import VolunteeringServicesPage from './pages/VolunteeringServicesPage';
import VolunteerServicesPage from './pages/VolunteerServicesPage';

const memberState = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: {
      user_id: 7,
      username: 'mia',
      roles: [{ role_id: 13, role_name: 'individual', role_view: 'user' as const }],
    },
  },
};
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const item = (id: number, overrides: object = {}) => ({
  opportunity_id: id,
  tenant_id: 3,
  organisation: 'Green Mumbai',
  title: `Opportunity ${id}`,
  summary: 'Help out',
  cause: 'environment',
  location: 'Mumbai',
  next_shift_at: inDays(2),
  upcoming_shifts: 1,
  open_places: 2,
  ...overrides,
});
const page = (rows: object[]) => ({
  data: rows,
  meta: { page: 1, limit: 12, total: rows.length, totalPages: 1, totalExact: true },
});
const opportunities = `${VOLUNTEERING_API}/getOpportunities`;
const myShifts = `${VOLUNTEERING_API}/getMyShifts`;
/** The volunteering endpoints a test adds; anything outside them fails as a server error. */
const serve = () => mockHttp().on('*', new RegExp(`^(?!${VOLUNTEERING_API}/)`), httpError(500, 'Not here'));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/services/volunteer-services', () => {
  it('lists opportunities with only the defaults', async () => {
    const server = serve().get(opportunities, () => page([item(1, { title: 'Beach clean-up' })]));
    renderWithProviders(<VolunteerServicesPage />, { route: '/', preloadedState: memberState });
    expect(await screen.findByRole('heading', { name: 'Beach clean-up' })).toBeInTheDocument();
    expect(server.calls[0]?.query).toEqual({ page: 1, limit: 12 });
    // A member outside an organisation cannot publish.
    expect(screen.queryByRole('button', { name: 'Publish an opportunity' })).not.toBeInTheDocument();
  });

  it('searches and shows the empty state with a way back', async () => {
    const server = serve().get(opportunities, () => page([]));
    renderWithProviders(<VolunteerServicesPage />, { route: '/', preloadedState: memberState });
    expect(await screen.findByText('No volunteering opportunities yet')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search opportunities' }), 'beach');
    await waitFor(() => expect(server.calls.at(-1)?.query).toEqual({ page: 1, limit: 12, search: 'beach' }));
    expect(await screen.findByText('No opportunities match your search')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('searchbox', { name: 'Search opportunities' })).toHaveValue('');
  });

  it('opens the shifts and signs up for one', async () => {
    const server = serve()
      .get(opportunities, () => page([item(1)]))
      .post(`${VOLUNTEERING_API}/signUp`, {
        data: { signup_id: 9, shift_id: 5, status: 'signed_up', hours: null },
        message: 'Signed up',
      })
      .get(`${VOLUNTEERING_API}/getOpportunity/:id`, {
        data: {
          ...item(1),
          description: 'Collect litter.',
          can_manage: false,
          shifts: [
            {
              shift_id: 5,
              starts_at: inDays(2),
              ends_at: inDays(2.1),
              capacity: 3,
              taken: 1,
              my_signup: null,
            },
          ],
        },
      });
    renderWithProviders(<VolunteerServicesPage />, { route: '/', preloadedState: memberState });
    await userEvent.click(await screen.findByRole('button', { name: 'See shifts of Opportunity 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('1 of 3 places taken')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /^Sign up for/ }));
    await waitFor(() =>
      expect(server.callsTo('POST', `${VOLUNTEERING_API}/signUp`)[0]?.body).toEqual({ shift_id: 5 }),
    );
  });

  it('shows the error with a retry', async () => {
    serve().get(opportunities, httpError(500, 'Something went wrong on our side.'));
    renderWithProviders(<VolunteerServicesPage />, { route: '/', preloadedState: memberState });
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/services/volunteering-services', () => {
  const hours = { total_hours: 2.5, shifts_attended: 1, recent: [] };

  it('shows my hours and shifts, and cancels an upcoming one after confirming', async () => {
    const server = serve()
      .get(myShifts, {
        data: [
          {
            signup_id: 4,
            shift_id: 5,
            status: 'signed_up',
            hours: null,
            opportunity_id: 1,
            title: 'Food bank',
            organisation: 'Green Mumbai',
            location: 'Mumbai',
            starts_at: inDays(3),
            ends_at: inDays(3.1),
          },
        ],
        hours,
      })
      .post(`${VOLUNTEERING_API}/cancelSignup/:id`, {
        data: { signup_id: 4, shift_id: 5, status: 'cancelled', hours: null },
      });
    renderWithProviders(<VolunteeringServicesPage />, { route: '/', preloadedState: memberState });
    expect(await screen.findByText('Food bank')).toBeInTheDocument();
    expect(screen.getByText('2.50 h')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel sign-up' }));
    await waitFor(() =>
      expect(server.calls.some((call) => call.path === `${VOLUNTEERING_API}/cancelSignup/4`)).toBe(true),
    );
  });

  it('says so when I have no shifts', async () => {
    serve().get(myShifts, { data: [], hours: { total_hours: 0, shifts_attended: 0, recent: [] } });
    renderWithProviders(<VolunteeringServicesPage />, { route: '/', preloadedState: memberState });
    expect(await screen.findByText('You have not signed up for a shift yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse opportunities' })).toHaveAttribute(
      'href',
      '/services/volunteer-services',
    );
  });
});
