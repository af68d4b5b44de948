/**
 * Notices of expert sessions: the expert hears of a booking, the other side of a cancellation, both
 * of a reminder. One file per area (index.ts).
 */
import type { EventDispatcher } from '../../../kernel/events';
import { type NotifyContext, notify } from '../deliver';
import { personName } from './names';

/** Expert sessions. */
export function registerExpertNotices(events: EventDispatcher, context: NotifyContext): void {
  events.on('expert.session.booked', 'notifications.expert-session-booked', async (event, tx) => {
    const { expert_id, mentee_id } = event.payload;
    await notify(tx, context, {
      userId: expert_id,
      tenantId: null,
      category: 'experts',
      title: `${await personName(tx, mentee_id)} booked a session with you`,
      body: 'It is in your calendar; the reminders come a day and an hour before.',
      link: '/my-expert-programs',
      eventId: event.id,
      handler: 'notifications.expert-session-booked',
    });
  });

  events.on('expert.session.cancelled', 'notifications.expert-session-cancelled', async (event, tx) => {
    const { expert_id, mentee_id, cancelled_by } = event.payload;
    await notify(tx, context, {
      userId: cancelled_by === expert_id ? mentee_id : expert_id,
      tenantId: null,
      category: 'experts',
      title: `${await personName(tx, cancelled_by)} cancelled your session`,
      body: 'The slot is free again; book another one when it suits you both.',
      link: '/my-expert-programs',
      eventId: event.id,
      handler: 'notifications.expert-session-cancelled',
    });
  });

  events.on('expert.session.reminder', 'notifications.expert-session-reminder', async (event, tx) => {
    const { expert_id, mentee_id, kind } = event.payload;
    for (const [userId, otherId] of [
      [expert_id, mentee_id],
      [mentee_id, expert_id],
    ] as const) {
      await notify(tx, context, {
        userId,
        tenantId: null,
        category: 'experts',
        title: `Reminder: your session with ${await personName(tx, otherId)} is ${kind === 'day' ? 'tomorrow' : 'within the hour'}`,
        body: 'Open your calendar for the time and the invite.',
        link: '/calendar',
        eventId: event.id,
        handler: 'notifications.expert-session-reminder',
      });
    }
  });
}
