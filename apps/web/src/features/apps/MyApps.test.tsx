import { APP_PINS_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import MyAppsListPage from './pages/MyAppsListPage';
import MyAppsPage from './pages/MyAppsPage';
import { moved, toolsOf } from './tools';

const memberState = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: {
      user_id: 7,
      username: 'mia',
      roles: [{ role_id: 13, role_name: 'individual', role_view: 'user' as const }],
    },
  },
};

/** The pins endpoints answer from `pins`; the menus fail, so the built-in menu is the role's apps. */
function serve(pins: string[], options: { failPins?: boolean } = {}) {
  let saved = pins;
  const asPins = () => ({ data: saved.map((path, position) => ({ path, position })) });
  return mockHttp()
    .on('*', /./, httpError(500, 'Not here'))
    .get(`${APP_PINS_API}/getPins`, () =>
      options.failPins ? httpError(500, 'Something went wrong on our side.') : asPins(),
    )
    .put(`${APP_PINS_API}/savePins`, ({ body }) => {
      saved = (body as { paths: string[] }).paths;
      return asPins();
    });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/my-apps', () => {
  it('shows the role’s apps as tiles, nothing pinned by default', async () => {
    serve([]);
    renderWithProviders(<MyAppsPage />, { route: '/my-apps', preloadedState: memberState });
    expect(await screen.findByText(/Nothing pinned yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Calendar' })).toHaveAttribute('href', '/calendar');
    expect(screen.getByRole('button', { name: 'Pin Calendar' })).toBeInTheDocument();
  });

  it('pins an app and moves it up with the keyboard buttons, saving the order', async () => {
    const server = serve(['/messages']);
    renderWithProviders(<MyAppsPage />, { route: '/my-apps', preloadedState: memberState });
    await userEvent.click(await screen.findByRole('button', { name: 'Pin Calendar' }));
    await waitFor(() => expect(server.calls.at(-1)?.body).toEqual({ paths: ['/messages', '/calendar'] }));
    const up = await screen.findByRole('button', { name: 'Move Calendar up' });
    up.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(server.calls.at(-1)?.body).toEqual({ paths: ['/calendar', '/messages'] }));
    expect(screen.getByRole('button', { name: 'Move Calendar up' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Unpin Messages' }));
    await waitFor(() => expect(server.calls.at(-1)?.body).toEqual({ paths: ['/calendar'] }));
  });

  it('shows the error with a retry', async () => {
    serve([], { failPins: true });
    renderWithProviders(<MyAppsPage />, { route: '/my-apps', preloadedState: memberState });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Something went wrong on our side.')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/my-apps2', () => {
  it('lists the same apps compactly, pinned first', async () => {
    serve(['/calendar']);
    renderWithProviders(<MyAppsListPage />, { route: '/my-apps2', preloadedState: memberState });
    expect(await screen.findByRole('button', { name: 'Unpin Calendar' })).toBeInTheDocument();
    const lists = screen.getAllByRole('list');
    expect(within(lists[0] as HTMLElement).getByRole('link', { name: 'Calendar' })).toBeInTheDocument();
  });

  it('says so when the role opens no app', () => {
    expect(toolsOf([{ menu_id: 1, menu_name: 'Apps', menu_parent_id: null, path: '/my-apps' }])).toEqual([]);
    expect(moved(['/a', '/b'], '/a', -1)).toEqual(['/a', '/b']);
  });
});
