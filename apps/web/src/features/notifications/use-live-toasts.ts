import { useEffect, useRef } from 'react';
import { notify } from '../../shared/ui/notify';
import { useGetNotificationsQuery } from './api';

/** The bell's list: the latest few of the inbox, shared by the menu and the toasts. */
export const LATEST_QUERY = { page: 1, limit: 5 } as const;

/**
 * Toasts each notification that arrives while a page is open (issue 16 point 5): the socket
 * invalidates the list, and any unseen item newer than the newest known before is announced once.
 * The first load only sets the mark, so old notifications never toast. `skip` holds the list back
 * while the page is still doing its own first work.
 */
export function useLiveToasts(skip = false): void {
  const { data } = useGetNotificationsQuery(LATEST_QUERY, { skip });
  const newest = useRef<number | null>(null);
  useEffect(() => {
    if (!data) return;
    const ids = data.data.map((item) => item.notification_id);
    const top = ids.length > 0 ? Math.max(...ids) : 0;
    const mark = newest.current;
    newest.current = Math.max(mark ?? 0, top);
    if (mark === null) return;
    const fresh = data.data.filter((item) => item.notification_id > mark && item.state === 'unseen');
    for (const item of fresh.reverse()) void notify.info(item.title);
  }, [data]);
}
