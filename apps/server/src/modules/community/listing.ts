import type { ListMeta } from '@nexus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { communityMembers, users } from '../../db/schema';
import type { Actor } from '../../http/policy';

/**
 * What the area's lists share (communities, members, topics, groups, the audit log, moderation
 * queues): dates as ISO text, a person's shown name, the page meta, and which community a list
 * without community_id shows. Apart from communities.ts so that those lists need not import the
 * community resource to page.
 */

export const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const displayName = sql<string>`coalesce(nullif(trim(coalesce(${users.first_name}, '') || ' ' || coalesce(${users.last_name}, '')), ''), ${users.username})`;

export const meta = (page: number, limit: number, total: number): ListMeta => ({
  page,
  limit,
  total,
  totalPages: Math.ceil(total / limit),
  totalExact: true,
});

/** The community a list without community_id shows: the caller's first (oldest) active membership. */
async function defaultCommunity(db: DbOrTx, actor: Actor): Promise<number | null> {
  const [row] = await db
    .select({ id: communityMembers.community_id })
    .from(communityMembers)
    .where(and(eq(communityMembers.user_id, actor.userId), eq(communityMembers.status, 'active')))
    .orderBy(communityMembers.requested_at)
    .limit(1);
  return row?.id ?? null;
}

export async function communityOrDefault(
  db: DbOrTx,
  actor: Actor,
  requested?: number,
): Promise<number | null> {
  return requested ?? (await defaultCommunity(db, actor));
}
