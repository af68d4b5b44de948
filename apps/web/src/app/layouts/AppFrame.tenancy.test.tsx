import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { AxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectNavigationAccess } from '../../features/navigation';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';
import { ok } from '../../shared/session/test-fixtures';
import { setTenantIdSource } from '../../shared/tenancy/tenant-header';
import { LAST_TENANT_KEY, LAST_TENANT_ROUTE_KEY } from '../../shared/tenancy/tenant-storage';
import {
  NORTHSTAR,
  NORTHSTAR_MENTOR,
  RIVERSIDE,
  RIVERSIDE_ADMIN,
  TENANT_USER,
} from '../../shared/tenancy/test-fixtures';
import { renderWithProviders } from '../../test/render';
import { AppFrame } from './AppFrame';

const MENUS = [
  { menu_id: 1, menu_name: 'Home', menu_parent_id: null, sort_order: 0, path: '/user/home', icon: null },
  { menu_id: 2, menu_name: 'Learning', menu_parent_id: null, sort_order: 1, path: null, icon: null },
  { menu_id: 22, menu_name: 'My library', menu_parent_id: 2, sort_order: 0, path: '/my-library', icon: null },
  { menu_id: 3, menu_name: 'Community', menu_parent_id: null, sort_order: 2, path: '/community', icon: null },
  { menu_id: 7, menu_name: 'Resources', menu_parent_id: null, sort_order: 3, path: '/resources', icon: null },
];

interface Answers {
  tenants?: unknown[];
  privileges?: Record<number, unknown[]>;
  failMenus?: boolean;
  customRoles?: unknown[];
}

/** The server as the frame reads it; records the X-Tenant-Id of each privilege call. */
function serve({ tenants = [], privileges = {}, failMenus = false, customRoles = [] }: Answers) {
  return vi.spyOn(http, 'get').mockImplementation(async (url: string, config?: AxiosRequestConfig) => {
    if (url.startsWith('/api/user/tenants/getUserTenants/')) return ok({ data: tenants });
    if (url === '/operations/system/customMenus/getMenu') {
      if (failMenus) throw new Error('Network Error');
      return ok({ data: MENUS });
    }
    if (url === '/api/user/privileges/getMyPrivileges') {
      return ok({
        data: privileges[(config?.params as { role_id?: number } | undefined)?.role_id ?? -1] ?? [],
      });
    }
    if (url === '/api/user/privileges/getMyCustomRoles') return ok({ data: customRoles });
    throw new Error(`unexpected GET ${url}`);
  });
}

const grant = (...ids: number[]) =>
  ids.map((id) => ({ privilege_menu_id: id, menu_name: String(id), menu_parent_name: null }));

function renderFrame(auth: Partial<typeof initialAuthState> = {}) {
  return renderWithProviders(null, {
    preloadedState: { auth: { ...initialAuthState, isLoggedIn: true, user: TENANT_USER, ...auth } },
    route: '/user/home',
    routes: [{ path: '*', element: <AppFrame>Page</AppFrame> }],
  });
}

function navLabels(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Main navigation' });
  return [...within(nav).queryAllByRole('link'), ...within(nav).queryAllByRole('button')].map(
    (element) => element.textContent ?? '',
  );
}

describe('frame navigation by privileges (spec section 6)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.restoreAllMocks();
    setTenantIdSource(() => null);
  });

  it('renders exactly the menus the active role is granted', async () => {
    serve({ privileges: { 3: grant(3, 7) } });
    renderFrame();
    await waitFor(() => expect(navLabels().sort()).toEqual(['Community', 'Resources']));
    expect(screen.getByRole('link', { name: 'Community' })).toHaveAttribute('href', '/community');
  });

  it('shows the default platform tree to a role with no privilege rows, Home selected', async () => {
    const get = serve({});
    renderFrame();
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith('/api/user/privileges/getMyPrivileges', { params: { role_id: 3 } }),
    );
    const home = screen.getByRole('link', { name: 'Home' });
    expect(home).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Learning' })).toBeInTheDocument();
  });

  it('stores the failure message when the menus cannot be loaded', async () => {
    serve({ failMenus: true, privileges: { 3: grant(3) } });
    const { store } = renderFrame();
    await waitFor(() =>
      expect(selectNavigationAccess(store.getState()).menusError).toBe('Failed to fetch menus.'),
    );
  });
});

describe('last tenant route', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('saves each route visited inside the tenant, and none on the main platform', async () => {
    serve({ tenants: [RIVERSIDE] });
    const { store, router } = renderFrame({
      roleContext: 'tenant',
      currentTenant: RIVERSIDE,
      currentRole: RIVERSIDE_ADMIN,
    });
    await router.navigate('/t/institute/r/admin-center?tab=roles');
    await waitFor(() =>
      expect(store.getState().auth.lastTenantRoute).toBe('/t/institute/r/admin-center?tab=roles'),
    );
    expect(localStorage.getItem(LAST_TENANT_ROUTE_KEY)).toBe('/t/institute/r/admin-center?tab=roles');
    await router.navigate('/community');
    expect(store.getState().auth.lastTenantRoute).toBe('/t/institute/r/admin-center?tab=roles');
  });

  it('links the brand to the tenant landing page inside a tenant', async () => {
    serve({ tenants: [RIVERSIDE] });
    renderFrame({ roleContext: 'tenant', currentTenant: RIVERSIDE, currentRole: RIVERSIDE_ADMIN });
    expect(screen.getByRole('link', { name: 'Nexus home' })).toHaveAttribute(
      'href',
      '/t/institute/Riverside%20Institute%20of%20Technology/admin-center',
    );
    await screen.findByRole('button', { name: /Switch organisation/ });
  });
});

describe('tenant switcher', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.restoreAllMocks();
    setTenantIdSource(() => null);
  });

  it('is not shown to a user without tenants', async () => {
    const get = serve({});
    renderFrame();
    await waitFor(() => expect(get).toHaveBeenCalledWith('/api/user/tenants/getUserTenants/7'));
    expect(screen.queryByRole('button', { name: /Switch organisation/ })).not.toBeInTheDocument();
  });

  it('lists the main platform and each tenant with its role; choosing one enters it and its menus', async () => {
    const get = serve({ tenants: [RIVERSIDE, NORTHSTAR], privileges: { 40: grant(22), 3: grant(3) } });
    const { store, router } = renderFrame();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Switch organisation, current: Main platform' }),
    );
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.getAttribute('aria-label') ?? item.textContent),
    ).toEqual([
      'Main platform',
      'Riverside Institute of Technology, as Institute admin',
      'Northstar Incubator, as Mentor',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Main platform' })).toHaveAttribute(
      'aria-current',
      'true',
    );

    await userEvent.click(within(menu).getByRole('menuitem', { name: /Riverside/ }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        '/t/institute/Riverside%20Institute%20of%20Technology/admin-center',
      ),
    );
    expect(store.getState().auth).toMatchObject({
      roleContext: 'tenant',
      currentTenant: RIVERSIDE,
      currentRole: RIVERSIDE_ADMIN,
    });
    expect(JSON.parse(localStorage.getItem(LAST_TENANT_KEY)!)).toEqual(RIVERSIDE);
    expect(localStorage.getItem(LAST_TENANT_ROUTE_KEY)).toBe(router.state.location.pathname);
    expect(store.getState().menu.selectedMenu).toBe('Home');
    // The tenant role's privileges, asked for inside the tenant.
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith('/api/user/privileges/getMyPrivileges', { params: { role_id: 40 } }),
    );
    // The granted menus, and the tenant's admin center for its administrator (issue 23 point 8).
    await waitFor(() => expect(navLabels()).toEqual(['My library', 'Administration']));
    expect(
      screen.getByRole('button', { name: 'Switch organisation, current: Riverside Institute of Technology' }),
    ).toBeInTheDocument();
  });

  it('returns to the main platform, clearing the saved context', async () => {
    serve({ tenants: [RIVERSIDE, NORTHSTAR] });
    localStorage.setItem(LAST_TENANT_KEY, JSON.stringify(NORTHSTAR));
    localStorage.setItem('nexus.lastRole', JSON.stringify(NORTHSTAR_MENTOR));
    const { store, router } = renderFrame();
    // Restored at start: the user still belongs to Northstar.
    const target = await screen.findByRole('button', {
      name: 'Switch organisation, current: Northstar Incubator',
    });
    expect(store.getState().auth.currentRole).toEqual(NORTHSTAR_MENTOR);
    await userEvent.click(target);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Main platform' }));
    await waitFor(() => expect(store.getState().auth.roleContext).toBe('main_platform'));
    expect(localStorage.getItem(LAST_TENANT_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe('/user/home');
  });

  it('offers the custom roles granted inside the current tenant; acting in one shows its menus', async () => {
    const reviewer = {
      role_id: 77,
      role_name: 'reviewer',
      display_name: 'Reviewer',
      role_view: 'user',
      parent_user_id: 5,
      isCustom: true,
    };
    serve({ tenants: [RIVERSIDE, NORTHSTAR], customRoles: [reviewer], privileges: { 77: grant(7) } });
    localStorage.setItem(LAST_TENANT_KEY, JSON.stringify(NORTHSTAR));
    localStorage.setItem('nexus.lastRole', JSON.stringify(NORTHSTAR_MENTOR));
    const { store } = renderFrame();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Switch organisation, current: Northstar Incubator' }),
    );
    const choice = await screen.findByRole('menuitem', { name: 'Northstar Incubator, as Reviewer' });
    // Custom roles are known for the current tenant only.
    expect(screen.queryByRole('menuitem', { name: /Riverside.*Reviewer/ })).toBeNull();
    await userEvent.click(choice);
    await waitFor(() => expect(store.getState().auth.currentRole).toMatchObject({ role_id: 77 }));
    expect(store.getState().auth.currentTenant).toEqual(NORTHSTAR);
    await waitFor(() => expect(navLabels()).toEqual(['Resources']));
  });

  it('works by keyboard and passes axe while open', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    serve({ tenants: [RIVERSIDE, NORTHSTAR] });
    const { store } = renderFrame();
    (await screen.findByRole('button', { name: /Switch organisation/ })).focus();
    await userEvent.keyboard('{Enter}');
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(items[2]);
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    const blocking = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id);
    expect(blocking).toEqual([]);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(store.getState().auth.currentTenant).toEqual(NORTHSTAR));
  });
});
