import { NOTIFICATION_CREATED, NOTIFICATION_TAG } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { PayloadOf } from '../../kernel/jobs';
import { type NotifyContext, notificationMail, queueMail } from './deliver';
import { readDelivery } from './preferences';
import { bumpInboxes } from './service';

/** People per fan-out job: one insert of this many rows stays well under a second. */
export const FANOUT_BATCH = 1000;
export const FANOUT_HANDLER = 'notifications.announcement';
const TITLE = 'New announcement';
/** The inbox line: the announcement's own title when the event carries it. */
const titleOf = (batch: Batch) => (batch.title ? `Announcement: ${batch.title}` : TITLE).slice(0, 200);
const BODY = 'A new announcement was published for you. Open Announcements to read it.';
const LINK = '/announcements';

type Batch = PayloadOf<'notifications.fanout'>;

/**
 * The audience after `after`, by id: every active person for a platform announcement, or the members
 * of its tenant; narrowed to the holders of `role_id` when given (on the platform: anywhere).
 */
function audienceAfter(batch: Batch) {
  const member = batch.tenant_id === null ? sql`true` : sql`ur.tenant_id = ${batch.tenant_id}`;
  const role = batch.role_id === null ? sql`true` : sql`ur.role_id = ${batch.role_id}`;
  const holds =
    batch.tenant_id === null && batch.role_id === null
      ? sql`true`
      : sql`exists (select 1 from user_roles ur where ur.user_id = u.user_id and not ur.is_deleted and ${member} and ${role})`;
  return sql`select u.user_id from users u
    where u.user_id > ${batch.after_user_id} and u.enabled and not u.is_deleted and ${holds}
    order by u.user_id limit ${FANOUT_BATCH}`;
}

interface Inserted {
  notification_id: number;
  user_id: number;
  in_app: boolean;
  /** Its email goes now (cadence immediately), not in a digest. */
  mail_now: boolean;
  email: string;
}

/**
 * Works one batch of an announcement's fan-out in one transaction: notifies the batch (respecting
 * each person's announcement channels), queues their immediate emails and, when the batch was full,
 * the next batch. A retried batch inserts nothing twice (the unique source key). After commit the
 * batch's sockets are told.
 */
export async function fanOutBatch(context: NotifyContext, batch: Batch): Promise<void> {
  const { inserted, more } = await context.database.system.transaction(async (tx) => {
    const audience = await queryRows<{ user_id: number }>(tx, audienceAfter(batch));
    if (audience.length === 0) return { inserted: [] as Inserted[], more: false };
    const ids = audience.map((row) => row.user_id);
    const last = ids[ids.length - 1] as number;
    const rows = await queryRows<Inserted>(
      tx,
      sql`with chosen as (
          select u.user_id, u.email,
            coalesce((p.channels -> 'announcements' ->> 'in_app')::boolean, true) as in_app,
            coalesce((p.channels -> 'announcements' ->> 'email')::boolean, false) as email_on,
            coalesce(p.email_cadence, 'immediately') as cadence
          from users u left join notification_preferences p on p.user_id = u.user_id
          where u.user_id = any(${sql.param(ids)}::int[])
        ), added as (
          insert into notifications
            (user_id, tenant_id, category, title, body, link, source_event_id, source_handler, in_app, wants_email, emailed_at)
          select user_id, ${batch.tenant_id}::int, 'announcements', ${titleOf(batch)}, ${BODY}, ${LINK}, ${batch.event_id},
            ${FANOUT_HANDLER}, in_app, email_on, case when email_on and cadence = 'immediately' then now() end
          from chosen where in_app or email_on
          on conflict do nothing
          returning notification_id, user_id, in_app, wants_email, emailed_at
        )
        select added.notification_id, added.user_id, added.in_app,
          (added.emailed_at is not null) as mail_now, chosen.email
        from added join chosen on chosen.user_id = added.user_id`,
    );
    await bumpInboxes(
      tx,
      rows.map((row) => row.user_id),
    );
    for (const row of rows.filter((r) => r.mail_now)) {
      const delivery = await readDelivery(tx, row.user_id);
      await queueMail(
        tx,
        context,
        delivery,
        notificationMail(context.origin, row.email, { title: titleOf(batch), body: BODY, link: LINK }),
      );
    }
    const full = audience.length === FANOUT_BATCH;
    if (full) await context.jobs.enqueue(tx, 'notifications.fanout', { ...batch, after_user_id: last });
    return { inserted: rows, more: full };
  });
  for (const row of inserted) {
    if (!row.in_app) continue;
    context.realtime
      .toUser(row.user_id)
      .emit({ type: NOTIFICATION_CREATED, ids: [row.notification_id], tags: [NOTIFICATION_TAG] });
  }
  if (more) context.jobs.wake('notifications.fanout');
}
