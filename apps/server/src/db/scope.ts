import { sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from './client';

/**
 * Which rows row-level security lets a statement see (migration 0006): one tenant's, the main
 * platform's (`'main'`: tenant_id null), or every tenant's (`'all'`, for the few system paths that
 * work across tenants: seeding, metering, a platform admin's list of clients).
 */
export type TenantScope = number | 'main' | 'all';

/** The value of `app.tenant_id` the policies read. */
export function scopeSetting(scope: TenantScope): string {
  if (scope === 'all') return '*';
  if (scope === 'main') return 'main';
  if (!Number.isInteger(scope) || scope <= 0) throw new Error(`Invalid tenant scope ${String(scope)}`);
  return String(scope);
}

/** The scope of a caller's context: its current tenant, or the main platform. */
export function scopeOf(actor: { tenantId: number | null }): TenantScope {
  return actor.tenantId ?? 'main';
}

function isTransaction(db: DbOrTx): db is Tx {
  return typeof (db as Tx).rollback === 'function';
}

/**
 * Runs `work` in a transaction whose row-level-security scope is `scope`. Inside a transaction already
 * under way, the scope holds for `work` and the previous one comes back after it.
 */
export async function inScope<T>(db: DbOrTx, scope: TenantScope, work: (tx: Tx) => Promise<T>): Promise<T> {
  const value = scopeSetting(scope);
  if (!isTransaction(db)) {
    return (db as Db).transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.tenant_id', ${value}, true)`);
      return work(tx);
    });
  }
  const result = (await db.execute(
    sql`select current_setting('app.tenant_id', true) as previous, set_config('app.tenant_id', ${value}, true)`,
  )) as unknown as { rows: { previous: string | null }[] };
  const previous = result.rows[0]?.previous ?? '';
  // On failure the transaction is aborting (no statement may run in it), so nothing is restored.
  const out = await work(db);
  await db.execute(sql`select set_config('app.tenant_id', ${previous}, true)`);
  return out;
}
