import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../shared/api/http';
import { initialAuthState } from '../../../shared/session/auth-slice';
import { ADMIN, httpError, INVESTOR, ok } from '../../../shared/session/test-fixtures';
import type { SessionRole, SessionTenant } from '../../../shared/session/types';
import { readStoredTenantContext } from '../../../shared/tenancy/tenant-storage';
import { NORTHSTAR, RIVERSIDE, RIVERSIDE_ADMIN } from '../../../shared/tenancy/test-fixtures';
import { renderWithProviders } from '../../../test/render';
import SelectRolePage from './SelectRolePage';

const MENTOR = { role_id: 6, display_name: 'Mentor', role_view: 'user' as const };

function renderPage(
  roles: SessionRole[],
  active: SessionRole | null = null,
  auth: Partial<typeof initialAuthState> = {},
) {
  return renderWithProviders(null, {
    route: '/select-role',
    preloadedState: {
      auth: {
        ...initialAuthState,
        isLoggedIn: true,
        user: { user_id: 7, username: 'ada', roles, active_role: active },
        availableTenants: [RIVERSIDE],
        ...auth,
      },
    },
    routes: [
      { path: '/t/:tenant_type/:tenant_name/admin-center', element: <p>Tenant admin center</p> },
      { path: '/select-role', element: <SelectRolePage /> },
      { path: '/admin-center', element: <p>Admin center</p> },
      { path: '/user/home', element: <p>User home</p> },
      { path: '/onboarding', element: <p>Onboarding</p> },
    ],
  });
}

describe('SelectRolePage (spec section 6)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a card for each role with its display name and view, marking the current one', () => {
    renderPage([INVESTOR, ADMIN], INVESTOR);
    const list = screen.getByRole('list', { name: 'Your roles' });
    expect(list.querySelectorAll('li')).toHaveLength(2);
    expect(
      screen.getByRole('button', { name: 'Investor Main platform Member view Current' }),
    ).toHaveAttribute('aria-current', 'true');
    expect(
      screen.getByRole('button', { name: 'Platform admin Main platform Admin view' }),
    ).not.toHaveAttribute('aria-current');
  });

  it('says where each role is held, so one role on the platform and in an organisation are told apart (issue 23)', () => {
    const student = { role_id: 3, display_name: 'Student', role_view: 'user' as const };
    renderPage([
      { ...student, tenant_id: null },
      { ...student, tenant_id: 11 },
      { ...student, tenant_id: 9 },
    ]);
    expect(screen.getByRole('button', { name: 'Student Main platform Member view' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Student Riverside Institute of Technology Member view' }),
    ).toBeInTheDocument();
    // An organisation the session has not loaded is still told apart.
    expect(screen.getByRole('button', { name: 'Student Organisation #9 Member view' })).toBeInTheDocument();
  });

  it('saves the chosen role as active and lands by its view', async () => {
    const put = vi.spyOn(http, 'put').mockResolvedValue(ok({ data: {} }));
    const { store, router } = renderPage([INVESTOR, ADMIN], INVESTOR);
    await userEvent.click(screen.getByRole('button', { name: 'Platform admin Main platform Admin view' }));
    expect(await screen.findByText('Admin center')).toBeInTheDocument();
    expect(put).toHaveBeenCalledWith('/operations/global-user/users/updateUser/7', { active_role: 1 });
    expect(store.getState().auth.user?.active_role).toEqual(ADMIN);
    expect(router.state.location.pathname).toBe('/admin-center');
  });

  it('enters the tenant of a tenant role and lands in its admin center (issue 23 part 10)', async () => {
    localStorage.clear();
    vi.spyOn(http, 'put').mockResolvedValue(ok({ data: {} }));
    // Chosen before the frame had the tenants: the page asks for them itself.
    const get = vi.spyOn(http, 'get').mockResolvedValue(ok({ data: [RIVERSIDE] }));
    const { store, router } = renderPage([INVESTOR, RIVERSIDE_ADMIN], INVESTOR, { availableTenants: [] });
    await userEvent.click(
      screen.getByRole('button', { name: 'Institute admin Organisation #11 Admin view' }),
    );
    expect(await screen.findByText('Tenant admin center')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/user/tenants/getUserTenants/7');
    expect(router.state.location.pathname).toBe(
      `/t/institute/${encodeURIComponent(RIVERSIDE.tenant_name)}/admin-center`,
    );
    expect(store.getState().auth).toMatchObject({
      roleContext: 'tenant',
      currentTenant: RIVERSIDE,
      currentRole: RIVERSIDE_ADMIN,
    });
    expect(readStoredTenantContext()?.tenant).toEqual(RIVERSIDE);
  });

  it('leaves the tenant when a main-platform role is chosen', async () => {
    vi.spyOn(http, 'put').mockResolvedValue(ok({ data: {} }));
    const tenant: SessionTenant = RIVERSIDE;
    const { store } = renderPage([ADMIN, RIVERSIDE_ADMIN], RIVERSIDE_ADMIN, {
      roleContext: 'tenant',
      currentTenant: tenant,
      currentRole: RIVERSIDE_ADMIN,
      availableTenants: [tenant],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Platform admin Main platform Admin view' }));
    expect(await screen.findByText('Admin center')).toBeInTheDocument();
    expect(store.getState().auth).toMatchObject({ roleContext: 'main_platform', currentTenant: null });
  });

  it('names the organisation of a tenant role, so the same role in two tenants can be told apart', () => {
    const northstarAdmin = { ...RIVERSIDE_ADMIN, tenant_id: NORTHSTAR.tenant_id };
    renderPage([RIVERSIDE_ADMIN, northstarAdmin], null, { availableTenants: [RIVERSIDE, NORTHSTAR] });
    expect(
      screen.getByRole('button', { name: `Institute admin ${RIVERSIDE.tenant_name} Admin view` }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: `Institute admin ${NORTHSTAR.tenant_name} Admin view` }),
    ).toBeInTheDocument();
  });

  it('can be used with the keyboard alone', async () => {
    vi.spyOn(http, 'put').mockResolvedValue(ok({ data: {} }));
    renderPage([INVESTOR, MENTOR]);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: /^Investor Main platform Member view/ })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Mentor Main platform Member view' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('User home')).toBeInTheDocument();
  });

  it('shows the server message and stays when the choice cannot be saved', async () => {
    vi.spyOn(http, 'put').mockRejectedValue(
      httpError(400, 'The active role must be one of the roles you hold.'),
    );
    const { store } = renderPage([INVESTOR, ADMIN], INVESTOR);
    await userEvent.click(screen.getByRole('button', { name: 'Platform admin Main platform Admin view' }));
    expect(await screen.findByText('The active role must be one of the roles you hold.')).toBeInTheDocument();
    expect(store.getState().auth.user?.active_role).toEqual(INVESTOR);
    await waitFor(() => expect(screen.getByRole('button', { name: /^Platform admin/ })).toBeEnabled());
  });

  it('leads a user without roles (or only temp) to onboarding', () => {
    renderPage([{ role_id: 19, role_name: 'temp', display_name: 'Temp' }]);
    expect(screen.getByText('No roles yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Finish setting up' })).toHaveAttribute('href', '/onboarding');
  });
});
