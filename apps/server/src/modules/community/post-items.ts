import type { ForumPostItem, ForumPostStatus } from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/client';
import { users } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { displayName, iso } from './listing';

/** A post as postSql reads it: its author's names, its reactions and (moderators) its open reports. */
export interface PostRow {
  post_id: number;
  topic_id: number;
  author_id: number;
  parent_post_id: number | null;
  quote_post_id: number | null;
  body: string;
  status: ForumPostStatus;
  created_at: Date | string;
  edited_at: Date | string | null;
  username: string;
  display_name: string;
  reactions: ForumPostItem['reactions'];
  report_count?: number;
}

/**
 * The select of posts (`p`) as they are shown, in one statement: each post's reactions are counted
 * beside it (forum_reactions' key starts with post_id) rather than in a second round trip, and open
 * reports only for moderators. `where` and `tail` (order, limit) are the caller's.
 */
export function postSql(actor: Actor, moderator: boolean, where: SQL, tail: SQL = sql``): SQL {
  return sql`select p.post_id, p.topic_id, p.author_id, p.parent_post_id, p.quote_post_id, p.body, p.status,
      p.created_at, p.edited_at, ${users.username} as username, ${displayName} as display_name,
      coalesce((select json_agg(json_build_object('emoji', r.emoji, 'count', r.n, 'mine', r.mine) order by r.emoji)
        from (select emoji, count(*)::int as n, bool_or(user_id = ${actor.userId}) as mine
          from forum_reactions where post_id = p.post_id group by emoji) r), '[]'::json) as reactions
      ${
        moderator
          ? sql`, (select count(*)::int from forum_reports o where o.post_id = p.post_id and o.status = 'open') as report_count`
          : sql``
      }
    from forum_posts p join ${users} on ${users.user_id} = p.author_id
    where ${where} ${tail}`;
}

/** What the caller sees of a post: a hidden or removed one's text is for moderators and its author. */
export function postItem(actor: Actor, row: PostRow, moderator: boolean): ForumPostItem {
  return {
    post_id: row.post_id,
    topic_id: row.topic_id,
    author: { user_id: row.author_id, username: row.username, display_name: row.display_name },
    parent_post_id: row.parent_post_id,
    quote_post_id: row.quote_post_id,
    body: row.status === 'visible' || moderator || row.author_id === actor.userId ? row.body : '',
    status: row.status,
    created_at: iso(row.created_at)!,
    edited_at: iso(row.edited_at),
    reactions: row.reactions.map((r) => ({ emoji: r.emoji, count: r.count, mine: Boolean(r.mine) })),
    ...(moderator ? { report_count: row.report_count ?? 0 } : {}),
  };
}

/** One post as shown, read back after a write in the writing transaction. */
export async function readPost(
  db: DbOrTx,
  actor: Actor,
  postId: number,
  moderator: boolean,
): Promise<ForumPostItem> {
  const [row] = await queryRows<PostRow>(db, postSql(actor, moderator, sql`p.post_id = ${postId}`));
  return postItem(actor, row!, moderator);
}
