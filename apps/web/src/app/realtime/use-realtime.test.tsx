import type { RealtimeMessage } from '@nexus/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MENUS_PATH } from '../../features/navigation';
import { http } from '../../shared/api/http';
import { initialAuthState, signedOut } from '../../shared/session/auth-slice';
import { INVESTOR } from '../../shared/session/test-fixtures';
import { renderWithProviders } from '../../test/render';
import { api } from '../api';
import type { RealtimeHandlers } from './connect';
import { ReconnectingNotice } from './ReconnectingNotice';
import { SOCKET_OPTIONS, SocketAddressTooLong, socketAddress } from './socket-options';
import { type RealtimeLoader, useRealtime } from './use-realtime';

/** Stands in for the server end: records what the hook opened and lets the test speak for the server. */
function fakeServer() {
  const opened: { origin: string; handlers: RealtimeHandlers; closed: boolean }[] = [];
  const load: RealtimeLoader = vi.fn(async () => ({
    openRealtime(origin: string, handlers: RealtimeHandlers) {
      const entry = { origin, handlers, closed: false };
      opened.push(entry);
      return () => {
        entry.closed = true;
      };
    },
  }));
  return { load, opened };
}

const signedIn = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    otpVerified: true,
    user: { user_id: 7, username: 'ada', firstName: 'Ada', roles: [INVESTOR], active_role: INVESTOR },
  },
};

function Probe({ load }: { load: RealtimeLoader }) {
  const status = useRealtime(load);
  return (
    <>
      <p>status: {status}</p>
      <ReconnectingNotice status={status} />
    </>
  );
}

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probeUser: build.query<unknown, void>({ query: () => ({ url: '/probe/user' }), providesTags: ['User'] }),
    probeTenant: build.query<unknown, void>({
      query: () => ({ url: '/probe/tenant' }),
      providesTags: ['Tenant'],
    }),
  }),
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useRealtime', () => {
  it('opens no socket while signed out', async () => {
    const { load, opened } = fakeServer();
    renderWithProviders(<Probe load={load} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(load).not.toHaveBeenCalled();
    expect(opened).toEqual([]);
    expect(screen.getByText('status: off')).toBeInTheDocument();
  });

  it('opens one socket on this origin once signed in, and closes it on sign-out', async () => {
    const { load, opened } = fakeServer();
    const { store } = renderWithProviders(<Probe load={load} />, { preloadedState: signedIn });
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]?.origin).toBe(window.location.origin);
    act(() => store.dispatch(signedOut()));
    await waitFor(() => expect(opened[0]?.closed).toBe(true));
    expect(screen.getByText('status: off')).toBeInTheDocument();
  });

  it('shows a quiet "Reconnecting…" only while a connected socket tries again', async () => {
    const { load, opened } = fakeServer();
    renderWithProviders(<Probe load={load} />, { preloadedState: signedIn });
    await waitFor(() => expect(opened).toHaveLength(1));
    const { handlers } = opened[0] as { handlers: RealtimeHandlers };
    const region = screen.getByTestId('realtime-status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    act(() => handlers.onStatus('connected'));
    expect(region).toHaveTextContent('');
    act(() => handlers.onStatus('reconnecting'));
    expect(region).toHaveTextContent('Reconnecting…');
    act(() => handlers.onStatus('connected'));
    expect(region).toHaveTextContent('');
  });

  it('reads again the queries whose tags a message names, and no others', async () => {
    const get = vi.spyOn(http, 'request').mockResolvedValue({ data: { data: 'x' } } as never);
    const { load, opened } = fakeServer();
    const { store } = renderWithProviders(<Probe load={load} />, { preloadedState: signedIn });
    await waitFor(() => expect(opened).toHaveLength(1));
    await act(async () => {
      await store.dispatch(probeApi.endpoints.probeUser.initiate());
      await store.dispatch(probeApi.endpoints.probeTenant.initiate());
    });
    const calls = (url: string) => get.mock.calls.filter(([config]) => config.url === url).length;
    expect(calls('/probe/user')).toBe(1);
    const message: RealtimeMessage = { type: 'user.updated', ids: [7], tags: ['User'] };
    act(() => opened[0]?.handlers.onMessage(message));
    await waitFor(() => expect(calls('/probe/user')).toBe(2));
    expect(calls('/probe/tenant')).toBe(1);
  });

  it('reads the navigation again when the user’s access changes', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({ data: { data: [] } } as never);
    const { load, opened } = fakeServer();
    renderWithProviders(<Probe load={load} />, { preloadedState: signedIn });
    await waitFor(() => expect(opened).toHaveLength(1));
    act(() => opened[0]?.handlers.onMessage({ type: 'access.changed', ids: [7], tags: ['Menu'] }));
    await waitFor(() => expect(get.mock.calls.some(([url]) => url === MENUS_PATH)).toBe(true));
  });
});

describe('socket options (spec section 9)', () => {
  it('refuses an address over 8000 characters', () => {
    expect(socketAddress('http://localhost:8080')).toBe('http://localhost:8080');
    const long = `http://${'a'.repeat(7990)}.example`;
    expect(() => socketAddress(long)).toThrow(SocketAddressTooLong);
  });

  it('reconnects after 1 s to 5 s, waits 20 s to connect and sends the session cookie', () => {
    expect(SOCKET_OPTIONS).toMatchObject({
      path: '/socket.io',
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      timeout: 20_000,
      withCredentials: true,
    });
  });
});
