import { SUBSCRIPTION_MESSAGES } from '@nexus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { tenantSubscriptions, userRoles } from '../../db/schema';
import { inScope } from '../../db/scope';
import { AppError, codeForStatus, forbidden } from '../../http/app-error';

/*
 * The seat ledger: a tenant's plan counts the distinct users holding a live role there. It lives with
 * the roles (access) rather than with subscriptions (tenancy) because every road that grants a role
 * must check and recount seats in its own transaction, and tenancy itself grants roles: keeping it
 * here lets tenancy depend on access and never the other way round (docs/events.md, boundaries).
 */

const conflict = (message: string) => new AppError(codeForStatus(409), 409, message);

/** Distinct users holding a live role in the tenant: the `users` counter. */
function liveMembers(tenantId: number) {
  return sql<number>`(select count(distinct ${userRoles.user_id})::int from ${userRoles}
    where ${userRoles.tenant_id} = ${tenantId} and ${userRoles.is_deleted} = false)`;
}

/**
 * Call inside the transaction that is about to give a user a role in the tenant, before writing it.
 * Locks the tenant's subscription row (so concurrent additions queue up), and refuses with 409 when
 * the user would take a seat past `limits.users`, and with 403 while the subscription is not active. A user who already holds a live role there takes
 * no new seat. A tenant without a live subscription has no seat limit.
 */
export function assertSeatAvailable(db: DbOrTx, tenantId: number, userId?: number): Promise<void> {
  return inScope(db, tenantId, (tx) => seatCheck(tx, tenantId, userId));
}

async function seatCheck(tx: Tx, tenantId: number, userId?: number): Promise<void> {
  const [subscription] = await tx
    .select({
      limits: tenantSubscriptions.limits,
      status: tenantSubscriptions.status,
      members: liveMembers(tenantId),
    })
    .from(tenantSubscriptions)
    .where(and(eq(tenantSubscriptions.tenant_id, tenantId), eq(tenantSubscriptions.is_deleted, false)))
    .for('update');
  if (!subscription) return;
  if (subscription.status !== 'active') throw forbidden(SUBSCRIPTION_MESSAGES.paused(subscription.status));
  const limit = Number((subscription.limits as { users?: number }).users ?? Number.POSITIVE_INFINITY);
  if (userId !== undefined) {
    const [held] = await tx
      .select({ id: userRoles.user_role_id })
      .from(userRoles)
      .where(
        and(
          eq(userRoles.tenant_id, tenantId),
          eq(userRoles.user_id, userId),
          eq(userRoles.is_deleted, false),
        ),
      )
      .limit(1);
    if (held) return;
  }
  if (subscription.members >= limit) throw conflict(SUBSCRIPTION_MESSAGES.seatsFull(limit));
}

/** Recomputes `current_usage.users` from the live roles; call after every membership change. */
export async function refreshUserUsage(db: DbOrTx, tenantId: number): Promise<void> {
  await inScope(db, tenantId, (tx) =>
    tx
      .update(tenantSubscriptions)
      .set({
        current_usage: sql`jsonb_set(${tenantSubscriptions.current_usage}, '{users}', to_jsonb(${liveMembers(tenantId)}))`,
      })
      .where(and(eq(tenantSubscriptions.tenant_id, tenantId), eq(tenantSubscriptions.is_deleted, false))),
  );
}
