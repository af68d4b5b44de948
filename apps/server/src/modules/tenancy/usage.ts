import {
  SUBSCRIPTION_MESSAGES,
  USAGE_METRICS,
  USAGE_WARNING_PERCENT,
  type UsageWarning,
} from '@nexus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { tenantSubscriptions, userRoles } from '../../db/schema';
import { inScope } from '../../db/scope';
import { AppError, codeForStatus, forbidden } from '../../http/app-error';

const BYTES_PER_GB = 1024 ** 3;

export interface Usage {
  users: number;
  storage_gb: number;
  api_calls: number;
}

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
  const limit = Number((subscription.limits as Partial<Usage>).users ?? Number.POSITIVE_INFINITY);
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

/**
 * Adds (or, negative, frees) stored bytes to `current_usage.storage_gb`. Growing past
 * `limits.storage_gb` is refused with 409 and changes nothing (the files module's uploads and deletes).
 */
export function addStorageBytes(db: DbOrTx, tenantId: number, bytes: number): Promise<void> {
  return inScope(db, tenantId, (tx) => addStorage(tx, tenantId, bytes));
}

async function addStorage(tx: Tx, tenantId: number, bytes: number): Promise<void> {
  const [subscription] = await tx
    .select({ limits: tenantSubscriptions.limits, usage: tenantSubscriptions.current_usage })
    .from(tenantSubscriptions)
    .where(and(eq(tenantSubscriptions.tenant_id, tenantId), eq(tenantSubscriptions.is_deleted, false)))
    .for('update');
  if (!subscription) return;
  const limit = Number((subscription.limits as Partial<Usage>).storage_gb ?? Number.POSITIVE_INFINITY);
  const used = Number((subscription.usage as Partial<Usage>).storage_gb ?? 0);
  const next = Math.max(0, used + bytes / BYTES_PER_GB);
  if (bytes > 0 && next > limit) throw conflict(SUBSCRIPTION_MESSAGES.storageFull(limit));
  await tx
    .update(tenantSubscriptions)
    .set({
      current_usage: sql`jsonb_set(${tenantSubscriptions.current_usage}, '{storage_gb}', to_jsonb(${next}::float8))`,
    })
    .where(and(eq(tenantSubscriptions.tenant_id, tenantId), eq(tenantSubscriptions.is_deleted, false)));
}

/**
 * Bytes the tenant may still store under its live subscription (Infinity without a limit) and the
 * limit in GB, for refusing an upload before its bytes are read; addStorageBytes stays the check
 * that counts.
 */
export async function storageHeadroom(
  db: DbOrTx,
  tenantId: number,
): Promise<{ bytes: number; limitGb: number }> {
  const [subscription] = await inScope(db, tenantId, (tx) =>
    tx
      .select({ limits: tenantSubscriptions.limits, usage: tenantSubscriptions.current_usage })
      .from(tenantSubscriptions)
      .where(and(eq(tenantSubscriptions.tenant_id, tenantId), eq(tenantSubscriptions.is_deleted, false))),
  );
  const limitGb = Number((subscription?.limits as Partial<Usage> | undefined)?.storage_gb ?? Number.NaN);
  if (!Number.isFinite(limitGb)) return { bytes: Number.POSITIVE_INFINITY, limitGb };
  const used = Number((subscription?.usage as Partial<Usage> | undefined)?.storage_gb ?? 0);
  return { bytes: (limitGb - used) * BYTES_PER_GB, limitGb };
}

/** Metrics at or above 80 % of their limit. */
export function usageWarnings(limits: Partial<Usage>, usage: Partial<Usage>): UsageWarning[] {
  const warnings: UsageWarning[] = [];
  for (const metric of USAGE_METRICS) {
    const limit = Number(limits[metric]);
    const used = Number(usage[metric] ?? 0);
    if (!Number.isFinite(limit) || limit <= 0) continue;
    const percent = Math.round((used / limit) * 1000) / 10;
    if (percent >= USAGE_WARNING_PERCENT) warnings.push({ metric, used, limit, percent });
  }
  return warnings;
}
