import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { communityMembers } from '../../db/schema';

/** Messaging's "shared community" rule: active members of one community reach each other. */
export async function sharedCommunity(db: DbOrTx, fromId: number, candidateIds: number[]): Promise<number[]> {
  const mine = db
    .select({ id: communityMembers.community_id })
    .from(communityMembers)
    .where(and(eq(communityMembers.user_id, fromId), eq(communityMembers.status, 'active')));
  const rows = await db
    .selectDistinct({ user_id: communityMembers.user_id })
    .from(communityMembers)
    .where(
      and(
        inArray(communityMembers.user_id, candidateIds),
        eq(communityMembers.status, 'active'),
        inArray(communityMembers.community_id, mine),
      ),
    );
  return rows.map((row) => row.user_id);
}
