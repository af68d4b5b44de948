import { DOMAIN_EVENTS_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { type HttpAnswer, httpError, mockHttp } from '../../test/mock-http';
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

/** The event list answers with `list`; anything outside the domain events module is not found. */
const serve = (list: HttpAnswer) =>
  mockHttp().on('*', /./, httpError(404, 'Not found')).get(`${DOMAIN_EVENTS_API}/getDomainEvents`, list);

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
    const server = serve(({ query }) => {
      if (query.status === 'dead') return page(retried ? [] : [event('e-dead', 'dead')]);
      return page([event('e-done', 'done'), retried ? event('e-dead', 'done') : event('e-dead', 'dead')]);
    }).post(`${DOMAIN_EVENTS_API}/retryDomainEvent/:id`, () => {
      retried = true;
      return { data: event('e-dead', 'done') };
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
    await waitFor(() => expect(server.calls.some((call) => call.query.status === 'dead')).toBe(true));

    await userEvent.click(
      await screen.findByRole('button', { name: 'Retry learning.program.completed e-dead' }),
    );
    await waitFor(() => expect(retried).toBe(true));
    expect(server.calls.find((call) => call.method === 'POST')?.path).toBe(
      '/api/system/domain-events/retryDomainEvent/e-dead',
    );
    expect(await screen.findByText('No dead events')).toBeInTheDocument();
  });

  it('shows the empty state and the error state', async () => {
    serve(() => page([]));
    const { unmount } = renderEvents();
    expect(await screen.findByText('No events yet')).toBeInTheDocument();
    unmount();
    vi.restoreAllMocks();
    serve(httpError(500, 'The database is away'));
    renderEvents();
    expect(await screen.findByText(/The database is away/)).toBeInTheDocument();
  });

  it('is not offered to someone who is not the platform administrator', async () => {
    serve(() => page([]));
    renderEvents({
      auth: {
        ...initialAuthState,
        isLoggedIn: true,
        user: { user_id: 2, username: 'ada', roles: [{ role_id: 5, role_view: 'admin' as const }] },
      },
    });
    expect(await screen.findByRole('tab', { name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Domain events' })).toBeNull();
  });
});
