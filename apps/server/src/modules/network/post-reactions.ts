import type { PostItem, PostReaction } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { postReactions } from '../../db/schema';
import { inScope } from '../../db/scope';
import { recordEvent } from '../../kernel/events';
import { openPublished } from './post-readers';
import { getPost } from './posts';

/** Sets (or with null clears) the caller's reaction; a first reaction by someone else notifies the author. */
export async function reactToPost(
  db: Db,
  me: number,
  postId: number,
  reaction: PostReaction | null,
): Promise<{ item: PostItem; authorId: number }> {
  const post = await openPublished(db, me, postId);
  await inScope(db, 'main', async (tx) => {
    const [before] = await tx
      .select({ reaction: postReactions.reaction })
      .from(postReactions)
      .where(sql`${postReactions.post_id} = ${postId} and ${postReactions.user_id} = ${me}`)
      .for('update');
    if (reaction === null) {
      if (!before) return;
      await tx
        .delete(postReactions)
        .where(sql`${postReactions.post_id} = ${postId} and ${postReactions.user_id} = ${me}`);
      await tx.execute(sql`update posts set reaction_count = reaction_count - 1 where post_id = ${postId}`);
      return;
    }
    if (before) {
      await tx
        .update(postReactions)
        .set({ reaction })
        .where(sql`${postReactions.post_id} = ${postId} and ${postReactions.user_id} = ${me}`);
      return;
    }
    const inserted = await tx
      .insert(postReactions)
      .values({ post_id: postId, user_id: me, reaction })
      .onConflictDoNothing()
      .returning({ id: postReactions.post_id });
    if (inserted.length === 0) return;
    await tx.execute(sql`update posts set reaction_count = reaction_count + 1 where post_id = ${postId}`);
    if (post.author_id !== me)
      await recordEvent(tx, 'post.reacted', {
        post_id: postId,
        author_id: post.author_id,
        reactor_id: me,
        reaction,
        tenant_id: null,
      });
  });
  return { item: await getPost(db, me, postId), authorId: post.author_id };
}
