import { and, eq, inArray, or, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { Tx } from '../../db/client';
import { communityMembers, userBlocks, users } from '../../db/schema';
import type { Actor } from '../../http/policy';
import type { Seen } from './access';

/*
 * Mentions (docs/community.md, rules): who a topic or reply names with `@username`, and which of them
 * it may notify.
 */

/** The @usernames a text names, once each (at most 50). */
export function mentionsOf(html: string): string[] {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  const names = new Set<string>();
  for (const match of text.matchAll(
    /(^|[^\w@.])@([A-Za-z0-9][A-Za-z0-9_.-]{0,48}[A-Za-z0-9_]|[A-Za-z0-9])/g,
  )) {
    names.add(match[2]!.toLowerCase());
    if (names.size >= 50) break;
  }
  return [...names];
}

/** People the post names who may read it and have no block with its author. */
export async function mentionedIds(tx: Tx, actor: Actor, seen: Seen, html: string): Promise<number[]> {
  const names = mentionsOf(html);
  if (names.length === 0) return [];
  const found = await tx
    .select({ id: users.user_id })
    .from(users)
    .where(
      and(
        inArray(sql`lower(${users.username})`, names),
        eq(users.enabled, true),
        eq(users.is_deleted, false),
      ),
    );
  const ids = found.map((row) => row.id).filter((id) => id !== actor.userId);
  if (ids.length === 0) return [];
  const blocked = await tx
    .select({ a: userBlocks.blocker_id, b: userBlocks.blocked_id })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blocker_id, actor.userId), inArray(userBlocks.blocked_id, ids)),
        and(eq(userBlocks.blocked_id, actor.userId), inArray(userBlocks.blocker_id, ids)),
      ),
    );
  const cut = new Set(blocked.map((row) => (row.a === actor.userId ? row.b : row.a)));
  let readers = ids.filter((id) => !cut.has(id));
  if (seen.community.visibility === 'private' && readers.length > 0) {
    const members = await tx
      .select({ id: communityMembers.user_id })
      .from(communityMembers)
      .where(
        and(
          eq(communityMembers.community_id, seen.community.community_id),
          eq(communityMembers.status, 'active'),
          inArray(communityMembers.user_id, readers),
        ),
      );
    const allowed = new Set(members.map((row) => row.id));
    readers = readers.filter((id) => allowed.has(id));
  }
  return readers;
}
