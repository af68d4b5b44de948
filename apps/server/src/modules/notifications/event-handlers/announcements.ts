/**
 * Notices of announcements: an announcement reaches thousands, so the handler only queues the first
 * batch of the fan-out (fanout.ts), in its transaction. One file per area (index.ts).
 */
import type { EventDispatcher } from '../../../kernel/events';
import type { NotifyContext } from '../deliver';

/** Published announcements. */
export function registerAnnouncementNotices(events: EventDispatcher, context: NotifyContext): void {
  events.on('announcement.published', 'notifications.announcement', async (event, tx) => {
    const { announcement_id, tenant_id, role_id, title } = event.payload;
    await context.jobs.enqueue(tx, 'notifications.fanout', {
      event_id: event.id,
      announcement_id,
      tenant_id,
      role_id,
      after_user_id: 0,
      ...(title ? { title } : {}),
    });
  });
}
