import {
  COMMUNITY_LIMITS,
  COMMUNITY_MESSAGES,
  type ListMeta,
  type ModerationAction,
  type PostEdit,
  type ReportCreate,
  type ReportItem,
  type reportListQuery,
} from '@nexus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, DbOrTx } from '../../db/client';
import { queryRows } from '../../db/client';
import { forumPostEdits, forumPosts, forumReports, forumTopics, users } from '../../db/schema';
import { badRequest, forbidden } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { mayModerate, moderated } from './access';
import { audit } from './audit-log';
import { communityOrDefault, displayName, iso, meta } from './listing';
import { postWithTopic } from './topic-access';

/*
 * Moderating forum posts (docs/community.md, rules): members report, three reports hide a post, the
 * community's moderators work the queue, remove or restore, and read a post's edit history.
 */

/** A post's earlier texts, for the community's moderators (403 for anyone else who may read it). */
export async function listEdits(db: DbOrTx, actor: Actor, postId: number): Promise<PostEdit[]> {
  const { seen } = await postWithTopic(db, actor, postId);
  if (!mayModerate(actor, seen)) throw forbidden(COMMUNITY_MESSAGES.moderatorsOnly);
  const rows = await db
    .select()
    .from(forumPostEdits)
    .where(eq(forumPostEdits.post_id, postId))
    .orderBy(forumPostEdits.edit_id);
  return rows.map((row) => ({ ...row, edited_at: row.edited_at.toISOString() }));
}

/** Reports a post; the third report from a third person hides it until a moderator decides. */
export async function report(database: Database, actor: Actor, input: ReportCreate) {
  return database.db.transaction(async (tx) => {
    const { post, seen } = await postWithTopic(tx, actor, input.post_id);
    if (seen.membership?.status === 'banned') throw forbidden(COMMUNITY_MESSAGES.banned);
    if (post.author_id === actor.userId) throw badRequest(COMMUNITY_MESSAGES.ownReport);
    const inserted = await tx
      .insert(forumReports)
      .values({
        post_id: post.post_id,
        community_id: post.community_id,
        reporter_id: actor.userId,
        reason: input.reason,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) throw badRequest(COMMUNITY_MESSAGES.alreadyReported);
    const [count] = await tx
      .select({ n: sql<number>`count(distinct ${forumReports.reporter_id})::int` })
      .from(forumReports)
      .where(and(eq(forumReports.post_id, post.post_id), eq(forumReports.status, 'open')));
    let status = post.status;
    if (post.status === 'visible' && (count?.n ?? 0) >= COMMUNITY_LIMITS.reportsToHide) {
      await tx.update(forumPosts).set({ status: 'hidden' }).where(eq(forumPosts.post_id, post.post_id));
      status = 'hidden';
    }
    return { post_id: post.post_id, status };
  });
}

/** A moderator removes or restores a post; its open reports are resolved and the action is audited. */
export async function moderatePost(
  database: Database,
  actor: Actor,
  postId: number,
  action: ModerationAction,
) {
  return database.db.transaction(async (tx) => {
    const { post } = await postWithTopic(tx, actor, postId);
    await moderated(tx, actor, post.community_id);
    const status = action === 'remove' ? ('removed' as const) : ('visible' as const);
    await tx.update(forumPosts).set({ status }).where(eq(forumPosts.post_id, postId));
    await tx
      .update(forumReports)
      .set({ status: 'resolved' })
      .where(and(eq(forumReports.post_id, postId), eq(forumReports.status, 'open')));
    await audit(tx, actor, post.community_id, `post.${action}`, { kind: 'post', id: postId });
    return { post_id: postId, status };
  });
}

/** The moderation queue of one community (the caller's first by default): reported or hidden posts. */
export async function listReports(
  db: DbOrTx,
  actor: Actor,
  query: z.infer<typeof reportListQuery>,
): Promise<{ data: ReportItem[]; meta: ListMeta }> {
  const communityId = await communityOrDefault(db, actor, query.community_id);
  if (communityId === null) return { data: [], meta: meta(query.page, query.limit, 0) };
  await moderated(db, actor, communityId);
  const rows = await queryRows<
    typeof forumPosts.$inferSelect & {
      username: string;
      display_name: string;
      topic_title: string;
      report_count: number;
      reasons: string[];
      last_reported_at: string;
      total: number;
    }
  >(
    db,
    sql`select p.*, ${users.username} as username, ${displayName} as display_name, t.title as topic_title,
        count(r.report_id) filter (where r.status = 'open')::int as report_count,
        coalesce(array_agg(r.reason order by r.report_id) filter (where r.status = 'open'), '{}') as reasons,
        max(r.created_at) as last_reported_at, count(*) over ()::int as total
      from ${forumPosts} p join ${users} on ${users.user_id} = p.author_id
      join ${forumTopics} t on t.topic_id = p.topic_id
      left join ${forumReports} r on r.post_id = p.post_id
      where p.community_id = ${communityId}
        and (p.status = 'hidden' or exists (select 1 from ${forumReports} o where o.post_id = p.post_id and o.status = 'open'))
      group by p.post_id, ${users.user_id}, t.title
      order by (p.status = 'hidden') desc, max(r.created_at) desc nulls last
      limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  return {
    data: rows.map((row) => ({
      post_id: row.post_id,
      topic_id: row.topic_id,
      topic_title: row.topic_title,
      community_id: row.community_id,
      author: { user_id: row.author_id, username: row.username, display_name: row.display_name },
      body: row.body,
      status: row.status,
      report_count: row.report_count,
      reasons: row.reasons,
      last_reported_at: iso(row.last_reported_at) ?? iso(row.created_at)!,
    })),
    meta: meta(query.page, query.limit, rows[0]?.total ?? 0),
  };
}
