/**
 * Notices of events (issue 17): the person hears of each change of their registration.
 * One file per area (index.ts).
 */
import { eq } from 'drizzle-orm';
import { eventsTable } from '../../../db/schema';
import type { EventDispatcher } from '../../../kernel/events';
import { type NotifyContext, notify } from '../deliver';

/** Event registrations. */
export function registerEventNotices(events: EventDispatcher, context: NotifyContext): void {
  const registrationNotices = {
    'event.registration.confirmed': {
      handler: 'notifications.event-confirmed',
      title: (name: string) => `You are registered for ${name}`,
      body: 'Your ticket is ready; the invite is in your mail.',
      ticket: true,
    },
    'event.registration.waiting': {
      handler: 'notifications.event-waiting',
      title: (name: string) => `You are on the waiting list for ${name}`,
      body: 'If a seat frees up, it is offered to you by mail for a limited time.',
      ticket: false,
    },
    'event.registration.offered': {
      handler: 'notifications.event-offered',
      title: (name: string) => `A seat is free for you at ${name}`,
      body: 'Accept it before the offer expires; then it goes to the next person waiting.',
      ticket: false,
    },
    'event.registration.declined': {
      handler: 'notifications.event-declined',
      title: (name: string) => `Your registration for ${name} was not kept`,
      body: 'The organiser declined it, or the seat offered to you expired or was declined.',
      ticket: false,
    },
  } as const;
  for (const [name, notice] of Object.entries(registrationNotices) as [
    keyof typeof registrationNotices,
    (typeof registrationNotices)[keyof typeof registrationNotices],
  ][]) {
    events.on(name, notice.handler, async (event, tx) => {
      const { user_id: userId, event_id: eventId, tenant_id: tenantId } = event.payload;
      const [row] = await tx
        .select({ title: eventsTable.title })
        .from(eventsTable)
        .where(eq(eventsTable.event_id, eventId));
      await notify(tx, context, {
        userId,
        tenantId,
        category: 'events',
        title: notice.title(row?.title ?? 'an event'),
        body: notice.body,
        link: notice.ticket ? `/events/registered-event/${eventId}` : `/events/overview/${eventId}`,
        eventId: event.id,
        handler: notice.handler,
      });
    });
  }
}
