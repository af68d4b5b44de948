import { PLATFORM_ADMIN_ROLE_ID, USER_MESSAGES } from '@nexus/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { roles, userRoles, users } from '../../../db/schema';
import { AppError, codeForStatus } from '../../../http/app-error';

/** Serialises the writes that could remove an administrator, so two of them cannot each remove one. */
const LAST_ADMIN_LOCK = 0x4e58_0001;

export const lastAdminRefused = () => new AppError(codeForStatus(409), 409, USER_MESSAGES.lastPlatformAdmin);

/**
 * Guarantees the platform keeps a working administrator: a live, enabled user with the platform-admin
 * flag who holds the platform role 1. No one can sign in as an admin otherwise, and nothing brings one
 * back (the seed runs only on an empty database). Call it inside the transaction of a write that
 * deleted, disabled, erased or changed the roles of `affected`, after the write: it throws (and the
 * transaction rolls back) when one of them was an administrator and none is left.
 */
export async function assertKeepsPlatformAdmin(tx: DbOrTx, affected: readonly number[]): Promise<void> {
  if (affected.length === 0) return;
  const touched = await tx
    .select({ user_id: users.user_id })
    .from(users)
    .where(and(inArray(users.user_id, [...affected]), eq(users.is_platform_admin, true)))
    .limit(1);
  if (touched.length === 0) return;
  // Taken after the write: the count below then sees every other such write that committed first.
  await tx.execute(sql`select pg_advisory_xact_lock(${LAST_ADMIN_LOCK})`);
  const [left] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        eq(users.is_platform_admin, true),
        eq(users.is_deleted, false),
        eq(users.enabled, true),
        sql`exists (select 1 from ${userRoles} where ${and(
          eq(userRoles.user_id, users.user_id),
          eq(userRoles.role_id, PLATFORM_ADMIN_ROLE_ID),
          isNull(userRoles.tenant_id),
          eq(userRoles.is_deleted, false),
        )})`,
      ),
    );
  if (!left || left.n === 0) throw lastAdminRefused();
}

/** Serialises removals of a tenant's administrators, per tenant (the second key). */
const LAST_TENANT_ADMIN_LOCK = 0x4e58_0002;

export const lastTenantAdminRefused = () =>
  new AppError(codeForStatus(409), 409, USER_MESSAGES.lastTenantAdmin);

/**
 * Guarantees each tenant in `tenantIds` keeps an administrator (a live, enabled user holding an
 * admin-view role there): without one nobody inside the organisation can manage it (issue 14). Call it
 * inside the transaction of a write that removed an admin-view role in those tenants, after the write;
 * it throws 409 (and the transaction rolls back) when none is left.
 */
export async function assertKeepsTenantAdmin(tx: DbOrTx, tenantIds: Iterable<number>): Promise<void> {
  for (const tenantId of new Set(tenantIds)) {
    await tx.execute(sql`select pg_advisory_xact_lock(${LAST_TENANT_ADMIN_LOCK}, ${tenantId})`);
    const [left] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(userRoles)
      .innerJoin(roles, eq(roles.role_id, userRoles.role_id))
      .innerJoin(users, eq(users.user_id, userRoles.user_id))
      .where(
        and(
          eq(userRoles.tenant_id, tenantId),
          eq(userRoles.is_deleted, false),
          eq(roles.role_view, 'admin'),
          eq(users.is_deleted, false),
          eq(users.enabled, true),
        ),
      );
    if (!left || left.n === 0) throw lastTenantAdminRefused();
  }
}
