import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';
import { renderWithProviders } from '../../test/render';
import ClientsPage from './pages/ClientsPage';
import { usageLevel } from './usage';

const signedIn = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: { user_id: 1, username: 'admin', roles: [{ role_id: 1 }] },
  },
};

function tenant(id: number) {
  return { tenant_id: id, tenant_type: 'institute', tenant_name: `Tenant ${id}` };
}

function mockClients(total: number) {
  const calls: AxiosRequestConfig[] = [];
  vi.spyOn(http, 'request').mockImplementation(async (config: AxiosRequestConfig) => {
    calls.push(config);
    const url = config.url ?? '';
    if (url.includes('/getSubscriptionByTenant/')) {
      const id = Number(url.split('/').pop());
      if (id === 3) {
        const response = { status: 404, data: { message: 'Subscription not found' } } as AxiosResponse;
        throw new AxiosError('x', 'ERR_BAD_REQUEST', undefined, undefined, response);
      }
      return {
        data: {
          data: {
            subscription_id: 100 + id,
            tenant_id: id,
            plan: 'growth',
            status: 'active',
            limits: { users: 10, storage_gb: 5, api_calls: 1000 },
            current_usage: { users: id === 1 ? 8 : 2, storage_gb: 1, api_calls: id === 1 ? 1000 : 10 },
          },
        },
      } as AxiosResponse;
    }
    const { page, limit } = config.params as { page: number; limit: number };
    const all = Array.from({ length: total }, (_, i) => tenant(i + 1));
    return {
      data: {
        data: all.slice((page - 1) * limit, page * limit),
        meta: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
      },
    } as AxiosResponse;
  });
  return calls;
}

function renderClients() {
  return renderWithProviders(<ClientsPage />, { route: '/clients', preloadedState: signedIn });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('usageLevel', () => {
  it('warns from 80% and flags the limit reached', () => {
    expect(usageLevel(79, 100)).toEqual({ percent: 79, level: 'ok' });
    expect(usageLevel(8, 10)).toEqual({ percent: 80, level: 'warning' });
    expect(usageLevel(12, 10)).toEqual({ percent: 100, level: 'full' });
    expect(usageLevel(3, 0)).toEqual({ percent: 0, level: 'ok' });
  });
});

describe('/clients', () => {
  it('lists tenants with plan, status, usage bars and warnings at 80%', async () => {
    mockClients(3);
    renderClients();
    expect(screen.getByLabelText('Loading clients')).toBeInTheDocument();
    const first = await screen.findByRole('article', { name: 'Tenant 1' });
    expect(await within(first).findByText('growth')).toBeInTheDocument();
    expect(within(first).getByText('active')).toBeInTheDocument();
    expect(within(first).getByText('Users at 80% of the limit')).toBeInTheDocument();
    expect(within(first).getByText('API calls limit reached')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Seats' })).toHaveAttribute(
      'href',
      '/license-ums/101?tenant=1',
    );
    const second = screen.getByRole('article', { name: 'Tenant 2' });
    await within(second).findByText('growth');
    expect(within(second).queryByRole('status')).toBeNull();
    const third = screen.getByRole('article', { name: 'Tenant 3' });
    expect(await within(third).findByText('No subscription')).toBeInTheDocument();
  });

  it("tells a tenant admin that other tenants' plans are for their administrators", async () => {
    mockClients(3);
    renderWithProviders(<ClientsPage />, {
      route: '/clients',
      preloadedState: {
        auth: {
          ...initialAuthState,
          isLoggedIn: true,
          user: { user_id: 7, username: 'iris', roles: [{ role_id: 2, role_view: 'admin', tenant_id: 1 }] },
        },
      },
    });
    const third = await screen.findByRole('article', { name: 'Tenant 3' });
    expect(await within(third).findByText('Its plan is visible to its administrators.')).toBeInTheDocument();
    expect(within(third).queryByText('No subscription')).toBeNull();
  });

  it('pages on the server and filters by kind with a filterFields array', async () => {
    const calls = mockClients(14);
    renderClients();
    await screen.findByRole('article', { name: 'Tenant 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('article', { name: 'Tenant 13' })).toBeInTheDocument();
    const lists = () => calls.filter((c) => c.url?.endsWith('/getAll'));
    expect(lists().at(-1)?.params).toEqual({ page: 2, limit: 12 });
    await userEvent.click(screen.getByPlaceholderText('All kinds'));
    await userEvent.click(await screen.findByRole('option', { name: 'Incubator' }));
    await vi.waitFor(() =>
      expect(lists().at(-1)?.params).toEqual({
        page: 1,
        limit: 12,
        filterFields: JSON.stringify([{ tenant_type: 'incubator' }]),
      }),
    );
  }, 15_000);

  it('shows the empty and error states', async () => {
    mockClients(0);
    const { unmount } = renderClients();
    expect(await screen.findByText('No clients yet')).toBeInTheDocument();
    unmount();
    vi.restoreAllMocks();
    const response = { status: 403, data: { message: 'You do not have access to this.' } } as AxiosResponse;
    vi.spyOn(http, 'request').mockRejectedValue(
      new AxiosError('x', 'ERR_BAD_REQUEST', undefined, undefined, response),
    );
    renderClients();
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have access to this.');
  });
});
