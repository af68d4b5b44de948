import {
  COMMUNITY_MESSAGES,
  type ForumPostItem,
  type ReplyListMeta,
  type replyListQuery,
} from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { KeptPages } from '../../db/kept-counts';
import { badRequest } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { mayModerate } from './access';
import { type PostRow, postItem, postSql } from './post-items';
import { listedTopic } from './topic-access';

const badCursor = () =>
  badRequest(COMMUNITY_MESSAGES.badCursor, [
    { in: 'query', path: 'cursor', message: COMMUNITY_MESSAGES.badCursor },
  ]);

/** `<page>.<post_id>` (the contract checked its form): the page it opens, and the last post before it. */
function parseCursor(cursor: string): { page: number; postId: number } {
  const [page, postId] = cursor.split('.').map(Number);
  if (postId! > 2_147_483_647) throw badCursor();
  return { page: page!, postId: postId! };
}

/**
 * Pages of replies as the caller sees them, kept while no post, reaction, report or name changed and
 * for a few seconds at most: a topic read by many is then one statement per request, the access
 * check that reads the version too.
 */
const keptPages = new KeptPages<{ shown: ForumPostItem[]; more: boolean }>({
  tables: ['forum_posts', 'forum_reactions', 'forum_reports', 'users'],
  maxAgeMs: 5_000,
});

/**
 * The posts of a topic in order (post_id: the opening post first, replies as they came), a page at a
 * time. With `cursor` the page starts after the post it names, by the (topic_id, post_id) index, so
 * page 150 costs what page 1 does and replies arriving meanwhile neither repeat nor skip a post; `page`
 * (the generic list verb's offset) still works. The total is the topic's kept reply count.
 */
export async function listReplies(
  database: Database,
  actor: Actor,
  query: z.infer<typeof replyListQuery>,
): Promise<{ data: ForumPostItem[]; meta: ReplyListMeta }> {
  const { topic, seen, version } = await listedTopic(database, actor, query.topic_id, keptPages.version);
  const moderator = mayModerate(actor, seen);
  const after = query.cursor ? parseCursor(query.cursor) : null;
  const page = after?.page ?? query.page ?? 1;
  const limit = query.limit;
  // What a reader's page shows differs by person (their reactions) and role (reports, hidden text).
  const pageKey = JSON.stringify([
    topic.topic_id,
    after?.postId ?? null,
    page,
    limit,
    actor.userId,
    moderator,
  ]);
  const { shown, more } = await keptPages.readUnder(database, pageKey, version, async () => {
    // One more than a page says whether another follows. A cursor naming a post of another topic
    // finds nothing here (the exists is planned once, not per row), and is told apart from the end.
    const where = after
      ? sql`p.topic_id = ${topic.topic_id} and p.post_id > ${after.postId}
          and exists (select 1 from forum_posts c where c.post_id = ${after.postId} and c.topic_id = ${topic.topic_id})`
      : sql`p.topic_id = ${topic.topic_id}`;
    const tail = after
      ? sql`order by p.post_id limit ${limit + 1}`
      : sql`order by p.post_id limit ${limit + 1} offset ${(page - 1) * limit}`;
    const rows = await database.read<PostRow>(postSql(actor, moderator, where, tail), true);
    if (after && rows.length === 0) {
      const [own] = await database.read<{ ok: boolean }>(
        sql`select true as ok from forum_posts where post_id = ${after.postId} and topic_id = ${topic.topic_id}`,
        true,
      );
      if (!own) throw badCursor();
    }
    return {
      shown: rows.slice(0, limit).map((row) => postItem(actor, row, moderator)),
      more: rows.length > limit,
    };
  });
  const last = shown.at(-1);
  const total = topic.reply_count + 1;
  return {
    data: shown,
    meta: {
      page,
      limit,
      total,
      totalPages: Math.ceil(total / limit),
      totalExact: true,
      next_cursor: more && last ? `${page + 1}.${last.post_id}` : null,
    },
  };
}
