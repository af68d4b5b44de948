import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';
import { renderWithProviders } from '../../test/render';
import AdminCenterPage from './pages/AdminCenterPage';

const platformAdmin = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: { user_id: 1, username: 'admin', roles: [{ role_id: 1 }] },
  },
};

function event(id: string, status: string, overrides: object = {}) {
  return {
    id,
    name: 'learning.program.completed',
    version: 1,
    payload: { user_id: 7, program_id: 3 },
    tenant_id: null,
    status,
    attempts: status === 'dead' ? 5 : 1,
    last_error: status === 'dead' ? 'certificates.issue: signing key missing' : null,
    occurred_at: new Date().toISOString(),
    next_attempt_at: null,
    processed_at: null,
    delivered_to: status === 'done' ? ['certificates.issue'] : [],
    ...overrides,
  };
}

const page = (rows: object[], total = rows.length) => ({
  data: rows,
  meta: { page: 1, limit: 20, total, totalPages: Math.max(1, Math.ceil(total / 20)), totalExact: true },
});

function failure(status: number, message: string) {
  const response = { status, data: { message } } as AxiosResponse;
  return new AxiosError(message, 'ERR_BAD_RESPONSE', undefined, undefined, response);
}

function mockServer(handle: (config: AxiosRequestConfig) => unknown) {
  const calls: AxiosRequestConfig[] = [];
  vi.spyOn(http, 'request').mockImplementation(async (config: AxiosRequestConfig) => {
    calls.push(config);
    if (!(config.url ?? '').includes('/api/system/domain-events')) throw failure(404, 'Not found');
    return { data: await handle(config) } as AxiosResponse;
  });
  return calls;
}

const renderEvents = (preloadedState: object = platformAdmin) =>
  renderWithProviders(null, {
    routes: [{ path: '/admin-center', element: <AdminCenterPage /> }],
    route: '/admin-center?tab=events',
    preloadedState,
  });

afterEach(() => vi.restoreAllMocks());

describe('domain events tab', () => {
  it('lists events with status, attempts and error, filters by status on the server, and retries a dead one', async () => {
    let retried = false;
    const calls = mockServer((config) => {
      if (config.method === 'POST') {
        retried = true;
        return { data: event('e-dead', 'done') };
      }
      const status = (config.params as { status?: string }).status;
      if (status === 'dead') return page(retried ? [] : [event('e-dead', 'dead')]);
      return page([event('e-done', 'done'), retried ? event('e-dead', 'done') : event('e-dead', 'dead')]);
    });
    renderEvents();
    const table = await screen.findByRole('table', { name: 'Domain events' });
    expect(within(table).getAllByText('learning.program.completed')).toHaveLength(2);
    expect(within(table).getByText('Dead')).toBeInTheDocument();
    expect(within(table).getByText('certificates.issue: signing key missing')).toBeInTheDocument();
    expect(within(table).getByText('Handled by certificates.issue')).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /Retry/ })).toHaveLength(1);

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Dead' }));
    await waitFor(() =>
      expect(calls.some((call) => (call.params as { status?: string } | undefined)?.status === 'dead')).toBe(
        true,
      ),
    );

    await userEvent.click(
      await screen.findByRole('button', { name: 'Retry learning.program.completed e-dead' }),
    );
    await waitFor(() => expect(retried).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.url).toBe(
      '/api/system/domain-events/retryDomainEvent/e-dead',
    );
    expect(await screen.findByText('No dead events')).toBeInTheDocument();
  });

  it('shows the empty state and the error state', async () => {
    mockServer(() => page([]));
    const { unmount } = renderEvents();
    expect(await screen.findByText('No events yet')).toBeInTheDocument();
    unmount();
    vi.restoreAllMocks();
    mockServer(() => {
      throw failure(500, 'The database is away');
    });
    renderEvents();
    expect(await screen.findByText(/The database is away/)).toBeInTheDocument();
  });

  it('is not offered to someone who is not the platform administrator', async () => {
    mockServer(() => page([]));
    renderEvents({
      auth: {
        ...initialAuthState,
        isLoggedIn: true,
        user: { user_id: 2, username: 'ada', roles: [{ role_id: 5 }] },
      },
    });
    expect(await screen.findByRole('tab', { name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Domain events' })).toBeNull();
  });
});
