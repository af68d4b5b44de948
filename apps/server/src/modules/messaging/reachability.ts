import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userBlocks, userRoles, users } from '../../db/schema';

/**
 * Says which of `candidateIds` the user `fromId` may reach. Areas add rules (the community area:
 * "shared community", "connected people") through `addReachability` in this area's index.ts, so
 * messaging never imports them; a person is reachable when any rule says so.
 */
export type ReachabilityRule = (db: DbOrTx, fromId: number, candidateIds: number[]) => Promise<number[]>;

const rules = new Map<string, ReachabilityRule>();

/** Registers (or replaces) a named rule; registering again under the same name is harmless. */
export function addReachability(name: string, rule: ReachabilityRule): void {
  rules.set(name, rule);
}

/** Members of a shared tenant reach each other (any live role in the same tenant). */
const sharedTenant: ReachabilityRule = async (db, fromId, candidateIds) => {
  const mine = db
    .select({ tenant_id: userRoles.tenant_id })
    .from(userRoles)
    .where(
      and(eq(userRoles.user_id, fromId), eq(userRoles.is_deleted, false), isNotNull(userRoles.tenant_id)),
    );
  const rows = await db
    .selectDistinct({ user_id: userRoles.user_id })
    .from(userRoles)
    .where(
      and(
        inArray(userRoles.user_id, candidateIds),
        eq(userRoles.is_deleted, false),
        inArray(userRoles.tenant_id, mine),
      ),
    );
  return rows.map((row) => row.user_id);
};

addReachability('shared-tenant', sharedTenant);

async function isPlatformAdmin(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ admin: users.is_platform_admin })
    .from(users)
    .where(eq(users.user_id, userId));
  return row?.admin === true;
}

/** The enabled users among `candidateIds` that `fromId` may reach (a platform admin reaches anyone). */
export async function reachableOf(db: DbOrTx, fromId: number, candidateIds: number[]): Promise<Set<number>> {
  if (candidateIds.length === 0) return new Set();
  const existing = await db
    .select({ user_id: users.user_id })
    .from(users)
    .where(and(inArray(users.user_id, candidateIds), eq(users.enabled, true), eq(users.is_deleted, false)));
  const live = existing.map((row) => row.user_id);
  if (live.length === 0) return new Set();
  if (await isPlatformAdmin(db, fromId)) return new Set(live);
  const reached = new Set<number>();
  for (const rule of rules.values()) {
    const pending = live.filter((userId) => !reached.has(userId));
    if (pending.length === 0) break;
    for (const userId of await rule(db, fromId, pending)) reached.add(userId);
  }
  return reached;
}

/** Either of two people may reach the other: a conversation an admin opened can be answered. */
export async function eitherReaches(db: DbOrTx, a: number, b: number): Promise<boolean> {
  return (await reachableOf(db, a, [b])).has(b) || (await reachableOf(db, b, [a])).has(a);
}

/** True when one of the two has blocked the other. */
export async function blockedBetween(db: DbOrTx, a: number, b: number): Promise<boolean> {
  const rows = await db
    .select({ blocker_id: userBlocks.blocker_id })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blocker_id, a), eq(userBlocks.blocked_id, b)),
        and(eq(userBlocks.blocker_id, b), eq(userBlocks.blocked_id, a)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
