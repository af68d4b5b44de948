import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../shared/api/http';
import { initialAuthState } from '../../../shared/session/auth-slice';
import { RETURN_TO_KEY } from '../../../shared/session/return-to';
import { ADMIN, httpError, INVESTOR, ok, PROFILE, userRecord } from '../../../shared/session/test-fixtures';
import { renderWithProviders } from '../../../test/render';
import AccountCallbackPage from './AccountCallbackPage';

const routes = [
  { path: '/account-callback', element: <AccountCallbackPage /> },
  { path: '/login', element: <p>Login page</p> },
  { path: '*', element: <p>Landed</p> },
];

function serve(user: unknown, profile: unknown = PROFILE) {
  return vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/auth/profile') {
      if (profile instanceof Error) throw profile;
      return ok(profile);
    }
    if (user instanceof Error) throw user;
    return ok({ data: user });
  });
}

function renderAt(route: string, auth = initialAuthState) {
  return renderWithProviders(null, { routes, route, preloadedState: { auth } });
}

describe('AccountCallbackPage (spec sections 2 and 4)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it('goes to /login on error=login_required, without calling anything', async () => {
    const get = serve(userRecord());
    const { router } = renderAt('/account-callback?error=login_required');
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(get).not.toHaveBeenCalled();
  });

  it('goes to /login when the person cancelled on the hosted page', async () => {
    renderAt('/account-callback?error=access_denied');
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });

  it('signs in and lands by the role rules', async () => {
    serve(userRecord({ roles: [INVESTOR, ADMIN], active_role: ADMIN }));
    const { router, store } = renderAt('/account-callback');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-center'));
    expect(store.getState().auth).toMatchObject({ status: 'succeeded', isLoggedIn: true, otpVerified: true });
  });

  it('lands on the saved return-to path first, once', async () => {
    serve(userRecord());
    sessionStorage.setItem(RETURN_TO_KEY, '/messages?thread=4');
    const { router } = renderAt('/account-callback');
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    expect(router.state.location.search).toBe('?thread=4');
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull();
  });

  it('sends the temp role to onboarding', async () => {
    serve(userRecord({ roles: [], active_role: null }));
    const { router } = renderAt('/account-callback');
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
  });

  it('sends a multi-role user with no active role to /select-role', async () => {
    vi.spyOn(http, 'put').mockResolvedValue(ok({ data: {} }));
    serve(userRecord({ roles: [INVESTOR, ADMIN], active_role: null }));
    const { router } = renderAt('/account-callback');
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-role'));
  });

  it('lands in the stored tenant', async () => {
    serve(userRecord());
    const { router } = renderAt('/account-callback', {
      ...initialAuthState,
      currentTenant: { tenant_id: 4, tenant_type: 'incubator', tenant_name: 'spark' },
      currentRole: { role_id: 9, role_view: 'user' },
      roleContext: 'tenant',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/t/incubator/spark/user/home'));
  });

  it('shows the loading overlay meanwhile', async () => {
    vi.spyOn(http, 'get').mockReturnValue(new Promise(() => undefined));
    renderAt('/account-callback');
    expect(await screen.findByRole('status', { name: 'Signing you in' })).toBeInTheDocument();
  });

  it('shows an error with a retry when the session cannot be read, and retries', async () => {
    let fail = true;
    vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
      if (url === '/auth/profile') {
        if (fail) throw httpError(502, 'Bad gateway');
        return ok(PROFILE);
      }
      return ok({ data: userRecord() });
    });
    const { router } = renderAt('/account-callback');
    expect(await screen.findByText('We could not finish signing you in')).toBeInTheDocument();
    expect(screen.getByText('Bad gateway')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/home'));
  });

  it('says so when there is no session after the hosted page', async () => {
    serve(userRecord(), httpError(401));
    renderAt('/account-callback');
    expect(await screen.findByText('You are not signed in')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });
});
