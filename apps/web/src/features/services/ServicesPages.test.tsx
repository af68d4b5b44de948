import { VOLUNTEERING_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';
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
function failure(status: number, message: string) {
  return new AxiosError(message, 'ERR', undefined, undefined, { status, data: { message } } as AxiosResponse);
}
function mockServer(handle: (config: AxiosRequestConfig) => unknown) {
  const calls: AxiosRequestConfig[] = [];
  vi.spyOn(http, 'request').mockImplementation(async (config: AxiosRequestConfig) => {
    calls.push(config);
    if (!config.url?.startsWith(VOLUNTEERING_API)) throw failure(500, 'Not here');
    return { data: await handle(config) } as AxiosResponse;
  });
  return calls;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/services/volunteer-services', () => {
  it('lists opportunities with only the defaults', async () => {
    const calls = mockServer(() => page([item(1, { title: 'Beach clean-up' })]));
    renderWithProviders(<VolunteerServicesPage />, { route: '/', preloadedState: memberState });
    expect(await screen.findByRole('heading', { name: 'Beach clean-up' })).toBeInTheDocument();
    expect(calls[0]?.params).toEqual({ page: 1, limit: 12 });
    // A member outside an organisation cannot publish.
    expect(screen.queryByRole('button', { name: 'Publish an opportunity' })).not.toBeInTheDocument();
  });

  it('searches and shows the empty state with a way back', async () => {
    const calls = mockServer(() => page([]));
    renderWithProviders(<VolunteerServicesPage />, { route: '/', preloadedState: memberState });
    expect(await screen.findByText('No volunteering opportunities yet')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search opportunities' }), 'beach');
    await waitFor(() => expect(calls.at(-1)?.params).toEqual({ page: 1, limit: 12, search: 'beach' }));
    expect(await screen.findByText('No opportunities match your search')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('searchbox', { name: 'Search opportunities' })).toHaveValue('');
  });

  it('opens the shifts and signs up for one', async () => {
    const calls = mockServer((config) => {
      if (config.url?.endsWith('/signUp'))
        return {
          data: { signup_id: 9, shift_id: 5, status: 'signed_up', hours: null },
          message: 'Signed up',
        };
      if (config.url?.includes('/getOpportunity/'))
        return {
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
        };
      return page([item(1)]);
    });
    renderWithProviders(<VolunteerServicesPage />, { route: '/', preloadedState: memberState });
    await userEvent.click(await screen.findByRole('button', { name: 'See shifts of Opportunity 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('1 of 3 places taken')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /^Sign up for/ }));
    await waitFor(() =>
      expect(calls.find((call) => call.url === `${VOLUNTEERING_API}/signUp`)?.data).toEqual({ shift_id: 5 }),
    );
  });

  it('shows the error with a retry', async () => {
    mockServer(() => {
      throw failure(500, 'Something went wrong on our side.');
    });
    renderWithProviders(<VolunteerServicesPage />, { route: '/', preloadedState: memberState });
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/services/volunteering-services', () => {
  const hours = { total_hours: 2.5, shifts_attended: 1, recent: [] };

  it('shows my hours and shifts, and cancels an upcoming one after confirming', async () => {
    const calls = mockServer((config) =>
      config.url?.includes('/cancelSignup/')
        ? { data: { signup_id: 4, shift_id: 5, status: 'cancelled', hours: null } }
        : {
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
          },
    );
    renderWithProviders(<VolunteeringServicesPage />, { route: '/', preloadedState: memberState });
    expect(await screen.findByText('Food bank')).toBeInTheDocument();
    expect(screen.getByText('2.50 h')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel sign-up' }));
    await waitFor(() =>
      expect(calls.some((call) => call.url === `${VOLUNTEERING_API}/cancelSignup/4`)).toBe(true),
    );
  });

  it('says so when I have no shifts', async () => {
    mockServer(() => ({ data: [], hours: { total_hours: 0, shifts_attended: 0, recent: [] } }));
    renderWithProviders(<VolunteeringServicesPage />, { route: '/', preloadedState: memberState });
    expect(await screen.findByText('You have not signed up for a shift yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse opportunities' })).toHaveAttribute(
      'href',
      '/services/volunteer-services',
    );
  });
});
