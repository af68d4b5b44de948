import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppFrame } from '../../app/layouts/AppFrame';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';
import { renderWithProviders } from '../../test/render';
import { MENUS_PATH } from './access-slice';
import { adminMenuItems, withAdminMenu } from './admin-menu';

const none = { platformAdmin: false, tenantAdminCenter: null, adminView: false };

describe('adminMenuItems (issue 23 point 8)', () => {
  it('gives the platform administrator users, roles, clients, recent changes, background jobs and domain events', () => {
    expect(
      adminMenuItems({ ...none, platformAdmin: true }).map((item) => [item.menu_name, item.path]),
    ).toEqual([
      ['Administration', '/admin-center'],
      ['Users', '/admin-center'],
      ['Roles', '/admin-center?tab=roles'],
      ['Clients', '/clients'],
      ['Recent changes', '/admin-center?tab=recent'],
      ['Background jobs', '/admin-center?tab=jobs'],
      ['Domain events', '/admin-center?tab=events'],
    ]);
  });

  it("gives a tenant's administrator its admin center, an admin view its own, and nobody else anything", () => {
    const inTenant = adminMenuItems({
      ...none,
      platformAdmin: true,
      tenantAdminCenter: '/t/institute/Riverside/admin-center',
    });
    expect(inTenant.map((item) => item.path)).toEqual(['/t/institute/Riverside/admin-center']);
    expect(adminMenuItems({ ...none, adminView: true }).map((item) => [item.menu_name, item.path])).toEqual([
      ['Administration', '/admin-center'],
    ]);
    expect(adminMenuItems(none)).toEqual([]);
  });

  it('adds nothing where the granted menus already lead to the admin center', () => {
    const granted = [{ menu_id: 9, menu_name: 'Admin Center', menu_parent_id: null, path: '/admin-center' }];
    expect(withAdminMenu(granted, adminMenuItems({ ...none, platformAdmin: true }))).toBe(granted);
    const home = [{ menu_id: 1, menu_name: 'Home', menu_parent_id: null, path: '/user/home' }];
    expect(withAdminMenu(home, adminMenuItems({ ...none, platformAdmin: true }))).toHaveLength(8);
  });

  it('adds the entries when the admin center is only a group of other pages, not a link', () => {
    const group = [
      { menu_id: 9, menu_name: 'Admin Center', menu_parent_id: null, path: '/admin-center' },
      { menu_id: 10, menu_name: 'Clients', menu_parent_id: 9, path: '/clients' },
    ];
    const items = withAdminMenu(group, adminMenuItems({ ...none, platformAdmin: true }));
    expect(items.map((item) => item.menu_name)).toContain('Users');
    // Clients is linked from the group already: not twice.
    expect(items.filter((item) => item.path === '/clients')).toHaveLength(1);
  });
});

function renderFrame(roles: { role_id: number; role_view?: 'admin' | 'user'; tenant_id?: number | null }[]) {
  return renderWithProviders(null, {
    preloadedState: {
      auth: { ...initialAuthState, isLoggedIn: true, user: { user_id: 3, username: 'ada', roles } },
    },
    route: '/user/home',
    routes: [{ path: '*', element: <AppFrame>Page</AppFrame> }],
  });
}

describe('the navigation of the frame', () => {
  beforeEach(() => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: { data: [] } });
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the platform administrator the admin pages', async () => {
    renderFrame([{ role_id: 1, role_view: 'admin' }]);
    await waitFor(() => expect(vi.mocked(http.get).mock.calls.map(([url]) => url)).toContain(MENUS_PATH));
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await userEvent.click(within(nav).getByText('Administration'));
    expect(await within(nav).findByRole('link', { name: 'Clients' })).toHaveAttribute('href', '/clients');
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin-center');
    expect(within(nav).getByRole('link', { name: 'Roles' })).toHaveAttribute(
      'href',
      '/admin-center?tab=roles',
    );
  });

  it('shows a member no admin page', async () => {
    renderFrame([{ role_id: 5, role_view: 'user' }]);
    await waitFor(() => expect(vi.mocked(http.get).mock.calls.map(([url]) => url)).toContain(MENUS_PATH));
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(within(nav).queryByText('Administration')).toBeNull();
    expect(within(nav).queryByText('Admin center')).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Clients' })).toBeNull();
  });
});
