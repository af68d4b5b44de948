import { APP_PINS_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';
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

function failure(status: number, message: string) {
  return new AxiosError(message, 'ERR', undefined, undefined, { status, data: { message } } as AxiosResponse);
}

/** The pins endpoints answer from `pins`; the menus fail, so the built-in menu is the role's apps. */
function mockServer(pins: string[], options: { failPins?: boolean } = {}) {
  const calls: AxiosRequestConfig[] = [];
  let saved = pins;
  vi.spyOn(http, 'request').mockImplementation(async (config: AxiosRequestConfig) => {
    calls.push(config);
    const asPins = () => ({ data: saved.map((path, position) => ({ path, position })) });
    if (config.url === `${APP_PINS_API}/getPins`) {
      if (options.failPins) throw failure(500, 'Something went wrong on our side.');
      return { data: asPins() } as AxiosResponse;
    }
    if (config.url === `${APP_PINS_API}/savePins`) {
      saved = (config.data as { paths: string[] }).paths;
      return { data: asPins() } as AxiosResponse;
    }
    throw failure(500, 'Not here');
  });
  return calls;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/my-apps', () => {
  it('shows the role’s apps as tiles, nothing pinned by default', async () => {
    mockServer([]);
    renderWithProviders(<MyAppsPage />, { route: '/my-apps', preloadedState: memberState });
    expect(await screen.findByText(/Nothing pinned yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Calendar' })).toHaveAttribute('href', '/calendar');
    expect(screen.getByRole('button', { name: 'Pin Calendar' })).toBeInTheDocument();
  });

  it('pins an app and moves it up with the keyboard buttons, saving the order', async () => {
    const calls = mockServer(['/messages']);
    renderWithProviders(<MyAppsPage />, { route: '/my-apps', preloadedState: memberState });
    await userEvent.click(await screen.findByRole('button', { name: 'Pin Calendar' }));
    await waitFor(() => expect(calls.at(-1)?.data).toEqual({ paths: ['/messages', '/calendar'] }));
    const up = await screen.findByRole('button', { name: 'Move Calendar up' });
    up.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(calls.at(-1)?.data).toEqual({ paths: ['/calendar', '/messages'] }));
    expect(screen.getByRole('button', { name: 'Move Calendar up' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Unpin Messages' }));
    await waitFor(() => expect(calls.at(-1)?.data).toEqual({ paths: ['/calendar'] }));
  });

  it('shows the error with a retry', async () => {
    mockServer([], { failPins: true });
    renderWithProviders(<MyAppsPage />, { route: '/my-apps', preloadedState: memberState });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Something went wrong on our side.')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/my-apps2', () => {
  it('lists the same apps compactly, pinned first', async () => {
    mockServer(['/calendar']);
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
