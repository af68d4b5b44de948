/**
 * Notices of the ecosystem: the founder hears of each decision on a cohort application, an investor
 * of each application to a funding call. One file per area (index.ts).
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client';
import type { EventDispatcher } from '../../../kernel/events';
import { type NotifyContext, notify } from '../deliver';

/** Cohort applications and funding calls. */
export function registerEcosystemNotices(events: EventDispatcher, context: NotifyContext): void {
  events.on('ecosystem.application.decided', 'notifications.application-decided', async (event, tx) => {
    const { applicant_id, cohort_id, status } = event.payload;
    const [row] = await queryRows<{ cohort: string; center: string; center_id: number; startup: string }>(
      tx,
      sql`select c.name as cohort, ic.name as center, ic.center_id, s.name as startup from cohorts c
          join innovation_centers ic on ic.center_id = c.center_id
          join startups s on s.startup_id = ${event.payload.startup_id} where c.cohort_id = ${cohort_id}`,
    );
    const what = {
      shortlisted: 'was shortlisted for',
      accepted: 'was accepted into',
      declined: 'was not selected for',
    }[status];
    await notify(tx, context, {
      userId: applicant_id,
      tenantId: null,
      category: 'ecosystem',
      title: `${row?.startup ?? 'Your startup'} ${what} ${row?.cohort ?? 'a cohort'}`,
      body:
        status === 'accepted'
          ? `Congratulations! ${row?.center ?? 'The center'} will be in touch about the programme.`
          : status === 'shortlisted'
            ? 'The reviewers will make their final decision soon.'
            : 'Thank you for applying. Other cohorts and calls are open on the funding hub.',
      link: '/innovation-workspace',
      eventId: event.id,
      handler: 'notifications.application-decided',
    });
  });

  events.on('funding.application.created', 'notifications.funding-application', async (event, tx) => {
    const { investor_user_id, call_id, startup_id } = event.payload;
    const [row] = await queryRows<{ title: string; startup: string }>(
      tx,
      sql`select f.title, s.name as startup from funding_calls f join startups s on s.startup_id = ${startup_id}
          where f.call_id = ${call_id}`,
    );
    await notify(tx, context, {
      userId: investor_user_id,
      tenantId: null,
      category: 'ecosystem',
      title: `${row?.startup ?? 'A startup'} applied to ${row?.title ?? 'your call'}`,
      body: 'It is waiting in the New column of your deal-flow board.',
      link: '/funding-hub',
      eventId: event.id,
      handler: 'notifications.funding-application',
    });
  });
}
