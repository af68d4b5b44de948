import type { RealtimeMessage } from '@nexus/contracts';
import { useEffect, useState } from 'react';
import { activeRoleOf, loadCustomRoles, loadMenus, loadPrivileges } from '../../features/navigation';
import { api } from '../api';
import { type AppDispatch, type RootState, useAppDispatch, useAppSelector } from '../store';
import type { RealtimeHandlers, RealtimeStatus } from './connect';

/** How the socket code arrives: its own chunk, fetched once the signed-in page has painted. */
export type RealtimeLoader = () => Promise<{
  openRealtime(origin: string, handlers: RealtimeHandlers): () => void;
}>;

const loadConnector: RealtimeLoader = () => import('./connect');

/** Messages that change what the user may see: the navigation is read again, not only RTK Query. */
const ACCESS_TYPES = new Set(['access.changed', 'privileges.changed']);

function refreshAccess() {
  return (dispatch: AppDispatch, getState: () => RootState) => {
    void dispatch(loadMenus());
    void dispatch(loadCustomRoles());
    const role = activeRoleOf(getState());
    if (role) void dispatch(loadPrivileges(role));
  };
}

/** Waits for an idle moment after paint, so the socket never competes with the page's first work. */
function afterPaint(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 1);
  return () => window.clearTimeout(id);
}

/**
 * The signed-in user's socket (DESIGN section 9): open while signed in, closed on sign-out or when
 * another user signs in. Each message invalidates the RTK Query tags it names, so pages read again
 * through the API; no state travels over the socket. Returns the connection's status.
 */
export function useRealtime(load: RealtimeLoader = loadConnector): RealtimeStatus {
  const dispatch = useAppDispatch();
  const userId = useAppSelector((state) =>
    state.auth.isLoggedIn ? (state.auth.user?.user_id ?? null) : null,
  );
  const [status, setStatus] = useState<RealtimeStatus>('off');

  useEffect(() => {
    if (userId === null) return;
    let cancelled = false;
    let close: (() => void) | undefined;
    const onMessage = (message: RealtimeMessage) => {
      if (message.tags.length > 0) dispatch(api.util.invalidateTags(message.tags as never));
      if (ACCESS_TYPES.has(message.type)) dispatch(refreshAccess());
    };
    const cancelWait = afterPaint(() => {
      load()
        .then(({ openRealtime }) => {
          if (cancelled) return;
          close = openRealtime(window.location.origin, {
            onMessage,
            onStatus: (next) => {
              if (!cancelled) setStatus(next);
            },
          });
        })
        .catch(() => {
          // The chunk did not load (offline, a deploy): the pages still work, only not live.
          if (!cancelled) setStatus('off');
        });
    });
    return () => {
      cancelled = true;
      cancelWait();
      close?.();
      setStatus('off');
    };
  }, [dispatch, load, userId]);

  return status;
}
