import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import AdminCenterPage from './pages/AdminCenterPage';
import { serveFragments } from './test-server';

const signedIn = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: { user_id: 1, username: 'admin', roles: [{ role_id: 1 }] },
  },
};

function list<T>(rows: T[], page = 1, limit = 10, total = rows.length) {
  return { data: rows, meta: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) } };
}

function user(id: number) {
  return {
    user_id: id,
    username: `user${id}`,
    email: `user${id}@example.org`,
    firstName: 'User',
    lastName: String(id),
    enabled: true,
  };
}

function renderAdmin(route = '/admin-center') {
  return renderWithProviders(null, {
    routes: [
      { path: '/admin-center', element: <AdminCenterPage /> },
      { path: '/t/:tenant_type/:tenant_name/admin-center', element: <AdminCenterPage /> },
    ],
    route,
    preloadedState: signedIn,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/admin-center users', () => {
  it('shows loading, then users, and pages on the server', async () => {
    const server = serveFragments({
      '/searchUsers': ({ query }) => {
        const page = Number(query.page);
        const rows = Array.from({ length: 10 }, (_, i) => user((page - 1) * 10 + i + 1));
        return list(rows, page, 10, 25);
      },
    });
    renderAdmin();
    expect(screen.getByLabelText('Loading users')).toBeInTheDocument();
    expect(await screen.findByText('user1@example.org')).toBeInTheDocument();
    expect(screen.getByText('25 users')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('user11@example.org')).toBeInTheDocument();
    const asked = server.calls.filter((c) => c.path.endsWith('/searchUsers')).map((c) => c.query);
    expect(asked.at(-1)).toMatchObject({ page: 2, limit: 10, sortField: 'user_id', sortOrder: 'desc' });
  });

  it('searches on the server and shows the empty state', async () => {
    const server = serveFragments({
      '/searchUsers': ({ query }) => (query.search ? list([]) : list([user(1)])),
    });
    renderAdmin();
    await screen.findByText('user1@example.org');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody');
    expect(await screen.findByText('No users match your search')).toBeInTheDocument();
    const last = server.calls.filter((c) => c.path.endsWith('/searchUsers')).at(-1);
    expect(last?.query).toMatchObject({ page: 1, search: 'nobody' });
  });

  it('shows the server error with a retry', async () => {
    mockHttp().on('*', /./, httpError(500, 'Something went wrong. Please try again.'));
    renderAdmin();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('offers Disable only to platform admins, and never on their own row', async () => {
    serveFragments({
      '/searchUsers': () => list([user(1), user(7)]),
      '/users/getUser': () => list([user(1), user(7)]),
    });
    const { unmount } = renderAdmin();
    await screen.findByText('user7@example.org');
    expect(screen.getByRole('button', { name: 'Disable user7' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable user1' })).toBeNull();
    unmount();
    renderWithProviders(null, {
      routes: [{ path: '/t/:tenant_type/:tenant_name/admin-center', element: <AdminCenterPage /> }],
      route: '/t/institute/Riverside/admin-center',
      preloadedState: {
        auth: {
          ...initialAuthState,
          isLoggedIn: true,
          user: {
            user_id: 3,
            username: 'iris',
            roles: [{ role_id: 2, role_view: 'admin' as const, tenant_id: 4 }],
          },
        },
      },
    });
    // A tenant administrator sees members without their email (issue 14).
    await screen.findByText('@user7');
    expect(screen.queryByText('user7@example.org')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Disable/ })).toBeNull();
  });

  it('asks before disabling a user', async () => {
    const server = serveFragments({
      '/searchUsers': () => list([user(7)]),
      '/disable': () => ({}),
    });
    renderAdmin();
    await userEvent.click(await screen.findByRole('button', { name: 'Disable user7' }));
    const dialog = await screen.findByRole('dialog');
    expect(server.calls.some((c) => c.path.endsWith('/disable'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path.endsWith('/disable'))).toMatchObject({
        method: 'PUT',
        path: '/operations/global-user/profile/users/user7/disable',
      }),
    );
  });
});

describe('/admin-center users of the platform administrator (issue 23 point 8)', () => {
  it('shows each role with the organisation it is held in', async () => {
    serveFragments({
      '/searchUsers': () =>
        list([
          {
            ...user(7),
            roles: [
              { role_id: 13, display_name: 'Learner', tenant_id: null },
              { role_id: 2, display_name: 'Tenant Admin', tenant_id: 4, tenant_name: 'Riverside' },
            ],
          },
          { ...user(8), roles: [] },
        ]),
    });
    renderAdmin();
    const row = (await screen.findByText('user7@example.org')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Learner')).toBeInTheDocument();
    expect(within(row).getByText('Tenant Admin · Riverside')).toBeInTheDocument();
    const other = screen.getByText('user8@example.org').closest('tr') as HTMLElement;
    expect(within(other).getByText('No role')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Roles' })).toBeInTheDocument();
  });

  it('keeps actions on a disabled user: Enable, which calls the enable route', async () => {
    let enabled = false;
    const server = serveFragments({
      '/searchUsers': () => list([{ ...user(7), enabled }]),
      '/enable': () => {
        enabled = true;
        return { data: { user_id: 7, username: 'user7', enabled: true } };
      },
    });
    renderAdmin();
    const button = await screen.findByRole('button', { name: 'Enable user7' });
    expect(screen.queryByRole('button', { name: 'Disable user7' })).toBeNull();
    await userEvent.click(button);
    await waitFor(() =>
      expect(server.calls.find((c) => c.path.endsWith('/enable'))).toMatchObject({
        method: 'PUT',
        path: '/operations/global-user/profile/users/user7/enable',
      }),
    );
    // The list is read again: the user is active and can be disabled once more.
    expect(await screen.findByRole('button', { name: 'Disable user7' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enable user7' })).toBeNull();
  });

  it('says why when enabling fails', async () => {
    serveFragments({
      '/searchUsers': () => list([{ ...user(7), enabled: false }]),
      '/enable': () => {
        throw httpError(404, 'User not found');
      },
    });
    renderAdmin();
    await userEvent.click(await screen.findByRole('button', { name: 'Enable user7' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found');
  });
});

describe('/admin-center other tabs', () => {
  it('deletes a custom role only after confirmation, with the acting user id', async () => {
    const server = serveFragments({
      '/customRole/get': () =>
        list([
          {
            role_id: 40,
            role_name: 'reviewer',
            display_name: 'Reviewer',
            role_view: 'user',
            parent_user_id: 1,
          },
        ]),
      '/customRole/delete/': () => ({}),
      '/getMyRights': () => ({ data: { manage_custom_roles: true } }),
    });
    renderAdmin('/admin-center?tab=custom-roles');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Reviewer' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Reviewer' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.method === 'DELETE')?.path).toBe(
        '/operations/user/customRole/delete/40/1',
      ),
    );
  });

  it('offers no custom role actions to someone without the Custom roles privilege, and says why', async () => {
    const server = serveFragments({
      '/customRole/get': () =>
        list([
          {
            role_id: 40,
            role_name: 'reviewer',
            display_name: 'Reviewer',
            role_view: 'user',
            parent_user_id: 1,
          },
        ]),
      '/getMyRights': () => ({ data: { manage_custom_roles: false } }),
    });
    renderAdmin('/admin-center?tab=custom-roles');
    expect(await screen.findByText('You cannot manage custom roles here')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Custom roles' })).toHaveTextContent('Reviewer');
    expect(screen.queryByRole('button', { name: 'New custom role' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Reviewer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Reviewer' })).toBeNull();
    expect(server.calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('shows the empty state of roles', async () => {
    serveFragments({ '/roles/getRole': () => list([]) });
    renderAdmin('/admin-center?tab=roles');
    expect(await screen.findByText('No roles yet')).toBeInTheDocument();
  });

  it('grants and revokes a privilege from the matrix', async () => {
    const server = serveFragments({
      '/roles/getRole': () =>
        list([{ role_id: 3, role_name: 'investor', display_name: 'Investor', role_view: 'user' }]),
      '/customMenus/getMenu': () =>
        list([
          { menu_id: 10, menu_name: 'Home', menu_parent_id: null, sort_order: 0 },
          { menu_id: 11, menu_name: 'Reports', menu_parent_id: null, sort_order: 1 },
        ]),
      '/privileges/getPrivilege': () => list([{ privilege_id: 5, role_id: 3, privilege_menu_id: 10 }]),
      '/privileges/createPrivilege': () => ({ data: {} }),
      '/privileges/deletePrivilege': () => ({}),
    });
    renderAdmin('/admin-center?tab=privileges');
    const home = await screen.findByRole('checkbox', { name: 'Investor may open Home' });
    expect(home).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Investor may not open Reports' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path.endsWith('/createPrivilege'))?.body).toEqual({
        role_id: 3,
        privilege_menu_id: 11,
        created_by: 1,
      }),
    );
    await userEvent.click(home);
    await waitFor(() =>
      expect(server.calls.find((c) => c.method === 'DELETE')?.path).toBe(
        '/operations/user/privileges/deletePrivilege/5/1',
      ),
    );
  });

  it('edits the menu tree: nests children, moves with sort_order, deletes after confirmation', async () => {
    const server = serveFragments({
      '/customMenus/getMenu': () =>
        list([
          { menu_id: 1, menu_name: 'Home', menu_parent_id: null, sort_order: 0 },
          { menu_id: 2, menu_name: 'Programs', menu_parent_id: null, sort_order: 1 },
          { menu_id: 3, menu_name: 'Courses', menu_parent_id: 2, sort_order: 0 },
        ]),
      '/customMenus/updateMany': () => ({ data: [] }),
      '/customMenus/deleteMenu': () => ({}),
    });
    renderAdmin('/admin-center?tab=menus');
    const tree = await screen.findByRole('list', { name: 'Menu tree' });
    expect(within(tree).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Move Programs up' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path.endsWith('/updateMany'))?.body).toEqual([
        { menu_id: 2, sort_order: 0, modified_by: 1 },
        { menu_id: 1, sort_order: 1, modified_by: 1 },
      ]),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete Courses' }));
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.method === 'DELETE')?.path).toBe(
        '/operations/system/customMenus/deleteMenu/3/1',
      ),
    );
  });

  it('pages group users on the server', async () => {
    const server = serveFragments({
      '/groupUsers/getGroupUser': ({ query }) => {
        const page = Number(query.page);
        return list(
          [
            {
              table_id: page,
              user_id: 100 + page,
              parent_user_id: 1,
              role_ids: [40],
              group_name: `Group ${page}`,
            },
          ],
          page,
          10,
          30,
        );
      },
    });
    renderAdmin('/admin-center?tab=group-users');
    await screen.findByText('Group 1');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Group 3')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.path.includes('/groupUsers/')).at(-1)?.query).toMatchObject({
      page: 3,
      limit: 10,
    });
  });

  it('lists recent changes with who, what and which, pages them and filters by kind on the server', async () => {
    const event = (id: number) => ({
      audit_id: id,
      actor_user_id: 3,
      actor_name: 'Iris Principal',
      action: id === 1 ? 'update' : 'create',
      entity: 'custom_menus',
      entity_id: String(id),
      details: id === 1 ? { fields: ['menu_name'], label: 'Reports' } : null,
      created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    });
    const server = serveFragments({
      '/users/getUser': () => list([]),
      '/audit/getRecentChanges': ({ query }) => {
        const { page, entity } = query as { page: number; entity?: string };
        if (entity) return list([], 1, 20, 0);
        return list([event(page === 1 ? 1 : 21)], page, 20, 21);
      },
    });
    renderAdmin('/admin-center?tab=recent');
    const table = await screen.findByRole('table', { name: 'Recent changes' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('5 minutes ago');
    expect(row).toHaveTextContent('Iris Principal');
    expect(row).toHaveTextContent('Changed');
    expect(row).toHaveTextContent('Menus “Reports” #1 (menu_name)');
    expect(screen.getByText('21 changes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Menus #21')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Kind of change' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Seats' }));
    expect(await screen.findByText('No changes of this kind yet')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.path.includes('/audit/')).at(-1)?.query).toEqual({
      page: 1,
      limit: 20,
      entity: 'user_roles',
    });
  });

  it('names the tenant inside a tenant route', async () => {
    serveFragments({
      '/users/getUser': () => list([]),
      '/audit/getRecentChanges': () =>
        list([
          {
            audit_id: 1,
            actor_user_id: 1,
            actor_name: null,
            action: 'create',
            entity: 'custom_menus',
            entity_id: '4',
            details: null,
            created_at: '2026-01-01T00:00:00Z',
          },
        ]),
    });
    renderAdmin('/t/institute/Riverside%20Institute/admin-center');
    expect(await screen.findByText('Managing Riverside Institute')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('tab', { name: 'Recent changes' }));
    expect(await screen.findByText('Menus #4')).toBeInTheDocument();
  });
});
