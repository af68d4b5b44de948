import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';
import { renderWithProviders } from '../../test/render';
import ClientsPage, { containsPattern } from './pages/ClientsPage';

const platformAdmin = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: { user_id: 1, username: 'admin', roles: [{ role_id: 1 }] },
  },
};

interface Row {
  tenant_id: number;
  tenant_type: string;
  tenant_name: string;
  suspended_at: string | null;
  plan: string | null;
}

function refusal(status: number, message: string) {
  const response = { status, data: { message } } as AxiosResponse;
  return new AxiosError(message, 'ERR_BAD_REQUEST', undefined, undefined, response);
}

/** A small in-memory tenancy server: tenants, their subscriptions and the platform admin's calls. */
function fakeServer(rows: Row[]) {
  const calls: AxiosRequestConfig[] = [];
  vi.spyOn(http, 'request').mockImplementation(async (config: AxiosRequestConfig) => {
    calls.push(config);
    const url = config.url ?? '';
    const body = (config.data ?? {}) as Record<string, unknown>;
    const idIn = () => Number(url.split('/').pop());
    const find = () => rows.find((row) => row.tenant_id === idIn())!;
    // Copies: the client's cache freezes what it is given, and the rows here change.
    const ok = (data: unknown) => ({ data: { data: structuredClone(data) } }) as AxiosResponse;
    if (url.includes('/getSubscriptionByTenant/')) {
      const row = find();
      if (!row.plan) throw refusal(404, 'Subscription not found.');
      const limits = { users: 25, storage_gb: 5, api_calls: 100000 };
      return ok({
        subscription_id: 100 + row.tenant_id,
        tenant_id: row.tenant_id,
        plan: row.plan,
        status: 'active',
        limits,
        current_usage: { users: 1, storage_gb: 0, api_calls: 0 },
      });
    }
    if (url.endsWith('/createTenant')) {
      if (rows.some((row) => row.tenant_name === body.tenant_name))
        throw refusal(409, 'An organisation of this type with this name already exists.');
      const row = {
        tenant_id: rows.length + 1,
        tenant_type: String(body.tenant_type),
        tenant_name: String(body.tenant_name),
        suspended_at: null,
        plan: String(body.plan ?? 'free'),
      };
      rows.push(row);
      return ok(row);
    }
    if (url.includes('/updateTenant/')) {
      const row = find();
      row.tenant_name = String(body.tenant_name);
      return ok(row);
    }
    if (url.includes('/suspendTenant/') || url.includes('/resumeTenant/')) {
      const row = find();
      row.suspended_at = url.includes('/suspendTenant/') ? '2026-11-24T20:00:00.000Z' : null;
      return ok(row);
    }
    if (url.includes('/updateSubscription/')) {
      const row = rows.find((item) => 100 + item.tenant_id === idIn())!;
      row.plan = String(body.plan);
      return ok({});
    }
    if (url.endsWith('/createSubscription')) {
      rows.find((item) => item.tenant_id === body.tenant_id)!.plan = String(body.plan);
      return ok({});
    }
    const { page, limit, filterFields } = config.params as {
      page: number;
      limit: number;
      filterFields?: string;
    };
    const filter = filterFields ? (JSON.parse(filterFields)[0] as { tenant_name?: { $ilike: string } }) : {};
    const needle = filter.tenant_name?.$ilike.slice(1, -1).toLowerCase();
    const matching = rows.filter((row) => !needle || row.tenant_name.toLowerCase().includes(needle));
    return {
      data: {
        data: structuredClone(matching.slice((page - 1) * limit, page * limit)),
        meta: {
          page,
          limit,
          total: matching.length,
          totalPages: Math.max(1, Math.ceil(matching.length / limit)),
        },
      },
    } as AxiosResponse;
  });
  return calls;
}

const row = (id: number, name: string, plan: string | null = 'free'): Row => ({
  tenant_id: id,
  tenant_type: 'institute',
  tenant_name: name,
  suspended_at: null,
  plan,
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/clients for the platform administrator (issue 23 point 8)', () => {
  it('creates a client with name, kind and plan, saying what is missing first', async () => {
    const calls = fakeServer([row(1, 'Riverside')]);
    renderWithProviders(<ClientsPage />, { route: '/clients', preloadedState: platformAdmin });
    await screen.findByRole('article', { name: 'Riverside' });
    await userEvent.click(screen.getByRole('button', { name: 'New client' }));
    const dialog = await screen.findByRole('dialog', { name: 'New client' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create client' }));
    expect(await within(dialog).findByText('Enter the organisation name')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the kind of organisation')).toBeInTheDocument();
    expect(calls.some((c) => c.url?.endsWith('/createTenant'))).toBe(false);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Organisation name/ }), 'Riverside');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Kind of organisation/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Corporate' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Plan/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Enterprise' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create client' }));
    // The server's refusal is shown and the dialog stays open.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('already exists');

    const name = within(dialog).getByRole('textbox', { name: /Organisation name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Harbour Works');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create client' }));
    const card = await screen.findByRole('article', { name: 'Harbour Works' });
    expect(calls.filter((c) => c.url?.endsWith('/createTenant')).at(-1)?.data).toMatchObject({
      tenant_name: 'Harbour Works',
      tenant_type: 'corporate',
      plan: 'enterprise',
    });
    expect(await within(card).findByText('enterprise')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 30_000);

  it('renames a client, refusing an empty name', async () => {
    const calls = fakeServer([row(1, 'Riverside')]);
    renderWithProviders(<ClientsPage />, { route: '/clients', preloadedState: platformAdmin });
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Riverside' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Riverside' });
    const input = within(dialog).getByRole('textbox', { name: /New name/ });
    expect(input).toHaveValue('Riverside');
    await userEvent.clear(input);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText('Enter the organisation name')).toBeInTheDocument();
    await userEvent.type(input, 'Riverside College');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByRole('article', { name: 'Riverside College' })).toBeInTheDocument();
    expect(calls.find((c) => c.url?.includes('/updateTenant/1'))).toMatchObject({
      method: 'PUT',
      data: { tenant_name: 'Riverside College', modified_by: 1 },
    });
  }, 30_000);

  it('suspends only after confirmation, shows it, and resumes', async () => {
    const calls = fakeServer([row(1, 'Riverside')]);
    renderWithProviders(<ClientsPage />, { route: '/clients', preloadedState: platformAdmin });
    await userEvent.click(await screen.findByRole('button', { name: 'Suspend Riverside' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend client' });
    expect(dialog).toHaveTextContent('Its members can no longer work in it until you resume it.');
    expect(calls.some((c) => c.url?.includes('/suspendTenant/'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    const card = await screen.findByRole('article', { name: 'Riverside' });
    expect(await within(card).findByText('Suspended')).toBeInTheDocument();
    expect(calls.find((c) => c.url?.includes('/suspendTenant/1'))).toMatchObject({ method: 'PUT' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Resume Riverside' }));
    await waitFor(() => expect(within(card).queryByText('Suspended')).toBeNull());
    expect(calls.find((c) => c.url?.includes('/resumeTenant/1'))).toMatchObject({ method: 'PUT' });
  }, 30_000);

  it('moves a client to another plan, and gives a client without a subscription one', async () => {
    const calls = fakeServer([row(1, 'Riverside'), row(2, 'Seaside', null)]);
    renderWithProviders(<ClientsPage />, { route: '/clients', preloadedState: platformAdmin });
    const first = await screen.findByRole('article', { name: 'Riverside' });
    await userEvent.click(await within(first).findByRole('combobox', { name: 'Plan of Riverside' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Standard' }));
    expect(await within(first).findByText('standard')).toBeInTheDocument();
    expect(calls.find((c) => c.url?.includes('/updateSubscription/101'))).toMatchObject({
      method: 'PUT',
      data: { plan: 'standard' },
    });
    const second = screen.getByRole('article', { name: 'Seaside' });
    await userEvent.click(await within(second).findByRole('combobox', { name: 'Plan of Seaside' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Enterprise' }));
    expect(await within(second).findByText('enterprise')).toBeInTheDocument();
    expect(calls.find((c) => c.url?.endsWith('/createSubscription'))?.data).toMatchObject({
      tenant_id: 2,
      plan: 'enterprise',
    });
  }, 30_000);

  it('searches clients by name on the server', async () => {
    const calls = fakeServer([row(1, 'Riverside'), row(2, 'Seaside'), row(3, '100% Club')]);
    renderWithProviders(<ClientsPage />, { route: '/clients', preloadedState: platformAdmin });
    await screen.findByRole('article', { name: 'Seaside' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'river');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Seaside' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Riverside' })).toBeInTheDocument();
    const last = calls.filter((c) => c.url?.endsWith('/getAll')).at(-1);
    expect(last?.params).toMatchObject({
      page: 1,
      filterFields: JSON.stringify([{ tenant_name: { $ilike: '%river%' } }]),
    });
    expect(containsPattern('100%_a')).toBe('%100\\%\\_a%');
  }, 30_000);

  it('shows no client controls to anyone else', async () => {
    fakeServer([row(1, 'Riverside')]);
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
    await screen.findByRole('article', { name: 'Riverside' });
    expect(screen.queryByRole('button', { name: 'New client' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Rename|Suspend)/ })).toBeNull();
  });
});
