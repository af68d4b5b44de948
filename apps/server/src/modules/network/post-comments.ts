import { type CommentItem, NETWORK_MESSAGES } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { postComments } from '../../db/schema';
import { inScope } from '../../db/scope';
import { forbidden, notFound } from '../../http/app-error';
import { recordEvent } from '../../kernel/events';
import { blockedSql, PERSON_SQL, type PersonRow, toPerson } from './people';
import { openPublished, readable } from './post-readers';

/* Comments on posts: on a published post the caller may read; its author or the post's may delete one. */

interface CommentRow extends PersonRow {
  comment_id: number;
  post_id: number;
  author_id: number;
  post_author_id: number;
  body: string;
  created_at: string;
}

const COMMENT_SQL = sql`select c.comment_id, c.post_id, c.author_id, p.author_id as post_author_id, c.body,
    to_json(c.created_at) #>> '{}' as created_at, ${PERSON_SQL}
  from post_comments c join posts p on p.post_id = c.post_id join users u on u.user_id = c.author_id`;

const toComment = (me: number, row: CommentRow): CommentItem => ({
  comment_id: row.comment_id,
  post_id: row.post_id,
  author: toPerson(row),
  body: row.body,
  created_at: row.created_at,
  deletable: row.author_id === me || row.post_author_id === me,
});

/** The comments of a post the caller may read, oldest first (keyset on the comment id). */
export async function listComments(
  db: Db,
  me: number,
  query: { post_id: number; cursor?: string; limit: number },
) {
  const [post] = await queryRows<{ post_id: number }>(
    db,
    sql`select p.post_id from posts p where p.post_id = ${query.post_id} and ${readable(me)}`,
  );
  if (!post) throw notFound(NETWORK_MESSAGES.postNotFound);
  const after = query.cursor && /^[1-9][0-9]{0,9}$/.test(query.cursor) ? Number(query.cursor) : 0;
  const rows = await queryRows<CommentRow>(
    db,
    sql`${COMMENT_SQL} where c.post_id = ${query.post_id} and c.is_deleted = false and c.comment_id > ${after}
        and not ${blockedSql(sql`c.author_id`, me)}
        order by c.comment_id limit ${query.limit + 1}`,
  );
  const more = rows.length > query.limit;
  const data = rows.slice(0, query.limit).map((row) => toComment(me, row));
  return { data, meta: { limit: query.limit, next_cursor: more ? String(data.at(-1)?.comment_id) : null } };
}

export async function createComment(
  db: Db,
  me: number,
  input: { post_id: number; body: string },
): Promise<{ item: CommentItem; authorId: number }> {
  const post = await openPublished(db, me, input.post_id);
  const id = await inScope(db, 'main', async (tx) => {
    const [row] = await tx
      .insert(postComments)
      .values({ post_id: input.post_id, author_id: me, body: input.body, created_by: me, modified_by: me })
      .returning({ id: postComments.comment_id });
    await tx.execute(
      sql`update posts set comment_count = comment_count + 1 where post_id = ${input.post_id}`,
    );
    if (post.author_id !== me)
      await recordEvent(tx, 'post.commented', {
        post_id: input.post_id,
        comment_id: row!.id,
        author_id: post.author_id,
        commenter_id: me,
        tenant_id: null,
      });
    return row!.id;
  });
  const [row] = await queryRows<CommentRow>(db, sql`${COMMENT_SQL} where c.comment_id = ${id}`);
  return { item: toComment(me, row!), authorId: post.author_id };
}

/** Deletes a comment: its author's, or any on the caller's post. */
export async function deleteComment(db: Db, me: number, commentId: number): Promise<number> {
  const [row] = await queryRows<CommentRow>(
    db,
    sql`${COMMENT_SQL} where c.comment_id = ${commentId} and c.is_deleted = false and ${readable(me)}`,
  );
  if (!row) throw notFound(NETWORK_MESSAGES.commentNotFound);
  if (row.author_id !== me && row.post_author_id !== me) throw forbidden(NETWORK_MESSAGES.notYourComment);
  await inScope(db, 'main', async (tx) => {
    await tx
      .update(postComments)
      .set({ is_deleted: true, deleted_at: new Date(), deleted_by: me })
      .where(sql`${postComments.comment_id} = ${commentId}`);
    await tx.execute(sql`update posts set comment_count = comment_count - 1 where post_id = ${row.post_id}`);
  });
  return row.post_id;
}
