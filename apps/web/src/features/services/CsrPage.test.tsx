import { CSR_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';
import { renderWithProviders } from '../../test/render';
import CsrPage from './pages/CsrPage';

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens on it for web-font loads.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

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
const project = (id: number, overrides: object = {}) => ({
  project_id: id,
  tenant_id: 3,
  organisation: 'Acme Corporate Labs',
  title: `Project ${id}`,
  description: 'Solar for schools',
  cause: 'environment',
  budget_min: 100000,
  budget_max: 500000,
  currency: 'INR',
  location: 'Karnataka',
  status: 'open',
  created_at: '2026-11-20T09:00:00.000Z',
  interested: false,
  can_manage: false,
  interests: 0,
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
    if (!config.url?.startsWith(CSR_API)) throw failure(500, 'Not here');
    return { data: await handle(config) } as AxiosResponse;
  });
  return calls;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/services/csr', () => {
  it('lists projects with only the defaults and their budget range', async () => {
    const calls = mockServer(() => page([project(1, { title: 'Solar rooftops' })]));
    renderWithProviders(<CsrPage />, { route: '/', preloadedState: memberState });
    expect(await screen.findByRole('heading', { name: 'Solar rooftops' })).toBeInTheDocument();
    expect(screen.getByText(/Budget ₹1,00,000 – ₹5,00,000/)).toBeInTheDocument();
    expect(calls[0]?.params).toEqual({ page: 1, limit: 12 });
  });

  it('shows the empty state, and the filtered one', async () => {
    const calls = mockServer(() => page([]));
    renderWithProviders(<CsrPage />, { route: '/', preloadedState: memberState });
    expect(await screen.findByText('No CSR projects yet')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'water');
    await waitFor(() => expect(calls.at(-1)?.params).toEqual({ page: 1, limit: 12, search: 'water' }));
    expect(await screen.findByText('No projects match your search')).toBeInTheDocument();
  });

  it('sends an interest with a message, refusing an empty one', async () => {
    const calls = mockServer((config) =>
      config.url?.endsWith('/expressInterest')
        ? { data: project(1, { interested: true }), message: 'Your interest is sent to the organisation.' }
        : page([project(1)]),
    );
    renderWithProviders(<CsrPage />, { route: '/', preloadedState: memberState });
    await userEvent.click(await screen.findByRole('button', { name: 'Express interest in Project 1' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Write a short message.')).toBeInTheDocument();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Message to the organisation/ }),
      'We can help',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url === `${CSR_API}/expressInterest`)?.data).toEqual({
        project_id: 1,
        message: 'We can help',
      }),
    );
  });

  it('shows the publisher the interests', async () => {
    mockServer((config) =>
      config.url?.includes('/getInterests/')
        ? {
            data: [
              {
                interest_id: 1,
                user_id: 9,
                name: 'Ivan Industry',
                message: 'Count us in',
                created_at: '2026-11-21T09:00:00.000Z',
              },
            ],
          }
        : page([project(2, { can_manage: true, interests: 1 })]),
    );
    renderWithProviders(<CsrPage />, { route: '/', preloadedState: memberState });
    await userEvent.click(await screen.findByRole('button', { name: 'Interests (1)' }));
    expect(await screen.findByText('Count us in')).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    mockServer(() => {
      throw failure(500, 'Something went wrong on our side.');
    });
    renderWithProviders(<CsrPage />, { route: '/', preloadedState: memberState });
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
  });
});
