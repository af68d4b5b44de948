import { CONNECTIONS_API } from '@nexus/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import MyConnectionsPage from './pages/MyConnectionsPage';
import MyPostsPage from './pages/MyPostsPage';
import NetworkPage from './pages/NetworkPage';

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

afterEach(() => {
  vi.restoreAllMocks();
});

/** Every network page shows the counts from getSummary; a test adds the rest. */
const withSummary = () => mockHttp().get(`${CONNECTIONS_API}/getSummary`, SUMMARY);

const cursorPage = (rows: object[], next: string | null = null) => ({
  data: rows,
  meta: { limit: 20, next_cursor: next },
});
const SUMMARY = { data: { connections: 1, received: 2, sent: 0, following: 0, followers: 0 } };
const person = (id: number, name: string) => ({
  user_id: id,
  name,
  username: `u${id}`,
  profile_image: null,
  headline: null,
});
const card = (id: number, name: string, overrides: object = {}) => ({
  ...person(id, name),
  organisations: ['Riverside'],
  connection: 'none',
  connection_id: null,
  following: false,
  reason: 'In your organisation',
  ...overrides,
});

describe('/network', () => {
  it('suggests people by default and sends a connection request', async () => {
    const server = withSummary()
      .get(`${CONNECTIONS_API}/getSuggestions`, cursorPage([card(3, 'Omar Ode')]))
      .post(`${CONNECTIONS_API}/createConnection`, { data: {} });
    renderWithProviders(<NetworkPage />, { route: '/network', preloadedState: memberState });
    expect(await screen.findByText('Omar Ode')).toBeInTheDocument();
    expect(screen.getByText('In your organisation')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Requests (2)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Connect with Omar Ode' }));
    await waitFor(() =>
      expect(server.callsTo('POST', `${CONNECTIONS_API}/createConnection`)[0]?.body).toEqual({ user_id: 3 }),
    );
  });

  it('searches people and pages with Show more', async () => {
    const server = withSummary()
      .get(`${CONNECTIONS_API}/getSuggestions`, cursorPage([]))
      .get(`${CONNECTIONS_API}/searchPeople`, ({ query }) =>
        query.cursor === '20'
          ? cursorPage([card(5, 'Ada Second')])
          : cursorPage([card(4, 'Ada First', { connection: 'connected' })], '20'),
      );
    renderWithProviders(<NetworkPage />, { route: '/network', preloadedState: memberState });
    expect(await screen.findByText(/No suggestions yet/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: /Search people/ }), 'Ada');
    expect(await screen.findByText('Ada First')).toBeInTheDocument();
    expect(screen.getByText('Connected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Ada Second')).toBeInTheDocument();
    expect(server.calls.some((call) => call.query.search === 'Ada')).toBe(true);
  });
});

describe('/community/my-connections', () => {
  it('shows the empty state with a way to find people, and the error state with a retry', async () => {
    withSummary().get(`${CONNECTIONS_API}/getConnections`, cursorPage([]));
    renderWithProviders(<MyConnectionsPage />, {
      route: '/community/my-connections',
      preloadedState: memberState,
    });
    expect(await screen.findByText('You have no connections yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find people to connect with' })).toHaveAttribute(
      'href',
      '/network',
    );
  });

  it('asks before removing a connection', async () => {
    const server = withSummary()
      .get(`${CONNECTIONS_API}/getConnections`, () =>
        cursorPage([
          {
            connection_id: 11,
            person: person(3, 'Omar Ode'),
            status: 'accepted',
            direction: 'sent',
            message: null,
            created_at: '2026-11-20T10:00:00Z',
            accepted_at: '2026-11-20T11:00:00Z',
          },
        ]),
      )
      .post(`${CONNECTIONS_API}/deleteConnection/11`, { message: 'Done.' });
    renderWithProviders(<MyConnectionsPage />, {
      route: '/community/my-connections',
      preloadedState: memberState,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Omar Ode' }));
    expect(server.calls.some((call) => call.path.endsWith('/deleteConnection/11'))).toBe(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove connection' }));
    await waitFor(() =>
      expect(server.calls.some((call) => call.path.endsWith('/deleteConnection/11'))).toBe(true),
    );
  });
});

describe('/community/my-posts', () => {
  it('shows an error with a retry when the list fails', async () => {
    mockHttp().on('*', /./, httpError(500, 'Server down')).get(`${CONNECTIONS_API}/getSummary`, SUMMARY);
    renderWithProviders(<MyPostsPage />, { route: '/community/my-posts', preloadedState: memberState });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your posts');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Write a post' })).toHaveAttribute('href', '/write-a-post/new');
  });
});
