import { TEMP_ROLE_ID } from '@nexus/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { sessionCache } from '../../auth/session-cache';
import type { DbOrTx } from '../../db/client';
import { userRoles } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { recordEvent } from '../../kernel/events';
import { assertSeatAvailable, refreshUserUsage } from './seat-ledger';

/** The platform administrator role (seed data): only a platform administrator hands it out. */
export const PLATFORM_ADMIN_ROLE_ID = 1;

/** The role being granted, as the rule needs it. */
export interface GrantableRole {
  role_id: number;
  role_view: 'admin' | 'user';
  /** Custom roles hang off a user; they are held through group memberships, never granted here. */
  parent_user_id: number | null;
  /** A tenant's own role; null for a system role. */
  tenant_id: number | null;
}

/**
 * Why a grant is refused: `notAdmin` (the granter does not administer the scope), `adminRole` (an
 * administrator role needs a platform administrator), `role` (this role cannot be held in that scope).
 */
export type GrantRefusal = 'notAdmin' | 'adminRole' | 'role';

/** Whether the actor administers the tenant (an admin-view role held there), wherever they act from. */
export function administersTenant(actor: Actor, tenantId: number): boolean {
  return (
    actor.isPlatformAdmin ||
    actor.roles.some((role) => role.tenantId === tenantId && role.roleView === 'admin')
  );
}

/**
 * The one rule for who may give someone a role (issue 14 item 3), whatever the road (updateUser,
 * seats, invitations): a platform administrator any role of the scope; a tenant administrator only
 * user-view roles (system roles or the tenant's own) inside the tenant they administer; nobody the
 * temporary role inside a tenant, or a tenant's role outside it. Null when allowed.
 */
export function grantRefusal(
  actor: Actor,
  role: GrantableRole,
  tenantId: number | null,
): GrantRefusal | null {
  if (role.tenant_id !== null && role.tenant_id !== tenantId) return 'role';
  if (tenantId !== null && role.role_id === TEMP_ROLE_ID) return 'role';
  if (actor.isPlatformAdmin) return null;
  if (tenantId === null || !administersTenant(actor, tenantId)) return 'notAdmin';
  if (role.role_view === 'admin' || role.role_id === PLATFORM_ADMIN_ROLE_ID) return 'adminRole';
  if (role.parent_user_id !== null) return 'role';
  return null;
}

export interface Grant {
  userId: number;
  roleId: number;
  tenantId: number | null;
  /** Who is stamped on the row: the granter, or the user themselves for a grant they accepted. */
  grantedBy: number;
}

/**
 * Writes one role grant, the only place that inserts into user_roles: a role in a tenant takes a seat
 * of its plan (409 past the users limit, checked before writing) and the tenant's users counter is
 * recomputed; a grant once removed (soft-deleted) is revived rather than colliding with its old row.
 * Callers decide first whether the grant is allowed (grantRefusal, or a rule of their road such as
 * registration or tenant creation). Returns false when the user already held the role.
 */
export async function grantRole(tx: DbOrTx, grant: Grant): Promise<boolean> {
  const scope =
    grant.tenantId === null ? isNull(userRoles.tenant_id) : eq(userRoles.tenant_id, grant.tenantId);
  const [held] = await tx
    .select({ id: userRoles.user_role_id })
    .from(userRoles)
    .where(
      and(
        eq(userRoles.user_id, grant.userId),
        eq(userRoles.role_id, grant.roleId),
        scope,
        eq(userRoles.is_deleted, false),
      ),
    );
  if (held) return false;
  sessionCache.forgetUser(grant.userId);
  if (grant.tenantId !== null) await assertSeatAvailable(tx, grant.tenantId, grant.userId);
  await tx
    .insert(userRoles)
    .values({
      user_id: grant.userId,
      role_id: grant.roleId,
      tenant_id: grant.tenantId,
      created_by: grant.grantedBy,
      modified_by: grant.grantedBy,
    })
    .onConflictDoUpdate({
      target: [userRoles.user_id, userRoles.role_id, userRoles.tenant_id],
      set: {
        is_deleted: false,
        deleted_at: null,
        deleted_by: null,
        modified_by: grant.grantedBy,
        modified_at: sql`now()`,
      },
    });
  if (grant.tenantId !== null) await refreshUserUsage(tx, grant.tenantId);
  await recordEvent(tx, 'access.role.granted', {
    user_id: grant.userId,
    role_id: grant.roleId,
    tenant_id: grant.tenantId,
    granted_by: grant.grantedBy,
  });
  return true;
}

/**
 * Removes the temporary role once a real one is held (spec section 4). The temp row is a link, not a
 * record: it is deleted outright so that granting temp again never collides with a soft-deleted row.
 */
export async function dropTempRole(tx: DbOrTx, userId: number): Promise<void> {
  sessionCache.forgetUser(userId);
  await tx
    .delete(userRoles)
    .where(
      and(eq(userRoles.user_id, userId), eq(userRoles.role_id, TEMP_ROLE_ID), isNull(userRoles.tenant_id)),
    );
}
