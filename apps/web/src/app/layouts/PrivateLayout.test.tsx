import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSilentSignIn, silentSignInUrl } from '../../features/identity';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';
import { pageVisit } from '../../shared/session/page-visit';
import { RETURN_TO_KEY } from '../../shared/session/return-to';
import { httpError, INVESTOR, ok, PROFILE, userRecord } from '../../shared/session/test-fixtures';
import type { SessionRole } from '../../shared/session/types';
import { renderWithProviders } from '../../test/render';
import PrivateLayout from './PrivateLayout';

const routes = [
  { path: '/login', element: <p>Login page</p> },
  {
    element: <PrivateLayout />,
    children: [
      { path: '/calendar', element: <p>Calendar page</p> },
      { path: '/account', element: <p>Account page</p> },
      { path: '/registration/investor', element: <p>Investor form</p> },
      { path: '/onboarding', element: <p>Onboarding page</p> },
      { path: '/account-callback', element: <p>Callback page</p> },
    ],
  },
];

const TEMP = { role_id: 19, role_name: 'temp', display_name: 'Temp' };

function signedInAs(roles: SessionRole[] = [INVESTOR], active: SessionRole | undefined = roles[0]) {
  return {
    auth: {
      ...initialAuthState,
      isLoggedIn: true,
      otpVerified: true,
      user: { user_id: 7, username: 'ada', firstName: 'Ada', roles, active_role: active },
    },
  };
}

function profileCalls(get: { mock: { calls: unknown[][] } }) {
  return get.mock.calls.filter(([url]) => url === '/auth/profile').length;
}

/** The profile call answers with `profile` (or fails); the user lookup answers `user`. */
function serve(profile: unknown, user: unknown = userRecord()) {
  return vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/auth/profile') {
      if (profile instanceof Error) throw profile;
      if (profile instanceof Promise) return profile;
      return ok(profile);
    }
    return ok({ data: user });
  });
}

describe('PrivateLayout (spec sections 4 and 6)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    resetSilentSignIn();
    sessionStorage.clear();
  });

  it('makes one profile fetch on a signed-out visit, then one silent sign-in redirect', async () => {
    const get = serve(httpError(401));
    const assign = vi.spyOn(pageVisit, 'assign').mockImplementation(() => undefined);
    renderWithProviders(null, { routes, route: '/calendar?view=week' });
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign).toHaveBeenCalledWith(silentSignInUrl(window.location.origin));
    expect(profileCalls(get)).toBe(1);
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe('/calendar?view=week');
    expect(screen.queryByText('Calendar page')).not.toBeInTheDocument();
  });

  it('treats a 403 from the profile call like a 401', async () => {
    serve(httpError(403));
    const assign = vi.spyOn(pageVisit, 'assign').mockImplementation(() => undefined);
    renderWithProviders(null, { routes, route: '/calendar' });
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
  });

  it('shows the loading overlay while the session is being resolved', async () => {
    serve(new Promise(() => undefined));
    renderWithProviders(null, { routes, route: '/calendar' });
    expect(await screen.findByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
  });

  it('renders the page when the fetch finds a session, with no redirect', async () => {
    const get = serve(PROFILE);
    const assign = vi.spyOn(pageVisit, 'assign').mockImplementation(() => undefined);
    const { store } = renderWithProviders(null, { routes, route: '/calendar' });
    expect(await screen.findByText('Calendar page')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(store.getState().auth).toMatchObject({ isLoggedIn: true, rehydrationStatus: 'succeeded' });
    expect(profileCalls(get)).toBe(1);
    expect(assign).not.toHaveBeenCalled();
  });

  it('redirects silently when rehydration stays loading for 3 s while signed out', async () => {
    vi.useFakeTimers();
    serve(new Promise(() => undefined));
    const assign = vi.spyOn(pageVisit, 'assign').mockImplementation(() => undefined);
    renderWithProviders(null, { routes, route: '/calendar' });
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(assign).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith(silentSignInUrl(window.location.origin));
  });

  it('shows an error with a retry when the check fails for another reason', async () => {
    let fail = true;
    const get = vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
      if (url === '/auth/profile') {
        if (fail) throw httpError(500, 'Database unavailable');
        return ok(PROFILE);
      }
      return ok({ data: userRecord() });
    });
    const assign = vi.spyOn(pageVisit, 'assign').mockImplementation(() => undefined);
    renderWithProviders(null, { routes, route: '/calendar' });
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Calendar page')).toBeInTheDocument();
    expect(profileCalls(get)).toBe(2);
    expect(assign).not.toHaveBeenCalled();
  });

  it('renders a signed-in visit at once and re-checks the session in the background', async () => {
    const get = serve(PROFILE);
    renderWithProviders(null, { routes, route: '/calendar', preloadedState: signedInAs() });
    expect(screen.getByText('Calendar page')).toBeInTheDocument();
    await waitFor(() => expect(profileCalls(get)).toBe(1));
  });

  it('signs out and redirects silently when the background check finds the session gone', async () => {
    serve(httpError(401));
    const assign = vi.spyOn(pageVisit, 'assign').mockImplementation(() => undefined);
    const { store } = renderWithProviders(null, { routes, route: '/calendar', preloadedState: signedInAs() });
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(store.getState().auth).toMatchObject({ isLoggedIn: false, user: null });
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe('/calendar');
  });

  it('keeps the temp role to onboarding and the account page', async () => {
    serve(new Promise(() => undefined));
    const { router } = renderWithProviders(null, {
      routes,
      route: '/calendar',
      preloadedState: signedInAs([TEMP]),
    });
    expect(await screen.findByText('Onboarding page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding');
    await act(() => router.navigate('/account'));
    expect(screen.getByText('Account page')).toBeInTheDocument();
    await act(() => router.navigate('/registration/investor'));
    expect(screen.getByText('Investor form')).toBeInTheDocument();
  });

  it('treats a user with no roles as temp', async () => {
    serve(new Promise(() => undefined));
    renderWithProviders(null, { routes, route: '/calendar', preloadedState: signedInAs([], undefined) });
    expect(await screen.findByText('Onboarding page')).toBeInTheDocument();
  });

  it('lets /account-callback through without the guard, so sign-in can finish', async () => {
    const get = serve(httpError(401));
    const assign = vi.spyOn(pageVisit, 'assign').mockImplementation(() => undefined);
    renderWithProviders(null, { routes, route: '/account-callback' });
    expect(await screen.findByText('Callback page')).toBeInTheDocument();
    expect(profileCalls(get)).toBe(0);
    expect(assign).not.toHaveBeenCalled();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });
});
