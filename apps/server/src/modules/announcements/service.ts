import {
  ANNOUNCEMENT_MESSAGES,
  type AnnouncementStatus,
  type announcementCreate,
  type announcementListQuery,
  type announcementUpdate,
  ERROR_CODES,
  LIST_ALL_CEILING,
} from '@nexus/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { announcementReads, announcements, roles, tenants } from '../../db/schema';
import { inScope, type TenantScope } from '../../db/scope';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { ColumnCatalog } from '../../http/query-columns';
import { recordEvent } from '../../kernel/events';
import type { Jobs } from '../../kernel/jobs';
import { editableBy, visibleTo } from './audience';
import { audienceTenant, managesAnnouncements } from './policy';
import { ANNOUNCEMENT_COLUMNS } from './resource';

type Row = Record<string, unknown>;
type CreateInput = z.infer<typeof announcementCreate>;
type UpdateInput = z.infer<typeof announcementUpdate>;
type ListInput = z.infer<typeof announcementListQuery>;

const a = announcements;
const catalog = new ColumnCatalog(ANNOUNCEMENT_COLUMNS, ['title', 'body']);

/** The rich text of a Tiptap editor keeps formatting and links, never scripts, handlers or styles. */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['https', 'http', 'mailto'],
};

export function cleanBody(html: string): string {
  return sanitizeHtml(html, RICH_TEXT).trim();
}

const scopeOfTenant = (tenantId: number | null): TenantScope => tenantId ?? 'main';
const invalid = (path: string, message: string) => badRequest(message, [{ in: 'body', path, message }]);
const unread = (actor: Actor) =>
  sql`not exists (select 1 from ${announcementReads} r where r.announcement_id = ${a.announcement_id} and r.user_id = ${actor.userId})`;

/** What a published announcement's readers and lists need to hear: the id, and the tag to refetch. */
export interface Published {
  announcement_id: number;
  tenant_id: number | null;
}

/**
 * Publishes one announcement inside `tx` and records `announcement.published` in the same
 * transaction, only when this call is the one that publishes it (the row is locked and rechecked), so
 * publishing twice, by a request and the job or by two requests, records one event.
 */
export async function publishIn(
  tx: Tx,
  id: number,
  publishedBy: number | null,
  onlyDue = false,
): Promise<Published | null> {
  const due = onlyDue
    ? sql` and ${a.status} = 'scheduled' and ${a.publish_at} <= now() + interval '5 seconds'`
    : sql``;
  const result = (await tx.execute(sql`update ${a}
    set status = 'published', published_at = now(), publish_at = coalesce(${a.publish_at}, now()),
        published_by = coalesce(${publishedBy}::int, ${a.modified_by}), modified_at = now()
    where ${a.announcement_id} = ${id} and ${a.is_deleted} = false and ${a.status} <> 'published'${due}
    returning announcement_id, tenant_id, role_id, published_by, title`)) as unknown as {
    rows: {
      announcement_id: number;
      tenant_id: number | null;
      role_id: number | null;
      published_by: number;
      title: string;
    }[];
  };
  const [row] = result.rows;
  if (!row) return null;
  await recordEvent(tx, 'announcement.published', {
    announcement_id: row.announcement_id,
    tenant_id: row.tenant_id,
    role_id: row.role_id,
    published_by: row.published_by,
    title: row.title,
  });
  return { announcement_id: row.announcement_id, tenant_id: row.tenant_id };
}

async function assertRole(tx: Tx, roleId: number | null | undefined, tenantId: number | null) {
  if (roleId === null || roleId === undefined) return;
  // A role of the audience: a system role, or a custom role of the audience's own tenant.
  const found = await tx
    .select({ id: roles.role_id })
    .from(roles)
    .where(
      and(
        eq(roles.role_id, roleId),
        eq(roles.is_deleted, false),
        tenantId === null
          ? sql`${roles.tenant_id} is null`
          : sql`(${roles.tenant_id} is null or ${roles.tenant_id} = ${tenantId})`,
      ),
    );
  if (found.length === 0) throw invalid('role_id', ANNOUNCEMENT_MESSAGES.unknownRole);
}

async function assertTenant(tx: Tx, tenantId: number | null) {
  if (tenantId === null) return;
  const found = await tx
    .select({ id: tenants.tenant_id })
    .from(tenants)
    .where(eq(tenants.tenant_id, tenantId));
  if (found.length === 0) throw invalid('tenant_id', ANNOUNCEMENT_MESSAGES.unknownTenant);
}

interface Timing {
  status: AnnouncementStatus;
  publish_at: Date | null;
  expires_at: Date | null;
}

/** A scheduled one needs a future publish time; an expiry lies ahead of now and of the publish time. */
function checkTiming(next: Timing, changed: { publish_at: boolean; expires_at: boolean; status: boolean }) {
  const now = Date.now();
  if (next.status === 'scheduled') {
    if (!next.publish_at) throw invalid('publish_at', ANNOUNCEMENT_MESSAGES.publishAtNeeded);
    if ((changed.publish_at || changed.status) && next.publish_at.getTime() <= now)
      throw invalid('publish_at', ANNOUNCEMENT_MESSAGES.publishAtPast);
  }
  if (next.expires_at && changed.expires_at) {
    if (next.expires_at.getTime() <= now) throw invalid('expires_at', ANNOUNCEMENT_MESSAGES.expiresPast);
    if (next.status === 'scheduled' && next.publish_at && next.expires_at <= next.publish_at)
      throw invalid('expires_at', ANNOUNCEMENT_MESSAGES.expiresBeforePublish);
  }
}

const toDate = (value: string | null | undefined) => (value ? new Date(value) : null);

function returning() {
  return Object.fromEntries(
    Object.entries(ANNOUNCEMENT_COLUMNS).map(([name, column]) => [
      name,
      column.columnType === 'PgTimestamp' ? sql<string>`to_json(${column}) #>> '{}'` : column,
    ]),
  );
}

export interface WriteResult {
  row: Row;
  published: Published | null;
}

/** Creates an announcement for the caller's audience; publishing now records the event with it. */
export async function createAnnouncement(
  database: Database,
  jobs: Jobs,
  actor: Actor,
  input: CreateInput,
): Promise<WriteResult> {
  const tenantId = audienceTenant(actor, input.tenant_id);
  const status = input.status ?? 'draft';
  // Published now means now: a publish_at sent along is not kept as if it had been scheduled.
  const publishAt = status === 'published' ? null : toDate(input.publish_at);
  const timing = { status, publish_at: publishAt, expires_at: toDate(input.expires_at) };
  checkTiming(timing, { publish_at: true, expires_at: true, status: true });
  const body = cleanBody(input.body);
  if (body === '') throw invalid('body', ANNOUNCEMENT_MESSAGES.bodyEmpty);
  return inScope(database.db, scopeOfTenant(tenantId), async (tx) => {
    await assertTenant(tx, tenantId);
    await assertRole(tx, input.role_id, tenantId);
    const [row] = await tx
      .insert(a)
      .values({
        tenant_id: tenantId,
        role_id: input.role_id ?? null,
        title: input.title,
        body,
        status: status === 'published' ? 'draft' : status,
        publish_at: timing.publish_at,
        pinned: input.pinned ?? false,
        expires_at: timing.expires_at,
        created_by: actor.userId,
        modified_by: actor.userId,
      })
      .returning({ id: a.announcement_id });
    const id = row!.id;
    let published: Published | null = null;
    if (status === 'published') published = await publishIn(tx, id, actor.userId);
    if (status === 'scheduled')
      await jobs.enqueue(
        tx,
        'announcements.publish',
        { announcement_id: id },
        { startAfter: timing.publish_at! },
      );
    return { row: await readRow(tx, id), published };
  });
}

async function readRow(tx: Tx, id: number): Promise<Row> {
  const [row] = (await tx
    .select(returning() as never)
    .from(a)
    .where(eq(a.announcement_id, id))) as Row[];
  return row as Row;
}

/** Changes an announcement of the caller's context; a draft or scheduled one may be published now. */
export async function updateAnnouncement(
  database: Database,
  jobs: Jobs,
  actor: Actor,
  id: number,
  input: UpdateInput,
): Promise<WriteResult> {
  return inScope(database.db, scopeOfTenant(actor.tenantId), async (tx) => {
    const [current] = await tx
      .select()
      .from(a)
      .where(and(eq(a.announcement_id, id), editableBy(actor)))
      .for('update');
    if (!current) throw notFound(ANNOUNCEMENT_MESSAGES.notFound);
    if (input.tenant_id !== undefined && input.tenant_id !== current.tenant_id)
      throw forbidden(ANNOUNCEMENT_MESSAGES.otherTenant);
    const status = input.status ?? current.status;
    if (current.status === 'published' && status !== 'published')
      throw new AppError(ERROR_CODES.conflict, 409, ANNOUNCEMENT_MESSAGES.alreadyPublished);
    const timing = {
      status,
      publish_at: input.publish_at === undefined ? current.publish_at : toDate(input.publish_at),
      expires_at: input.expires_at === undefined ? current.expires_at : toDate(input.expires_at),
    };
    checkTiming(timing, {
      publish_at: input.publish_at !== undefined,
      expires_at: input.expires_at !== undefined,
      status: input.status !== undefined && input.status !== current.status,
    });
    if (input.role_id !== undefined) await assertRole(tx, input.role_id, current.tenant_id);
    const changes: Row = { modified_by: actor.userId, modified_at: new Date() };
    if (input.title !== undefined) changes.title = input.title;
    if (input.body !== undefined) {
      const body = cleanBody(input.body);
      if (body === '') throw invalid('body', ANNOUNCEMENT_MESSAGES.bodyEmpty);
      changes.body = body;
    }
    if (input.role_id !== undefined && current.status !== 'published') changes.role_id = input.role_id;
    if (input.pinned !== undefined) changes.pinned = input.pinned;
    if (input.publish_at !== undefined && current.status !== 'published')
      changes.publish_at = timing.publish_at;
    if (input.expires_at !== undefined) changes.expires_at = timing.expires_at;
    if (status !== 'published') changes.status = status;
    await tx
      .update(a)
      .set(changes as never)
      .where(eq(a.announcement_id, id));
    let published: Published | null = null;
    if (status === 'published') published = await publishIn(tx, id, actor.userId);
    const rescheduled =
      status === 'scheduled' && (current.status !== 'scheduled' || input.publish_at !== undefined);
    if (rescheduled)
      await jobs.enqueue(
        tx,
        'announcements.publish',
        { announcement_id: id },
        { startAfter: timing.publish_at! },
      );
    return { row: await readRow(tx, id), published };
  });
}

/** The `announcements.publish` job: publishes a scheduled announcement that is due, at most once. */
export async function publishDue(database: Database, id: number): Promise<Published | null> {
  return inScope(database.db, 'all', (tx) => publishIn(tx, id, null, true));
}

function listParts(actor: Actor, query: ListInput) {
  if (query.view === 'manage' && !managesAnnouncements(actor))
    throw forbidden(ANNOUNCEMENT_MESSAGES.notAllowed);
  const where = and(
    query.view === 'manage' ? editableBy(actor) : visibleTo(actor),
    catalog.filter(query.filterFields),
    catalog.search(query.search, query.searchFields),
  ) as SQL;
  const dir = sql.raw(query.sortOrder === 'asc' ? 'asc' : 'desc');
  const order = query.sortField
    ? sql`${catalog.get('sortField', query.sortField).column} ${dir}, ${a.announcement_id} ${dir}`
    : sql`${a.pinned} desc, coalesce(${a.published_at}, ${a.publish_at}, ${a.created_at}) desc, ${a.announcement_id} desc`;
  return { where, order };
}

/**
 * The caller's list: `feed` the published, unexpired announcements addressed to it, pinned first then
 * newest, each with its own unread flag; `manage` what it may edit, drafts and scheduled included.
 */
export async function listAnnouncements(database: Database, actor: Actor, query: ListInput) {
  const { where, order } = listParts(actor, query);
  const all = query.limit === -1;
  const limit = all ? LIST_ALL_CEILING + 1 : query.limit;
  const offset = all ? 0 : (query.page - 1) * query.limit;
  const [counted] = await database.read<{ total: number }>(
    sql`select count(*)::int as total from ${a} where ${where}`,
    false,
    'all',
  );
  const total = counted?.total ?? 0;
  if (all && total > LIST_ALL_CEILING) {
    throw badRequest(
      `limit=-1 matches more than ${LIST_ALL_CEILING} rows; ask for pages or narrow the filter`,
      [{ in: 'querystring', path: 'limit', message: `more than ${LIST_ALL_CEILING} rows match` }],
    );
  }
  const meta = {
    page: all ? 1 : query.page,
    limit: query.limit,
    total,
    totalPages: all ? (total === 0 ? 0 : 1) : Math.ceil(total / query.limit),
    totalExact: true,
  };
  if (query.metadataOnly) return { meta };
  const projection = catalog.projectionOf(query.fields);
  const [page] = await database.read<{ rows: string }>(
    sql`select coalesce(json_agg(p), '[]'::json)::text as rows from (
      select ${projection}, ${unread(actor)} as unread from ${a} where ${where}
      order by ${order} limit ${sql.raw(String(limit))} offset ${offset}) p`,
    false,
    'all',
  );
  return { data: JSON.parse(page?.rows ?? '[]') as Row[], meta };
}

/** One announcement the caller may read (or edit), with its unread flag; else 404. */
export async function getAnnouncement(database: Database, actor: Actor, id: number, fields?: string[]) {
  const readable = managesAnnouncements(actor)
    ? sql`(${visibleTo(actor)} or ${editableBy(actor)})`
    : visibleTo(actor);
  const [row] = await database.read<{ row: string }>(
    sql`select row_to_json(p)::text as row from (
      select ${catalog.projectionOf(fields)}, ${unread(actor)} as unread from ${a}
      where ${a.announcement_id} = ${id} and ${readable}) p`,
    false,
    'all',
  );
  if (!row) throw notFound(ANNOUNCEMENT_MESSAGES.notFound);
  return JSON.parse(row.row) as Row;
}

/** Marks one announcement the caller can see as read by it; reading again keeps the first time. */
export async function markRead(database: Database, actor: Actor, id: number) {
  return inScope(database.db, 'all', async (tx) => {
    const [seen] = await tx
      .select({ id: a.announcement_id })
      .from(a)
      .where(and(eq(a.announcement_id, id), visibleTo(actor)));
    if (!seen) throw notFound(ANNOUNCEMENT_MESSAGES.notFound);
    await tx
      .insert(announcementReads)
      .values({ announcement_id: id, user_id: actor.userId })
      .onConflictDoNothing();
    const [read] = await tx
      .select({
        announcement_id: announcementReads.announcement_id,
        read_at: sql<string>`to_json(${announcementReads.read_at}) #>> '{}'`,
      })
      .from(announcementReads)
      .where(and(eq(announcementReads.announcement_id, id), eq(announcementReads.user_id, actor.userId)));
    return read!;
  });
}
