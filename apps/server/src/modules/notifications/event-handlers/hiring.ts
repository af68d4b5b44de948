/**
 * Notices of jobs: the applicant hears of each stage change of an application (issue 20 point 2).
 * One file per area (index.ts).
 */
import { APPLICATION_STAGE_LABELS, type ApplicationStage } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import type { EventDispatcher } from '../../../kernel/events';
import { type NotifyContext, notify } from '../deliver';

/** Job applications. */
export function registerHiringNotices(events: EventDispatcher, context: NotifyContext): void {
  events.on('job.application.stage.changed', 'notifications.job-stage-changed', async (event, tx) => {
    const { application_id, user_id: userId, tenant_id: tenantId, stage } = event.payload;
    const result = (await tx.execute(
      sql`select p.title, t.tenant_name, a.decline_message from job_applications a
        join job_postings p on p.posting_id = a.posting_id join tenants t on t.tenant_id = p.tenant_id
        where a.application_id = ${application_id}`,
    )) as unknown as { rows: { title: string; tenant_name: string; decline_message: string | null }[] };
    const row = result.rows[0];
    const job = row ? `${row.title} at ${row.tenant_name}` : 'a job';
    const label = APPLICATION_STAGE_LABELS[stage as ApplicationStage] ?? stage;
    await notify(tx, context, {
      userId,
      tenantId,
      category: 'jobs',
      title:
        stage === 'declined'
          ? `Your application for ${job} was declined`
          : `Your application for ${job}: ${label}`,
      body:
        stage === 'declined'
          ? (row?.decline_message ?? 'Thank you for applying.')
          : `Your application moved to the stage “${label}”.`,
      link: '/career',
      eventId: event.id,
      handler: 'notifications.job-stage-changed',
    });
  });
}
