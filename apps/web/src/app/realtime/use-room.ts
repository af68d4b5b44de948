import { useEffect } from 'react';
import type { RoomRequest } from './connect';

/** How the socket code arrives: its own chunk (tests pass their own). */
export type RoomLoader = () => Promise<{ followRoom(request: RoomRequest): () => void }>;

const loadConnector: RoomLoader = () => import('./connect');

/**
 * Follows an area room (`forum-topic:42`, `event:12`) while the calling page shows it (docs/realtime.md):
 * the server checks the reader may follow it, and its messages invalidate the tags they name, so the
 * page refetches. `id` null follows nothing (the page has no valid id yet).
 */
export function useRoom(
  kind: string,
  id: number | null,
  tenantId?: number | null,
  load: RoomLoader = loadConnector,
): void {
  useEffect(() => {
    if (id === null) return;
    let leave: (() => void) | null = null;
    let gone = false;
    void load().then(({ followRoom }) => {
      if (gone) return;
      leave = followRoom({ kind, id, ...(tenantId ? { tenantId } : {}) });
    });
    return () => {
      gone = true;
      leave?.();
    };
  }, [kind, id, tenantId, load]);
}
