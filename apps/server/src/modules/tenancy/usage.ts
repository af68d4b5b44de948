import {
  SUBSCRIPTION_MESSAGES,
  USAGE_METRICS,
  USAGE_WARNING_PERCENT,
  type UsageWarning,
} from '@nexus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { tenantSubscriptions } from '../../db/schema';
import { inScope } from '../../db/scope';
import { AppError, codeForStatus } from '../../http/app-error';

const BYTES_PER_GB = 1024 ** 3;

export interface Usage {
  users: number;
  storage_gb: number;
  api_calls: number;
}

const conflict = (message: string) => new AppError(codeForStatus(409), 409, message);

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
