import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { AxiosError } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MENUS_PATH, MY_CUSTOM_ROLES_PATH, MY_PRIVILEGES_PATH } from '../../features/navigation';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';
import { USER_TENANTS_PATH } from '../../shared/tenancy/tenant-context';
import { renderWithProviders } from '../../test/render';
import { AppFrame } from './AppFrame';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('../../shared/ui/notify', () => ({ notify: { error: toastError, success: vi.fn(), info: vi.fn() } }));

const signedIn = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: {
      user_id: 3,
      username: 'ada',
      firstName: 'Ada',
      lastName: 'Lovelace',
      roles: [{ role_id: 5, role_view: 'user' as const }],
    },
  },
};

/**
 * The frame's start-up loads import the HTTP client lazily, so their GETs leave a tick after mount.
 * Waiting for them keeps a short test from ending (and restoring the stub) before they go out to
 * jsdom's real XMLHttpRequest.
 */
async function renderFrame() {
  const rendered = renderWithProviders(null, {
    preloadedState: signedIn,
    route: '/user/home',
    routes: [
      { path: '/user/home', element: <AppFrame>Home content</AppFrame> },
      { path: '/login', element: <p>Login page</p> },
      { path: '*', element: <AppFrame>Other page</AppFrame> },
    ],
  });
  await waitFor(() =>
    expect(vi.mocked(http.get).mock.calls.map(([url]) => url)).toEqual(
      expect.arrayContaining([
        MENUS_PATH,
        MY_PRIVILEGES_PATH,
        MY_CUSTOM_ROLES_PATH,
        `${USER_TENANTS_PATH}/3`,
      ]),
    ),
  );
  return rendered;
}

describe('AppFrame', () => {
  // No tenants, no privilege rows: the default platform tree.
  beforeEach(() => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: { data: [] } });
    // The header's counters (messages, notifications): nothing unread, answered without a network.
    vi.spyOn(http, 'request').mockImplementation(async (config) => {
      const url = String(config.url ?? '');
      if (url.endsWith('/getUnreadCount')) return { data: { data: { unread: 0, latest: null } } };
      if (url.endsWith('/getUnseenCount')) return { data: { data: { unseen: 0, unread: 0 } } };
      return { data: { data: [], meta: { page: 1, limit: 5, total: 0, totalPages: 0 } } };
    });
  });
  // Unmount before the mocks go: the counters start once the page has settled, and a frame left
  // mounted could still ask after the stubs are gone.
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('has header, navigation and main landmarks around the page', async () => {
    await renderFrame();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Home content');
  });

  it('closes the phone menu on Escape and gives the focus back to its button (issue 23)', async () => {
    await renderFrame();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const burger = screen.getByRole('button', { name: 'Close navigation' });
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open navigation' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Open navigation' })).toHaveFocus();
  });

  it('on a phone, builds the navigation when its drawer first opens, yet loads the menus at once', async () => {
    const desktopMatchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...desktopMatchMedia(query),
      matches: query.includes('max-width'),
    })) as typeof window.matchMedia;
    try {
      await renderFrame();
      const nav = screen.getByRole('navigation', { name: 'Main navigation', hidden: true });
      expect(within(nav).queryAllByRole('link', { hidden: true })).toHaveLength(0);
      await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
      expect(await within(nav).findByRole('link', { name: 'Home' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Close navigation' }));
      // Built once, it stays: reopening the drawer does not rebuild it.
      expect(within(nav).getByRole('link', { name: 'Home', hidden: true })).toBeInTheDocument();
    } finally {
      window.matchMedia = desktopMatchMedia;
    }
  });

  it('shows a temp user only the entries the temp role may open (issue 23)', async () => {
    renderWithProviders(null, {
      preloadedState: {
        auth: {
          ...signedIn.auth,
          user: {
            ...signedIn.auth.user,
            roles: [{ role_id: 19, role_name: 'temp', role_view: 'user' as const }],
          },
        },
      },
      route: '/onboarding',
      routes: [{ path: '/onboarding', element: <AppFrame>Onboarding</AppFrame> }],
    });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(vi.mocked(http.get).mock.calls.map(([url]) => url)).toContain(MENUS_PATH));
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/onboarding', '/account', '/settings']);
    expect(within(nav).queryByRole('button', { name: 'Learning' })).toBeNull();
  });

  it('builds the navigation from the menu tree with Home first and selected', async () => {
    await renderFrame();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links[0]).toHaveTextContent('Home');
    expect(links[0]).toHaveAttribute('href', '/user/home');
    expect(links[0]).toHaveAttribute('aria-current', 'page');
  });

  it('lights no entry on a page none of them leads to (Home is not lit on /admin-center)', async () => {
    const { router } = await renderFrame();
    await router.navigate('/admin-center');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(await screen.findByText('Other page')).toBeInTheDocument();
    for (const link of within(nav).getAllByRole('link')) expect(link).not.toHaveAttribute('aria-current');
  });

  it('lights the entry of the page reached from elsewhere, and Home in a tenant space', async () => {
    const { router } = await renderFrame();
    await router.navigate('/event-block');
    expect(await screen.findByText('Other page')).toBeInTheDocument();
    const current = () =>
      within(screen.getByRole('navigation', { name: 'Main navigation' }))
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page')
        .map((link) => link.textContent);
    await waitFor(() => expect(current()).toEqual(['Events']));
    await router.navigate('/t/institute/Riverside/user/home');
    await waitFor(() => expect(current()).toEqual(['Home']));
  });

  it('records the chosen menu in the menu slice', async () => {
    const { store } = await renderFrame();
    await userEvent.click(screen.getByRole('button', { name: 'Community' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Groups' }));
    expect(store.getState().menu).toEqual({ selectedMenu: 'Community', selectedSubmenu: 'Groups' });
    expect(await screen.findByText('Other page')).toBeInTheDocument();
  });

  it('signs out through POST /auth/logout and then shows /login', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: {} });
    const { store } = await renderFrame();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Ada Lovelace' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(post).toHaveBeenCalledWith('/auth/logout');
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(store.getState().auth.user).toBeNull();
  });

  it("toasts 'Logout failed' and keeps the session when the call fails", async () => {
    vi.spyOn(http, 'post').mockRejectedValue(new AxiosError('Network Error'));
    const { store } = await renderFrame();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Ada Lovelace' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Logout failed'));
    expect(store.getState().auth.isLoggedIn).toBe(true);
    expect(screen.getByText('Home content')).toBeInTheDocument();
  });

  it('opens the account menu by keyboard, moves with the arrows, and passes axe while open', async () => {
    // jsdom has no canvas; axe only uses it to spot icon ligatures.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    await renderFrame();
    screen.getByRole('button', { name: 'Account menu for Ada Lovelace' }).focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    const blocking = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id);
    expect(blocking).toEqual([]);
  });

  it('links Settings from the user menu', async () => {
    await renderFrame();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Ada Lovelace' }));
    expect(await screen.findByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });

  it('links the brand to the home of the role and the account from the user menu', async () => {
    await renderFrame();
    expect(screen.getByRole('link', { name: 'Nexus home' })).toHaveAttribute('href', '/user/home');
    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Ada Lovelace' }));
    expect(await screen.findByRole('menuitem', { name: 'Account' })).toHaveAttribute('href', '/account');
  });
});
