import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';
import { renderWithProviders } from '../../test/render';
import LicenseSeatsPage from './pages/LicenseSeatsPage';

const signedIn = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: { user_id: 1, username: 'admin', roles: [{ role_id: 1 }] },
  },
};

const subscription = {
  subscription_id: 101,
  tenant_id: 4,
  plan: 'growth',
  status: 'active',
  limits: { users: 10, storage_gb: 5, api_calls: 1000 },
  current_usage: { users: 2, storage_gb: 1, api_calls: 10 },
  usage_data: [
    {
      period_start: '2026-10-01T00:00:00.000Z',
      period_end: '2026-11-01T00:00:00.000Z',
      users: 9,
      storage_gb: 1,
      api_calls: 700,
    },
  ],
  period_start: '2026-11-01T00:00:00.000Z',
  period_end: '2026-12-01T00:00:00.000Z',
};

function list<T>(rows: T[], page = 1, total = rows.length) {
  return { data: rows, meta: { page, limit: 10, total, totalPages: Math.max(1, Math.ceil(total / 10)) } };
}

function mockSeats(seatTotal: number, options: { quotaAfter?: number } = {}) {
  const calls: AxiosRequestConfig[] = [];
  let created = 0;
  vi.spyOn(http, 'request').mockImplementation(async (config: AxiosRequestConfig) => {
    calls.push(config);
    const url = config.url ?? '';
    const reply = (data: unknown) => ({ data }) as AxiosResponse;
    if (url.includes('getSubscriptionByTenant/4')) return reply({ data: subscription });
    if (url.endsWith('/roles/getRole'))
      return reply(list([{ role_id: 16, role_name: 'mentor', display_name: 'Mentor', role_view: 'user' }]));
    if (url.includes('/assignSeat/101')) {
      const email = (config.data as { email: string }).email;
      if (email.startsWith('ghost')) {
        const response = {
          status: 403,
          data: { message: 'Only a platform administrator may invite people into an administrator role.' },
        };
        throw new AxiosError('x', 'ERR_BAD_REQUEST', undefined, undefined, response as AxiosResponse);
      }
      created += 1;
      if (options.quotaAfter !== undefined && created > options.quotaAfter) {
        const response = { status: 409, data: { message: 'The users limit of this plan is reached.' } };
        throw new AxiosError('x', 'ERR_BAD_REQUEST', undefined, undefined, response as AxiosResponse);
      }
      return reply({ data: { message: 'Invitation sent. The seat is taken when they accept it.', email } });
    }
    if (url.includes('/revokeSeat/')) return reply({ data: {} });
    if (url.includes('/getSeats/101')) {
      const page = Number((config.params as { page: number }).page);
      const rows = Array.from({ length: Math.min(10, Math.max(0, seatTotal - (page - 1) * 10)) }, (_, i) => {
        const id = 500 + (page - 1) * 10 + i;
        return {
          user_id: id,
          username: `member${id}`,
          email: `member${id}@example.org`,
          first_name: id === 500 ? 'Ada' : null,
          last_name: id === 500 ? 'Lovelace' : null,
          roles: [{ role_id: 16, role_name: 'mentor', display_name: 'Mentor' }],
          since: '2026-11-01T00:00:00.000Z',
        };
      });
      return reply(list(rows, page, seatTotal));
    }
    throw new AxiosError('x', 'ERR_BAD_REQUEST', undefined, undefined, {
      status: 404,
      data: {},
    } as AxiosResponse);
  });
  return calls;
}

function renderSeats(route = '/license-ums/101?tenant=4') {
  return renderWithProviders(null, {
    routes: [{ path: '/license-ums/:licenseId', element: <LicenseSeatsPage /> }],
    route,
    preloadedState: signedIn,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/license-ums/{licenseId}', () => {
  it('lists seats of the tenant and pages them on the server', async () => {
    const calls = mockSeats(12);
    renderSeats();
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('member501@example.org')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('member510@example.org')).toBeInTheDocument();
    const asked = calls.filter((c) => c.url?.includes('/getSeats/')).at(-1);
    expect(asked?.url).toBe('/api/user/tenant-subscriptions/getSeats/101');
    expect(asked?.params).toEqual({ page: 2, limit: 10 });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search seats' }), 'ada');
    await waitFor(() =>
      expect(calls.filter((c) => c.url?.includes('/getSeats/')).at(-1)?.params).toEqual({
        page: 1,
        limit: 10,
        search: 'ada',
      }),
    );
  });

  it('charts usage per billing period, the running one last, and switches the metric', async () => {
    mockSeats(1);
    renderSeats();
    const chart = await screen.findByRole('img', { name: 'Users per billing period' });
    expect(chart).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Users per billing period' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['PeriodUsers', '1 Oct 2026 to 1 Nov 2026' + '9', '1 Nov 2026 to 1 Dec 2026' + '2']);
    expect(screen.getByText(/the dashed line is the plan's limit \(10\)/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'API calls' }));
    const calls = screen.getByRole('table', { name: 'API calls per billing period' });
    expect(within(calls).getAllByRole('row').at(1)?.textContent).toBe('1 Oct 2026 to 1 Nov 2026700');
  });

  it('shows the empty state, and a license of another tenant as not found', async () => {
    mockSeats(0);
    const { unmount } = renderSeats();
    expect(await screen.findByText('No seats assigned yet')).toBeInTheDocument();
    unmount();
    renderSeats('/license-ums/999?tenant=4');
    expect(await screen.findByText('License not found')).toBeInTheDocument();
  });

  it('revokes a seat only after confirmation', async () => {
    const calls = mockSeats(1);
    renderSeats();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Revoke the seat of member500@example.org' }),
    );
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(
        '/api/user/tenant-subscriptions/revokeSeat/101/500',
      ),
    );
  });

  it('imports members from CSV with progress and a per-row error report', async () => {
    const calls = mockSeats(0, { quotaAfter: 1 });
    const { container } = renderSeats();
    await screen.findByText('No seats assigned yet');
    await waitFor(() => expect(calls.some((c) => c.url?.endsWith('/getRole'))).toBe(true));
    const csv =
      'email,role\nada@example.org,Mentor\nbad-email,Mentor\nghost@example.org,mentor\nbob@example.org,pilot\ncy@example.org,mentor\n';
    const input = container.ownerDocument.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File([csv], 'members.csv', { type: 'text/csv' }));
    expect(await screen.findByText('1 imported, 4 failed')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Imported 4 of 4' })).toBeInTheDocument();
    const report = screen.getByRole('table', { name: 'Import errors' });
    const lines = within(report)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(lines).toEqual([
      '3bad-emailNot a valid email address',
      '4ghost@example.orgOnly a platform administrator may invite people into an administrator role.',
      '5bob@example.orgUnknown role "pilot"',
      '6cy@example.orgThe users limit of this plan is reached.',
    ]);
    expect(calls.find((c) => c.url?.includes('/assignSeat/'))?.data).toEqual({
      email: 'ada@example.org',
      role_id: 16,
    });
  }, 15_000);
});
