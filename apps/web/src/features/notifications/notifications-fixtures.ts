import type { NotificationItem, NotificationPreferences } from '@nexus/contracts';
import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import { vi } from 'vitest';
import { http } from '../../shared/api/http';

export function notification(id: number, overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    notification_id: id,
    category: 'learning',
    title: `Notification ${id}`,
    body: 'Body text',
    link: `/programs/overview/${id}`,
    state: 'unseen',
    created_at: new Date().toISOString(),
    seen_at: null,
    read_at: null,
    archived_at: null,
    ...overrides,
  };
}

export const preferences: NotificationPreferences = {
  categories: [
    { category: 'security', in_app: true, email: true, critical: true },
    { category: 'learning', in_app: true, email: false, critical: false },
  ],
  email_cadence: 'immediately',
  quiet_hours: null,
};

/** A stand-in for the inbox API over the shared axios instance, with its own state. */
export function mockInbox(initial: NotificationItem[], options: { failList?: boolean } = {}) {
  let items = [...initial];
  const calls: AxiosRequestConfig[] = [];
  const answer = (data: unknown) => ({ data }) as AxiosResponse;
  vi.spyOn(http, 'request').mockImplementation(async (config: AxiosRequestConfig) => {
    calls.push(config);
    const url = config.url ?? '';
    const id = Number(url.split('/').at(-1));
    const set = (state: NotificationItem['state'], match: (item: NotificationItem) => boolean) => {
      items = items.map((item) => (match(item) ? { ...item, state } : item));
    };
    if (url.endsWith('/getUnseenCount')) {
      const unseen = items.filter((item) => item.state === 'unseen').length;
      const unread = items.filter((item) => item.state === 'unseen' || item.state === 'seen').length;
      return answer({ data: { unseen, unread } });
    }
    if (url.endsWith('/markSeen')) {
      set('seen', (item) => item.state === 'unseen');
      return answer({ data: { updated: 1 } });
    }
    if (url.endsWith('/markAllRead')) {
      set('read', (item) => item.state === 'unseen' || item.state === 'seen');
      return answer({ data: { updated: 1, message: 'All notifications are marked as read.' } });
    }
    if (url.includes('/markRead/')) {
      set('read', (item) => item.notification_id === id);
      return answer({ data: items.find((item) => item.notification_id === id) });
    }
    if (url.includes('/archive/')) {
      set('archived', (item) => item.notification_id === id);
      return answer({ data: items.find((item) => item.notification_id === id) });
    }
    if (url.endsWith('/getPreferences') || url.endsWith('/updatePreferences')) {
      return answer({ data: preferences });
    }
    if (options.failList) throw Object.assign(new Error('Request failed'), { response: { status: 500 } });
    const state = (config.params as { state?: string } | undefined)?.state;
    const limit = Number((config.params as { limit?: number } | undefined)?.limit ?? 10);
    const shown = items.filter((item) =>
      state === undefined
        ? item.state !== 'archived'
        : state === 'unread'
          ? item.state === 'unseen' || item.state === 'seen'
          : item.state === state,
    );
    return answer({
      data: shown.slice(0, limit),
      meta: {
        page: 1,
        limit,
        total: shown.length,
        totalPages: Math.max(1, Math.ceil(shown.length / limit)),
        totalExact: true,
      },
    });
  });
  return {
    calls,
    add(item: NotificationItem) {
      items = [item, ...items];
    },
  };
}
