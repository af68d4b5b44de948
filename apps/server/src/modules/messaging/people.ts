import { MESSAGING_MESSAGES, type MessagingPerson } from '@nexus/contracts';
import { and, asc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userBlocks, users } from '../../db/schema';
import { badRequest, notFound } from '../../http/app-error';
import { reachableOf } from './reachability';
import { PERSON_COLUMNS, toPerson } from './views';

/** How many candidates one search looks at before keeping those the caller may reach. */
const CANDIDATES = 500;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** People the caller may start a conversation with, matching `search` on name or username. */
export async function searchPeople(db: Db, userId: number, query: { search: string; limit: number }) {
  const pattern = `%${escapeLike(query.search)}%`;
  const candidates = await db
    .select(PERSON_COLUMNS)
    .from(users)
    .where(
      and(
        ne(users.user_id, userId),
        eq(users.enabled, true),
        eq(users.is_deleted, false),
        query.search
          ? or(
              ilike(users.username, pattern),
              ilike(users.first_name, pattern),
              ilike(users.last_name, pattern),
              ilike(
                sql`coalesce(${users.first_name}, '') || ' ' || coalesce(${users.last_name}, '')`,
                pattern,
              ),
            )
          : undefined,
      ),
    )
    .orderBy(asc(users.first_name), asc(users.last_name), asc(users.user_id))
    .limit(CANDIDATES);
  const reachable = await reachableOf(
    db,
    userId,
    candidates.map((row) => row.user_id),
  );
  return {
    data: candidates
      .filter((row) => reachable.has(row.user_id))
      .slice(0, query.limit)
      .map(toPerson),
  };
}

export async function listBlocked(db: Db, userId: number): Promise<{ data: MessagingPerson[] }> {
  const rows = await db
    .select(PERSON_COLUMNS)
    .from(userBlocks)
    .innerJoin(users, eq(users.user_id, userBlocks.blocked_id))
    .where(eq(userBlocks.blocker_id, userId))
    .orderBy(asc(userBlocks.created_at));
  return { data: rows.map(toPerson) };
}

export async function blockPerson(db: Db, userId: number, blockedId: number): Promise<void> {
  if (blockedId === userId) {
    throw badRequest(MESSAGING_MESSAGES.blockSelf, [
      { path: ['user_id'], message: MESSAGING_MESSAGES.blockSelf },
    ]);
  }
  const [exists] = await db.select({ id: users.user_id }).from(users).where(eq(users.user_id, blockedId));
  if (!exists) throw notFound(MESSAGING_MESSAGES.userNotFound);
  await db.insert(userBlocks).values({ blocker_id: userId, blocked_id: blockedId }).onConflictDoNothing();
}

export async function unblockPerson(db: Db, userId: number, blockedId: number): Promise<void> {
  const gone = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blocker_id, userId), eq(userBlocks.blocked_id, blockedId)))
    .returning();
  if (gone.length === 0) throw notFound(MESSAGING_MESSAGES.userNotFound);
}
