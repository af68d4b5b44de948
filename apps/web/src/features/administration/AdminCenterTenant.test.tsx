import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import AdminCenterPage from './pages/AdminCenterPage';

const HILLSIDE = { tenant_id: 31, tenant_type: 'institute', tenant_name: 'Hillside' };
const ADMIN_THERE = {
  role_id: 18,
  display_name: 'Institute Admin',
  role_view: 'admin' as const,
  tenant_id: 31,
};
const admin = {
  user_id: 17,
  username: 'iris',
  roles: [{ role_id: 18, role_view: 'admin' as const, tenant_id: null }, ADMIN_THERE],
};

function list<T>(rows: T[]) {
  return { data: rows, meta: { page: 1, limit: 10, total: rows.length, totalPages: 1 } };
}

/** A tenant admin who may manage custom roles, with one role and no group members yet. */
const withCustomRoles = () =>
  mockHttp()
    .on('*', /\/getMyRights/, { data: { manage_custom_roles: true } })
    .on(
      '*',
      /\/customRole\/get/,
      list([{ role_id: 70, role_name: 'reviewer', display_name: 'Reviewer', role_view: 'user' }]),
    )
    .on('*', /\/groupUsers\/getGroupUser/, list([]));

function renderAdmin(route: string, inTenant: boolean) {
  return renderWithProviders(null, {
    routes: [
      { path: '/admin-center', element: <AdminCenterPage /> },
      { path: '/t/:tenant_type/:tenant_name/admin-center', element: <AdminCenterPage /> },
    ],
    route,
    preloadedState: {
      auth: {
        ...initialAuthState,
        isLoggedIn: true,
        user: admin,
        availableTenants: [HILLSIDE],
        ...(inTenant
          ? { roleContext: 'tenant' as const, currentTenant: HILLSIDE, currentRole: ADMIN_THERE }
          : {}),
      },
    },
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('/admin-center and a tenant', () => {
  it('on the main platform points a tenant admin to the admin center of its organisation', async () => {
    mockHttp().on('*', /\/users\/getUser/, list([]));
    const { router, store } = renderAdmin('/admin-center', false);
    expect(screen.getByText('Organisations you administer')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open the admin center of Hillside' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/t/institute/Hillside/admin-center'));
    expect(store.getState().auth).toMatchObject({ roleContext: 'tenant', currentTenant: HILLSIDE });
    // Inside the tenant the pointer is gone.
    expect(await screen.findByText('Managing Hillside')).toBeInTheDocument();
    expect(screen.queryByText('Organisations you administer')).toBeNull();
  });

  it('counts one user in the singular', async () => {
    mockHttp().on(
      '*',
      /\/users\/getUser/,
      list([{ user_id: 17, username: 'iris', email: 'iris@example.org', enabled: true }]),
    );
    renderAdmin('/admin-center', false);
    expect(await screen.findByText('1 user')).toBeInTheDocument();
  });

  it('has no Invitations tab on the main platform', async () => {
    mockHttp().on('*', /\/users\/getUser/, list([]));
    renderAdmin('/admin-center', false);
    await screen.findByText('No users yet');
    expect(screen.queryByRole('tab', { name: 'Invitations' })).toBeNull();
  });

  it('inside a tenant invites members as a user-view system role of that tenant', async () => {
    const server = mockHttp()
      .on(
        '*',
        /\/roles\/getRole/,
        list([
          { role_id: 1, role_name: 'admin', display_name: 'Platform Admin', role_view: 'admin' },
          { role_id: 13, role_name: 'individual', display_name: 'Individual', role_view: 'user' },
          { role_id: 19, role_name: 'temp', display_name: 'Temp', role_view: 'user' },
        ]),
      )
      .on('*', /\/createInvitation/, {
        data: { invitation_id: 4, url: 'http://localhost/abc', expires_at: '2030-01-01T00:00:00Z' },
      })
      .on('*', /\/getInvitations/, list([]));
    renderAdmin('/t/institute/Hillside/admin-center?tab=invitations', true);
    await userEvent.click(await screen.findByRole('combobox', { name: 'Invite as' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Individual']);
    await userEvent.click(screen.getByRole('option', { name: 'Individual' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create invitation link' }));
    await waitFor(() =>
      expect(server.calls.find((call) => call.path.endsWith('/createInvitation'))?.body).toMatchObject({
        role_id: 13,
        tenant_id: 31,
      }),
    );
    expect(await screen.findByDisplayValue('http://localhost/abc')).toBeInTheDocument();
  });

  it('adds a member chosen by name (searched on the server) to a group holding custom roles', async () => {
    const server = withCustomRoles()
      .on('*', /\/users\/getUser/, ({ query }) =>
        query.search === 'gra'
          ? list([{ user_id: 20, username: 'grace', firstName: 'Grace', lastName: 'Hopper', enabled: true }])
          : list([]),
      )
      .on('*', /\/createGroupUser/, ({ body }) => ({ data: { table_id: 1, ...(body as object) } }));
    renderAdmin('/t/institute/Hillside/admin-center?tab=group-users', true);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to group' });
    await userEvent.type(within(dialog).getByLabelText('Group name'), 'Reviewers');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Member' }), 'gra');
    await userEvent.click(await screen.findByRole('option', { name: 'Grace Hopper (@grace)' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Custom roles' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Reviewer' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(server.calls.find((call) => call.path.endsWith('/createGroupUser'))?.body).toEqual({
        user_id: 20,
        role_ids: [70],
        group_name: 'Reviewers',
        created_by: 17,
      }),
    );
  });

  it('asks for a member before adding, and adds nothing', async () => {
    const server = withCustomRoles().on('*', /\/users\/getUser/, list([]));
    renderAdmin('/t/institute/Hillside/admin-center?tab=group-users', true);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to group' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Custom roles' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Reviewer' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Choose a member')).toBeVisible();
    expect(server.calls.some((call) => call.path.endsWith('/createGroupUser'))).toBe(false);
  });
});
