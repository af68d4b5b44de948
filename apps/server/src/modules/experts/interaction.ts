import { type CalendarItem, EXPERT_MESSAGES, type InteractionAnswer } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import ical from 'ical-generator';
import type { Database, Tx } from '../../db/client';
import { queryRows } from '../../db/client';
import { inScope } from '../../db/scope';
import { badRequest } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { recordEvent } from '../../kernel/events';
import type { CalendarRange } from '../calendar';
import { type ExpertsContext, personOf, sessionOfActor, sessionsWhere } from './booking';
import { iso, nameSql } from './common';
import { engagementOfActor, engagementsIn, loadProgram } from './programs';

/** Where a session opens: its program's room, or the list of one's programs for a single session. */
export const sessionPage = (session: { expert_program_id: number | null; engagement_id: number | null }) =>
  session.expert_program_id
    ? `/expert-program-interaction/${session.expert_program_id}?engagement=${session.engagement_id}`
    : '/my-expert-programs';

/**
 * /expert-program-interaction/{programId}: the program, the engagements the caller may open in it,
 * and the chosen one's sessions, shared notes and files (the mentee's own; the expert picks one).
 */
export async function getInteraction(
  database: Database,
  actor: Actor,
  programId: number,
  engagementId: number | undefined,
): Promise<InteractionAnswer> {
  return inScope(database.db, 'all', async (tx) => {
    const program = await loadProgram(tx, actor, programId);
    const engagements = await engagementsIn(tx, actor, programId);
    const engagement =
      engagementId === undefined
        ? (engagements[0] ?? null)
        : (engagements.find((row) => row.engagement_id === engagementId) ?? null);
    if (engagementId !== undefined && !engagement) {
      await engagementOfActor(tx, actor, engagementId); // the 404 of an engagement not the caller's
    }
    if (!engagement) return { program, engagements, engagement: null, sessions: [], notes: [], files: [] };
    const id = engagement.engagement_id;
    const sessions = await sessionsWhere(tx, actor.userId, sql`s.engagement_id = ${id}`);
    const notes = await queryRows<Record<string, unknown>>(
      tx,
      sql`select n.note_id, n.author_id, ${nameSql('u')} as author_name, n.body, n.created_at
        from expert_notes n join users u on u.user_id = n.author_id where n.engagement_id = ${id}
        order by n.created_at, n.note_id limit 500`,
    );
    const files = await queryRows<Record<string, unknown>>(
      tx,
      sql`select f.file_id, fi.name, f.added_by, ${nameSql('u')} as added_by_name, f.created_at
        from expert_files f join files fi on fi.file_id = f.file_id join users u on u.user_id = f.added_by
        where f.engagement_id = ${id} order by f.created_at, f.file_id`,
    );
    return {
      program,
      engagements,
      engagement,
      sessions,
      notes: notes.map((row) => ({
        note_id: Number(row.note_id),
        author_id: Number(row.author_id),
        author_name: String(row.author_name),
        body: String(row.body),
        created_at: iso(row.created_at),
      })),
      files: files.map((row) => ({
        file_id: String(row.file_id),
        name: String(row.name),
        added_by: Number(row.added_by),
        added_by_name: String(row.added_by_name),
        created_at: iso(row.created_at),
      })),
    };
  });
}

export async function addNote(database: Database, actor: Actor, engagementId: number, body: string) {
  return inScope(database.db, 'all', async (tx) => {
    await engagementOfActor(tx, actor, engagementId);
    const [row] = await queryRows<{ note_id: number }>(
      tx,
      sql`insert into expert_notes (engagement_id, author_id, body) values (${engagementId}, ${actor.userId}, ${body})
        returning note_id`,
    );
    return { note_id: Number(row!.note_id) };
  });
}

/** Shares one of the caller's own uploads with the other side of the engagement. */
export async function addFile(database: Database, actor: Actor, engagementId: number, fileId: string) {
  return inScope(database.db, 'all', async (tx) => {
    await engagementOfActor(tx, actor, engagementId);
    const [file] = await queryRows(
      tx,
      sql`select 1 from files where file_id = ${fileId}::uuid and owner_id = ${actor.userId} and deleted_at is null`,
    );
    if (!file) throw badRequest(EXPERT_MESSAGES.fileNotYours);
    await tx.execute(sql`insert into expert_files (engagement_id, file_id, added_by) values (${engagementId}, ${fileId}::uuid, ${actor.userId})
      on conflict do nothing`);
    return { file_id: fileId };
  });
}

/** A file shared in an engagement is readable by both of its sides. */
export async function fileVisibleTo(db: Tx, userId: number, fileId: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from expert_files f join expert_engagements e on e.engagement_id = f.engagement_id
      join expert_programs x on x.expert_program_id = e.expert_program_id
      where f.file_id = ${fileId}::uuid and (e.mentee_id = ${userId} or x.expert_id = ${userId}) limit 1`,
  );
  return rows.length > 0;
}

const titleFor = (
  session: { expert_name: string; mentee_name: string; program_title: string | null },
  userId: number,
  expertId: number,
) =>
  userId === expertId
    ? `Session with ${session.mentee_name}`
    : `Session with ${session.expert_name}${session.program_title ? ` (${session.program_title})` : ''}`;

/** The calendar source: each booked session, in the expert's and the mentee's calendars. */
export async function sessionItems(
  database: Database,
  userId: number,
  range: CalendarRange,
): Promise<CalendarItem[]> {
  return inScope(database.db, 'all', async (tx) => {
    const sessions = await sessionsWhere(
      tx,
      userId,
      sql`(s.expert_id = ${userId} or s.mentee_id = ${userId}) and s.status = 'booked'
        and s.starts_at < ${range.end.toISOString()}::timestamptz and s.ends_at > ${range.start.toISOString()}::timestamptz`,
    );
    return sessions.map((session) => ({
      uid: `expert-session-${session.session_id}`,
      title: titleFor(session, userId, session.expert_id),
      start: session.starts_at,
      end: session.ends_at,
      all_day: false,
      url: sessionPage(session),
      kind: 'expert_session' as const,
      location: null,
      description: session.topic || null,
    }));
  });
}

/** One session as an RFC 5545 invite (ical-generator), for the mail and the download. */
export function sessionIcs(
  session: {
    session_id: number;
    starts_at: string;
    ends_at: string;
    topic: string;
    expert_name: string;
    mentee_name: string;
    program_title: string | null;
    expert_program_id: number | null;
    engagement_id: number | null;
    expert_id: number;
  },
  viewerId: number,
  origin: string,
): string {
  const calendar = ical({ prodId: { company: 'Nexus', product: 'Experts', language: 'EN' } });
  calendar.createEvent({
    id: `expert-session-${session.session_id}`,
    summary: titleFor(session, viewerId, session.expert_id),
    start: new Date(session.starts_at),
    end: new Date(session.ends_at),
    description: session.topic || null,
    url: new URL(sessionPage(session), origin).toString(),
  });
  return calendar.toString();
}

export async function downloadSession(context: ExpertsContext, actor: Actor, sessionId: number) {
  return inScope(context.database.db, 'all', async (tx) => {
    const session = await sessionOfActor(tx, actor, sessionId);
    return sessionIcs(session, actor.userId, context.origin);
  });
}

const when = (instant: string) =>
  new Date(instant).toLocaleString('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' });

/**
 * The reminder job: both sides get a mail (with the invite) and an in-app notice, only while the
 * session is still booked at the time the job was set for.
 */
export async function sendReminder(
  context: ExpertsContext,
  job: { session_id: number; kind: 'day' | 'hour'; starts_at: string },
): Promise<boolean> {
  return inScope(context.database.db, 'all', async (tx) => {
    const [session] = await sessionsWhere(
      tx,
      0,
      sql`s.session_id = ${job.session_id} and s.status = 'booked'`,
    );
    if (!session || session.starts_at !== job.starts_at) return false;
    for (const userId of [session.expert_id, session.mentee_id]) {
      const person = await personOf(tx, userId);
      if (!person) continue;
      const title = titleFor(session, userId, session.expert_id);
      await context.jobs.enqueue(tx, 'mail.send', {
        to: person.email,
        subject: `Reminder: ${title} ${job.kind === 'day' ? 'tomorrow' : 'within the hour'}`,
        text: `${title} starts ${when(session.starts_at)} (UTC).\n\nOpen it: ${new URL(sessionPage(session), context.origin)}`,
        ics: sessionIcs(session, userId, context.origin),
        meta: { kind: `expert.reminder.${job.kind}`, session_id: session.session_id },
      });
    }
    await recordEvent(tx, 'expert.session.reminder', {
      session_id: session.session_id,
      expert_id: session.expert_id,
      mentee_id: session.mentee_id,
      kind: job.kind,
      tenant_id: null,
    });
    return true;
  });
}
