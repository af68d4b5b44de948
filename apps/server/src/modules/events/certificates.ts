import { EVENT_CERTIFICATE_KIND, EVENT_MESSAGES } from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { inScope } from '../../db/scope';
import { badRequest } from '../../http/app-error';
import { recordEvent } from '../../kernel/events';
import { issueCertificate } from '../certificates';
import type { EventsContext } from './registrations';
import type { EventRow } from './service';
import { formatIn } from './time';

const NAME = sql.raw(`coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.username)`);

async function rows<T>(tx: Tx, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

export const hasEnded = (event: EventRow, now = new Date()) => event.last_ends_at.getTime() <= now.getTime();

/**
 * Signs a certificate of attendance (certificates' kind `event`, `program_id` = the event) for each
 * checked-in confirmed attendee, or only `userIds`; one per person and event (the certificates'
 * unique key), so running it again issues only the missing ones. Each new one records
 * `event.certificate.issued` in the same transaction, so the inbox tells its holder. Returns how many
 * were new.
 */
export async function issueAttendance(
  tx: Tx,
  origin: string,
  event: EventRow,
  userIds?: readonly number[],
): Promise<number> {
  const only = userIds
    ? sql`and r.user_id in (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const attendees = await rows<{ user_id: number; name: string; held: boolean }>(
    tx,
    sql`
    select r.user_id, ${NAME} as name,
      exists (select 1 from certificates c where c.user_id = r.user_id and c.kind = ${EVENT_CERTIFICATE_KIND}
        and c.program_id = ${event.event_id}) as held
    from event_registrations r join users u on u.user_id = r.user_id
    where r.event_id = ${event.event_id} and r.status = 'confirmed' and r.checked_in_at is not null ${only}
    order by r.registration_id`,
  );
  const [tenant] = event.tenant_id
    ? await rows<{ tenant_name: string }>(
        tx,
        sql`select tenant_name from tenants where tenant_id = ${event.tenant_id}`,
      )
    : [];
  const issuerName = tenant?.tenant_name ?? 'Nexus';
  let issued = 0;
  for (const attendee of attendees) {
    if (attendee.held) continue;
    const certificate = await issueCertificate(tx, origin, {
      kind: EVENT_CERTIFICATE_KIND,
      userId: attendee.user_id,
      holderName: attendee.name,
      programId: event.event_id,
      programName: `Attendance: ${event.title}`,
      programDescription: event.summary,
      achievementPath: `/events/overview/${event.event_id}`,
      criteria: `Attended the event on ${formatIn(event.starts_at, event.time_zone)} and was checked in at the door.`,
      tenantId: event.tenant_id,
      issuerName,
    });
    await recordEvent(tx, 'event.certificate.issued', {
      certificate_id: certificate.certificate_id,
      event_id: event.event_id,
      user_id: attendee.user_id,
      tenant_id: event.tenant_id,
      title: event.title.slice(0, 300),
      public_key: certificate.public_key,
    });
    issued += 1;
  }
  return issued;
}

/** The organiser's "issue certificates": every checked-in attendee of an ended event. */
export async function issueEventCertificates(context: EventsContext, event: EventRow) {
  if (!hasEnded(event)) throw badRequest(EVENT_MESSAGES.certificatesBeforeEnd);
  return inScope(context.database.db, 'all', async (tx) => {
    // Locked: two clicks at once issue (and notify) each certificate once.
    await tx.execute(sql`select 1 from events where event_id = ${event.event_id} for update`);
    const issued = await issueAttendance(tx, context.origin, event);
    const [counted] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from certificates where kind = ${EVENT_CERTIFICATE_KIND} and program_id = ${event.event_id}`,
    );
    return { issued, holders: counted?.n ?? 0, message: EVENT_MESSAGES.certificatesIssued(issued) };
  });
}

/** The caller's attendance certificate of the event, as its verification path (null: none). */
export async function attendanceCertificatePath(
  tx: Tx,
  eventId: number,
  userId: number,
): Promise<string | null> {
  const [held] = await rows<{ public_key: string }>(
    tx,
    sql`select public_key from certificates where kind = ${EVENT_CERTIFICATE_KIND} and program_id = ${eventId} and user_id = ${userId}`,
  );
  const key = held?.public_key;
  return key ? `/certification/${userId}/${encodeURIComponent(key)}` : null;
}
