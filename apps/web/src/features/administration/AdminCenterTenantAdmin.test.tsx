import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { type HttpCall, httpError } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import { selectNavigationAccess } from '../navigation';
import AdminCenterPage from './pages/AdminCenterPage';
import { type Handler, serveFragments as serve } from './test-server';

/** Issue 23 point 7: the tenant admin center, as a tenant admin (not a platform admin) sees it. */
const HILLSIDE = { tenant_id: 31, tenant_type: 'institute', tenant_name: 'Hillside' };
const ADMIN_THERE = { role_id: 2, display_name: 'Tenant Admin', role_view: 'admin' as const, tenant_id: 31 };
const admin = { user_id: 17, username: 'iris', roles: [ADMIN_THERE] };
const STELLA = { user_id: 14, username: 'stella', firstName: 'Stella', lastName: 'Student', enabled: true };
const IRIS = { user_id: 17, username: 'iris', firstName: 'Iris', lastName: 'Principal', enabled: true };
const ROLES = [
  {
    role_id: 2,
    role_name: 'tenant-admin',
    display_name: 'Tenant Admin',
    role_view: 'admin',
    parent_user_id: null,
  },
  { role_id: 14, role_name: 'teacher', display_name: 'Teacher', role_view: 'user', parent_user_id: null },
  { role_id: 15, role_name: 'student', display_name: 'Student', role_view: 'user', parent_user_id: null },
  { role_id: 19, role_name: 'temp', display_name: 'Temp', role_view: 'user', parent_user_id: null },
];
const MENUS = [
  {
    menu_id: 1,
    menu_name: 'Home',
    menu_parent_id: null,
    sort_order: 10,
    path: '/user/home',
    tenant_id: null,
  },
  {
    menu_id: 16,
    menu_name: 'Admin Center',
    menu_parent_id: null,
    sort_order: 90,
    path: '/admin-center',
    tenant_id: null,
  },
  {
    menu_id: 40,
    menu_name: 'Timetable',
    menu_parent_id: null,
    sort_order: 91,
    path: '/calendar',
    tenant_id: 31,
  },
];

function list<T>(rows: T[]) {
  return { data: rows, meta: { page: 1, limit: 10, total: rows.length, totalPages: 1 } };
}

const called = (calls: HttpCall[], method: string, fragment: string) =>
  calls.filter((call) => call.method === method && call.path.includes(fragment));

function renderTenantAdmin(tab = '') {
  return renderWithProviders(null, {
    routes: [{ path: '/t/:tenant_type/:tenant_name/admin-center', element: <AdminCenterPage /> }],
    route: `/t/institute/Hillside/admin-center${tab ? `?tab=${tab}` : ''}`,
    preloadedState: {
      auth: {
        ...initialAuthState,
        isLoggedIn: true,
        user: admin,
        availableTenants: [HILLSIDE],
        roleContext: 'tenant' as const,
        currentTenant: HILLSIDE,
        currentRole: ADMIN_THERE,
      },
    },
  });
}

const baseRoutes: [string, Handler][] = [
  ['GET /users/getUser/14', () => ({ data: { ...STELLA, roles: [{ ...ROLES[2], tenant_id: 31 }] } })],
  ['GET /users/getUser', () => list([IRIS, STELLA])],
  [
    'GET /getSubscriptionByTenant/31',
    () => ({
      data: {
        subscription_id: 5,
        tenant_id: 31,
        plan: 'free',
        status: 'active',
        limits: { users: 25, storage_gb: 5, api_calls: 100000 },
        current_usage: { users: 2, storage_gb: 0, api_calls: 40 },
      },
    }),
  ],
  ['GET /getTenantInvitations', () => list([])],
  ['GET /roles/getRole', () => list(ROLES)],
];

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('Users tab actions inside a tenant', () => {
  it('changes a member’s roles with the tenant’s roles; administrator roles are locked for a tenant admin', async () => {
    const server = serve([['PUT /users/updateUser/14', () => ({ data: STELLA })], ...baseRoutes]);
    renderTenantAdmin();
    await userEvent.click(await screen.findByRole('button', { name: 'Change roles of stella' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles of Stella Student' });
    const student = await within(dialog).findByRole('checkbox', { name: 'Student' });
    await waitFor(() => expect(student).toBeChecked());
    expect(within(dialog).getByRole('checkbox', { name: /Tenant Admin/ })).toBeDisabled();
    expect(
      within(dialog).getByText(/Only a platform administrator gives or takes administrator roles/),
    ).toBeVisible();
    expect(within(dialog).queryByRole('checkbox', { name: 'Temp' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Teacher' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    await waitFor(() => expect(called(server.calls, 'PUT', '/users/updateUser/14')).toHaveLength(1));
    expect(called(server.calls, 'PUT', '/users/updateUser/14')[0]?.body).toMatchObject({ roles: [15, 14] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('removes a member after confirmation, freeing the seat, and shows the server’s refusal', async () => {
    let refuse = true;
    const server = serve([
      [
        'DELETE /revokeSeat/5/14',
        () =>
          refuse
            ? httpError(
                409,
                'The organisation must keep at least one administrator: make another member an administrator first.',
              )
            : { data: { user_id: 14 } },
      ],
      ...baseRoutes,
    ]);
    renderTenantAdmin();
    // Nobody removes themselves here.
    await screen.findByRole('button', { name: 'Change roles of iris' });
    expect(screen.queryByRole('button', { name: 'Remove iris from the organisation' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove stella from the organisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from the organisation' });
    expect(called(server.calls, 'DELETE', '/revokeSeat')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'must keep at least one administrator',
    );
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(called(server.calls, 'DELETE', '/revokeSeat/5/14')).toHaveLength(2);
  });

  it('resends a pending invitation and says so', async () => {
    const pending = {
      invitation_id: 9,
      role_id: 15,
      role_display_name: 'Student',
      tenant_id: 31,
      tenant_name: 'Hillside',
      email: 'newbie@example.test',
      max_uses: 1,
      uses: 0,
      expires_at: '2026-12-01T00:00:00.000Z',
      revoked_at: null,
      created_at: '2026-11-17T00:00:00.000Z',
      status: 'valid',
    };
    const server = serve([
      ['GET /getTenantInvitations', () => list([pending])],
      [
        'POST /resendInvitation/9',
        () => ({
          data: {
            message: 'Invitation sent again with a new link; the old link no longer works.',
            invitation: pending,
            url: null,
          },
        }),
      ],
      ...baseRoutes,
    ]);
    renderTenantAdmin();
    const table = await screen.findByRole('table', { name: 'Pending invitations' });
    await userEvent.click(
      within(table).getByRole('button', { name: 'Resend the invitation to newbie@example.test' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('newbie@example.test: Invitation sent again');
    expect(called(server.calls, 'POST', '/resendInvitation/9')).toHaveLength(1);
  });
});

describe('privilege matrix for a tenant admin', () => {
  it('shows system roles read-only with what they open by default, and shows a refused custom change', async () => {
    const server = serve([
      ['GET /customMenus/getMenu', () => list(MENUS)],
      ['GET /privileges/getPrivilege', () => list([])],
      ['GET /customRolePrivilege/get', () => list([])],
      [
        'GET /customRole/get',
        () =>
          list([
            {
              role_id: 70,
              role_name: 'keeper',
              display_name: 'Keeper',
              role_view: 'user',
              parent_user_id: 17,
            },
          ]),
      ],
      ['POST /customRolePrivilege/create', () => httpError(403, 'You may not change this role.')],
      ...baseRoutes,
    ]);
    renderTenantAdmin('privileges');
    expect(await screen.findByText(/only a platform administrator changes what they grant/)).toBeVisible();
    const teacherHome = await screen.findByRole('checkbox', {
      name: 'Teacher opens by default Home (read-only)',
    });
    expect(teacherHome).toBeChecked();
    expect(teacherHome).toBeDisabled();
    // The admin center is not part of a user-view role's default menu; it is of an admin-view role's.
    expect(
      screen.getByRole('checkbox', { name: 'Teacher may not open Admin Center (read-only)' }),
    ).not.toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: 'Tenant Admin opens by default Admin Center (read-only)' }),
    ).toBeChecked();

    await userEvent.click(screen.getByRole('radio', { name: 'Custom roles' }));
    const box = await screen.findByRole('checkbox', { name: 'Keeper opens by default Timetable' });
    expect(box).toBeEnabled();
    await userEvent.click(box);
    expect(await screen.findByRole('alert')).toHaveTextContent('You may not change this role.');
    expect(called(server.calls, 'POST', '/customRolePrivilege/create')[0]?.body).toMatchObject({
      role_id: 70,
      privilege_menu_id: 40,
    });
  });
});

describe('menu editor inside a tenant', () => {
  it('locks the platform’s menus, validates the address, creates with it and reloads the sidebar', async () => {
    const created: Record<string, unknown>[] = [];
    const server = serve([
      ['GET /customMenus/getMenu', () => list(MENUS)],
      [
        'POST /customMenus/createMenu',
        ({ body }) => {
          created.push(JSON.parse(JSON.stringify(body)));
          return { data: { menu_id: 41, tenant_id: 31, ...(body as object) } };
        },
      ],
      ...baseRoutes,
    ]);
    const { store } = renderTenantAdmin('menus');
    const tree = await screen.findByRole('list', { name: 'Menu tree' });
    await within(tree).findByText('Timetable');
    expect(within(tree).queryByRole('button', { name: 'Edit Home' })).toBeNull();
    expect(within(tree).queryByRole('button', { name: 'Delete Home' })).toBeNull();
    expect(within(tree).getAllByText('Platform')).toHaveLength(2);
    expect(within(tree).getByRole('button', { name: 'Edit Timetable' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'New menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'New menu' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Menu name/ }), 'Library');
    const address = within(dialog).getByRole('textbox', { name: /Address/ });
    await userEvent.type(address, '/no-such-page');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('No page of this site is at /no-such-page')).toBeVisible();
    await userEvent.clear(address);
    await userEvent.type(address, 'javascript:alert(1)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Use a path on this site/)).toBeVisible();
    expect(created).toHaveLength(0);

    const menuLoadsBefore = called(server.calls, 'GET', '/customMenus/getMenu').length;
    await userEvent.clear(address);
    await userEvent.type(address, '/my-library');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ menu_name: 'Library', path: '/my-library', menu_parent_id: null });
    // The sidebar's menus are read again, so the new entry appears there.
    await waitFor(() =>
      expect(called(server.calls, 'GET', '/customMenus/getMenu').length).toBeGreaterThan(menuLoadsBefore + 1),
    );
    await waitFor(() => expect(selectNavigationAccess(store.getState()).menusStatus).toBe('succeeded'));
    expect(selectNavigationAccess(store.getState()).menus?.map((menu) => menu.menu_name)).toContain(
      'Timetable',
    );
  });
});

describe('group users', () => {
  it('shows members and parent users by name, not by id', async () => {
    serve([
      [
        'GET /groupUsers/getGroupUser',
        () => list([{ table_id: 3, user_id: 14, parent_user_id: 17, role_ids: [70], group_name: 'Editors' }]),
      ],
      [
        'GET /customRole/get',
        () =>
          list([
            {
              role_id: 70,
              role_name: 'keeper',
              display_name: 'Keeper',
              role_view: 'user',
              parent_user_id: 17,
            },
          ]),
      ],
      ...baseRoutes,
    ]);
    renderTenantAdmin('group-users');
    expect(await screen.findByText('Stella Student (@stella)')).toBeVisible();
    expect(screen.getByText('Iris Principal (@iris)')).toBeVisible();
    expect(screen.queryByText('#14')).toBeNull();
    expect(screen.getByText('Keeper')).toBeVisible();
  });
});

describe('subscription and seats', () => {
  it('shows the plan and usage with the way to the seats page', async () => {
    serve(baseRoutes);
    renderTenantAdmin('subscription');
    expect(await screen.findByText('free plan')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Manage seats' })).toHaveAttribute(
      'href',
      '/license-ums/5?tenant=31',
    );
  });
});
