import {
  EVENT_MESSAGES,
  type EventItem,
  type EventRegistrationStatus,
  type eventCreate,
  type eventUpdate,
} from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import { type Database, queryRows, type Tx } from '../../db/client';
import { eventsTable, files } from '../../db/schema';
import { inScope } from '../../db/scope';
import { badRequest, forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { assertModeratesCommunity } from '../community';
import { memberTenants, organiserTenant, organises, visibleSql } from './policy';
import { isRrule, isTimeZone, lastEnd, sessionsOf } from './time';

type CreateInput = z.infer<typeof eventCreate>;
type UpdateInput = z.infer<typeof eventUpdate>;

/** The rich text of the editor keeps formatting and links, never scripts, handlers or styles. */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['https', 'http', 'mailto'],
};
export const cleanHtml = (html: string) => sanitizeHtml(html, RICH_TEXT).trim();

const invalid = (path: string, message: string) => badRequest(message, [{ in: 'body', path, message }]);
const iso = (value: unknown): string =>
  (value instanceof Date ? value : new Date(String(value))).toISOString();
const isoOrNull = (value: unknown) => (value === null || value === undefined ? null : iso(value));

/** An event row as the database holds it (timestamps as Dates). */
export interface EventRow {
  event_id: number;
  tenant_id: number | null;
  title: string;
  summary: string;
  description: string;
  mode: 'online' | 'in_person';
  online_url: string | null;
  venue: string | null;
  starts_at: Date;
  ends_at: Date;
  last_ends_at: Date;
  time_zone: string;
  rrule: string | null;
  cover_file_id: string | null;
  visibility: 'public' | 'platform' | 'tenant';
  status: 'draft' | 'published';
  capacity: number | null;
  requires_approval: boolean;
  questions: EventItem['questions'];
  offer_hours: number;
  seats_taken: number;
  community_id: number | null;
  created_by: number | null;
  created_at: Date;
  modified_at: Date;
  is_deleted: boolean;
}

export const COLUMNS =
  sql.raw(`e.event_id, e.tenant_id, e.title, e.summary, e.description, e.mode, e.online_url,
  e.venue, e.starts_at, e.ends_at, e.last_ends_at, e.time_zone, e.rrule, e.cover_file_id, e.visibility,
  e.status, e.capacity, e.requires_approval, e.questions, e.offer_hours, e.seats_taken, e.community_id, e.created_by,
  e.created_at, e.modified_at, e.is_deleted`);

export const dated = (row: Record<string, unknown>): EventRow =>
  ({
    ...row,
    starts_at: new Date(iso(row.starts_at)),
    ends_at: new Date(iso(row.ends_at)),
    last_ends_at: new Date(iso(row.last_ends_at)),
    created_at: new Date(iso(row.created_at)),
    modified_at: new Date(iso(row.modified_at)),
  }) as EventRow;

/** The API's view of an event for `actor`: the online link only to organisers and confirmed people. */
export function toItem(
  row: EventRow,
  actor: Actor | null,
  myStatus: EventRegistrationStatus | null,
  withSessions = false,
): EventItem {
  const canManage = organises(actor, row.tenant_id);
  return {
    event_id: row.event_id,
    tenant_id: row.tenant_id,
    title: row.title,
    summary: row.summary,
    description: row.description,
    mode: row.mode,
    online_url: canManage || myStatus === 'confirmed' ? row.online_url : null,
    venue: row.venue,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    time_zone: row.time_zone,
    rrule: row.rrule,
    cover_file_id: row.cover_file_id,
    visibility: row.visibility,
    status: row.status,
    capacity: row.capacity,
    requires_approval: row.requires_approval,
    questions: row.questions,
    offer_hours: row.offer_hours,
    seats_taken: row.seats_taken,
    community_id: row.community_id ?? null,
    seats_left: row.capacity === null ? null : Math.max(row.capacity - row.seats_taken, 0),
    my_status: actor ? myStatus : null,
    can_manage: canManage,
    ...(withSessions
      ? {
          sessions: sessionsOf(row, { from: new Date(), max: 20 }).map((s) => ({
            starts_at: s.start.toISOString(),
            ends_at: s.end.toISOString(),
          })),
        }
      : {}),
    created_by: row.created_by,
    created_at: iso(row.created_at),
    modified_at: iso(row.modified_at),
  };
}

export const myStatusSql = (actor: Actor | null) =>
  actor
    ? sql`(select r.status from event_registrations r where r.event_id = e.event_id and r.user_id = ${actor.userId} order by r.registration_id desc limit 1)`
    : sql`null::text`;

/** One event row, whatever its state, read across tenants (callers check what the actor may see). */
export async function loadEvent(tx: Tx, id: number, lock = false): Promise<EventRow | null> {
  const result = (await tx.execute(
    sql`select ${COLUMNS} from events e where e.event_id = ${id} and e.is_deleted = false${lock ? sql` for update` : sql``}`,
  )) as unknown as { rows: Record<string, unknown>[] };
  const [row] = result.rows;
  return row ? dated(row) : null;
}

/** Whom an attendee's mail goes to: the address, and the name (the username when none is given). */
export async function personOf(tx: Tx, userId: number) {
  const [person] = await queryRows<{ email: string; name: string }>(
    tx,
    sql`select email, coalesce(nullif(trim(concat_ws(' ', first_name, last_name)), ''), username) as name
      from users where user_id = ${userId}`,
  );
  return person;
}

/** The event if the actor may see it (published and visible, or organised by it); else 404. */
export async function readableEvent(database: Database, actor: Actor | null, id: number) {
  const rows = await database.read<Record<string, unknown>>(
    sql`select ${COLUMNS}, ${myStatusSql(actor)} as my_status from events e
      where e.event_id = ${id} and e.is_deleted = false and ${visibleSql(actor)}`,
    false,
    'all',
  );
  const [row] = rows;
  if (!row) throw notFound(EVENT_MESSAGES.notFound);
  return { row: dated(row), myStatus: (row.my_status as EventRegistrationStatus | null) ?? null };
}

export async function getEvent(database: Database, actor: Actor | null, id: number): Promise<EventItem> {
  const { row, myStatus } = await readableEvent(database, actor, id);
  return toItem(row, actor, myStatus, true);
}

interface Shape {
  mode: 'online' | 'in_person';
  online_url: string | null;
  venue: string | null;
  starts_at: Date;
  ends_at: Date;
  time_zone: string;
  rrule: string | null;
}

function checkShape(next: Shape) {
  if (next.ends_at.getTime() <= next.starts_at.getTime())
    throw invalid('ends_at', EVENT_MESSAGES.endBeforeStart);
  if (!isTimeZone(next.time_zone)) throw invalid('time_zone', EVENT_MESSAGES.badTimeZone);
  if (next.rrule && !isRrule(next.rrule)) throw invalid('rrule', EVENT_MESSAGES.badRrule);
  if (next.mode === 'online' && !next.online_url) throw invalid('online_url', EVENT_MESSAGES.onlineUrlNeeded);
  if (next.mode === 'in_person' && !next.venue) throw invalid('venue', EVENT_MESSAGES.venueNeeded);
}

function checkQuestions(questions: EventItem['questions'] | undefined) {
  if (!questions) return;
  const ids = new Set<string>();
  questions.forEach((question, index) => {
    if (ids.has(question.question_id))
      throw invalid(`questions.${index}.question_id`, 'Each question needs its own id.');
    ids.add(question.question_id);
  });
}

/** A cover is an image the caller uploaded (files module, purpose media). */
async function checkCover(tx: Tx, actor: Actor, fileId: string | null | undefined) {
  if (!fileId) return;
  const result = (await tx.execute(
    sql`select 1 from ${files} where ${files.file_id} = ${fileId} and ${files.owner_id} = ${actor.userId}
      and ${files.content_type} like 'image/%'`,
  )) as unknown as { rows: unknown[] };
  if (result.rows.length === 0) throw invalid('cover_file_id', EVENT_MESSAGES.coverNotFound);
}

/** Creates an event in the caller's context (or the tenant it names and organises). */
export async function createEvent(database: Database, actor: Actor, input: CreateInput) {
  const tenantId = organiserTenant(actor, input.tenant_id);
  const shape: Shape = {
    mode: input.mode,
    online_url: input.online_url ?? null,
    venue: input.venue ?? null,
    starts_at: new Date(input.starts_at),
    ends_at: new Date(input.ends_at),
    time_zone: input.time_zone,
    rrule: input.rrule || null,
  };
  checkShape(shape);
  checkQuestions(input.questions);
  return inScope(database.db, 'all', async (tx) => {
    await checkCover(tx, actor, input.cover_file_id);
    if (input.community_id) await assertModeratesCommunity(tx, actor, input.community_id);
    const [row] = await tx
      .insert(eventsTable)
      .values({
        tenant_id: tenantId,
        title: input.title,
        summary: input.summary ?? '',
        description: cleanHtml(input.description ?? ''),
        ...shape,
        last_ends_at: lastEnd(shape),
        cover_file_id: input.cover_file_id ?? null,
        visibility: input.visibility ?? 'public',
        status: input.status ?? 'draft',
        capacity: input.capacity ?? null,
        requires_approval: input.requires_approval ?? false,
        questions: input.questions ?? [],
        offer_hours: input.offer_hours ?? 24,
        community_id: input.community_id ?? null,
        created_by: actor.userId,
        modified_by: actor.userId,
      })
      .returning({ id: eventsTable.event_id });
    const created = await loadEvent(tx, row!.id);
    return toItem(created!, actor, null, true);
  });
}

/** The JavaScript twin of visibleSql for one published event. */
function seesEvent(actor: Actor, row: EventRow): boolean {
  if (row.status !== 'published') return false;
  if (row.visibility !== 'tenant' || row.tenant_id === null) return true;
  return memberTenants(actor).includes(row.tenant_id);
}

/** The event if the actor organises it; else 404 (not visible) or 403 (visible, not its organiser). */
export async function organisedEvent(tx: Tx, actor: Actor, id: number, lock = false): Promise<EventRow> {
  const row = await loadEvent(tx, id, lock);
  if (!row) throw notFound(EVENT_MESSAGES.notFound);
  if (!organises(actor, row.tenant_id)) {
    // A caller who may see the event hears it is not theirs to manage; anyone else, that it is not there.
    if (seesEvent(actor, row)) throw forbidden(EVENT_MESSAGES.notOrganiser);
    throw notFound(EVENT_MESSAGES.notFound);
  }
  return row;
}

export { checkCover, checkQuestions, checkShape, invalid, iso, isoOrNull, type Shape, type UpdateInput };
