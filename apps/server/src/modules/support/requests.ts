import {
  ERROR_CODES,
  LIST_ALL_CEILING,
  SUPPORT_MESSAGES,
  type SupportListQuery,
  type SupportReply,
  type SupportReplyCreate,
  type SupportRequest,
  type SupportRequestCreate,
  type SupportStatus,
} from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows, type Tx } from '../../db/client';
import { supportReplies, supportRequests } from '../../db/schema';
import { inScope, scopeOf } from '../../db/scope';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { recordEvent } from '../../kernel/events';
import { answersSupport } from './policy';

const conflict = (message: string) => new AppError(ERROR_CODES.conflict, 409, message);

type ParsedList = SupportListQuery & { page: number; limit: number; view: 'mine' | 'manage' };

const NAME = (alias: string) =>
  sql.raw(
    `coalesce(nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), ''), ${alias}.username)`,
  );

const REQUEST_SQL = sql`r.request_id, r.tenant_id, r.requester_id, ${NAME('u')} as requester_name, r.subject, r.body,
  r.category, r.status, to_json(r.last_activity_at) #>> '{}' as last_activity_at,
  to_json(r.created_at) #>> '{}' as created_at,
  (select count(*)::int from support_replies sr where sr.request_id = r.request_id and sr.is_deleted = false) as reply_count`;

/** The current context's requests only: a request of another tenant is never named, even to its asker. */
function context(actor: Actor): SQL {
  return actor.tenantId === null ? sql`r.tenant_id is null` : sql`r.tenant_id = ${actor.tenantId}`;
}

/** What the actor may open: its own request, or any of the context it answers for. */
function visible(actor: Actor): SQL {
  const own = sql`r.requester_id = ${actor.userId}`;
  return sql`${context(actor)} and r.is_deleted = false and ${answersSupport(actor) ? sql`true` : own}`;
}

/** getRequests: mine (default) or, for administrators, the context's; newest activity first. */
export async function listRequests(database: Database, actor: Actor, query: ParsedList) {
  if (query.view === 'manage' && !answersSupport(actor)) throw forbidden(SUPPORT_MESSAGES.manageOnly);
  const limit = query.limit === -1 ? LIST_ALL_CEILING : query.limit;
  const conditions = [sql`${context(actor)} and r.is_deleted = false`];
  if (query.view === 'mine') conditions.push(sql`r.requester_id = ${actor.userId}`);
  if (query.status) conditions.push(sql`r.status = ${query.status}`);
  const where = sql.join(conditions, sql` and `);
  return inScope(database.db, scopeOf(actor), async (tx) => {
    const [count] = await queryRows<{ total: number }>(
      tx,
      sql`select count(*)::int as total from support_requests r where ${where}`,
    );
    const total = Number(count?.total ?? 0);
    const rows = await queryRows<SupportRequest>(
      tx,
      sql`select ${REQUEST_SQL} from support_requests r join users u on u.user_id = r.requester_id where ${where}
          order by r.last_activity_at desc, r.request_id desc limit ${limit} offset ${(query.page - 1) * limit}`,
    );
    return {
      data: rows,
      meta: {
        page: query.page,
        limit: query.limit,
        total,
        totalPages: Math.ceil(total / limit),
        totalExact: true,
      },
    };
  });
}

async function oneRequest(tx: Tx, actor: Actor, requestId: number): Promise<SupportRequest> {
  const [row] = await queryRows<SupportRequest>(
    tx,
    sql`select ${REQUEST_SQL} from support_requests r join users u on u.user_id = r.requester_id
        where r.request_id = ${requestId} and ${visible(actor)}`,
  );
  if (!row) throw notFound(SUPPORT_MESSAGES.requestNotFound);
  const replies = await queryRows<SupportReply>(
    tx,
    sql`select sr.reply_id, sr.author_id, ${NAME('u')} as author_name, sr.body, sr.from_staff,
          to_json(sr.created_at) #>> '{}' as created_at
        from support_replies sr join users u on u.user_id = sr.author_id
        where sr.request_id = ${requestId} and sr.is_deleted = false order by sr.created_at, sr.reply_id`,
  );
  return { ...row, replies };
}

/** getRequest/{id}: one request with its thread, for its asker or the context's administrators. */
export function getRequest(database: Database, actor: Actor, requestId: number): Promise<SupportRequest> {
  return inScope(database.db, scopeOf(actor), (tx) => oneRequest(tx, actor, requestId));
}

/** createRequest: asked of the administrators of the caller's current context. */
export async function createRequest(database: Database, actor: Actor, body: SupportRequestCreate) {
  return inScope(database.db, scopeOf(actor), async (tx) => {
    const [row] = await tx
      .insert(supportRequests)
      .values({
        tenant_id: actor.tenantId,
        requester_id: actor.userId,
        subject: body.subject,
        body: body.body,
        category: body.category,
        created_by: actor.userId,
        modified_by: actor.userId,
      })
      .returning({ id: supportRequests.request_id });
    return oneRequest(tx, actor, row!.id);
  });
}

/**
 * replyRequest/{id}: the asker or an administrator adds to the thread. An administrator's reply marks
 * the request answered; the asker's reopens it. Records `support.request.replied` in the same
 * transaction, so the other side is notified exactly when the reply exists.
 */
export async function replyToRequest(
  database: Database,
  actor: Actor,
  requestId: number,
  body: SupportReplyCreate,
) {
  return inScope(database.db, scopeOf(actor), async (tx) => {
    const current = await oneRequest(tx, actor, requestId);
    if (current.status === 'closed') throw conflict(SUPPORT_MESSAGES.closed);
    const fromStaff = current.requester_id !== actor.userId && answersSupport(actor);
    const [reply] = await tx
      .insert(supportReplies)
      .values({
        request_id: requestId,
        tenant_id: current.tenant_id,
        author_id: actor.userId,
        body: body.body,
        from_staff: fromStaff,
        created_by: actor.userId,
        modified_by: actor.userId,
      })
      .returning({ id: supportReplies.reply_id });
    await tx.execute(
      sql`update support_requests set status = ${fromStaff ? 'answered' : 'open'}, last_activity_at = now(),
          modified_at = now(), modified_by = ${actor.userId} where request_id = ${requestId}`,
    );
    await recordEvent(tx, 'support.request.replied', {
      request_id: requestId,
      reply_id: reply!.id,
      requester_id: current.requester_id,
      author_id: actor.userId,
      from_staff: fromStaff,
      tenant_id: current.tenant_id,
    });
    return oneRequest(tx, actor, requestId);
  });
}

/** updateRequestStatus/{id}: administrators set any status; the asker may only close or reopen. */
export async function changeStatus(
  database: Database,
  actor: Actor,
  requestId: number,
  status: SupportStatus,
) {
  return inScope(database.db, scopeOf(actor), async (tx) => {
    const current = await oneRequest(tx, actor, requestId);
    if (!answersSupport(actor) && status === 'answered') {
      throw badRequest(SUPPORT_MESSAGES.requesterStatus, [
        { in: 'body', path: 'status', message: SUPPORT_MESSAGES.requesterStatus },
      ]);
    }
    await tx.execute(
      sql`update support_requests set status = ${status}, modified_at = now(), modified_by = ${actor.userId}
          where request_id = ${current.request_id}`,
    );
    return oneRequest(tx, actor, requestId);
  });
}
