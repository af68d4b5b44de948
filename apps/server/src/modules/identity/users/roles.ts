import { type RoleRef, USER_MESSAGES } from '@nexus/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { sessionCache } from '../../../auth/session-cache';
import type { DbOrTx } from '../../../db/client';
import { roles, userRoles } from '../../../db/schema';
import { badRequest, forbidden } from '../../../http/app-error';
import type { Actor } from '../../../http/policy';
import { grantRefusal, grantRole, refreshUserUsage } from '../../access';
import { assertKeepsTenantAdmin } from './last-admin';
import { roleScopes, type UserAccess } from './policy';

/** A role held in one scope: the main platform (tenant null) or a tenant. */
export interface HeldRole {
  role_id: number;
  tenant_id: number | null;
}

const keyOf = (role: HeldRole) => `${role.role_id}:${role.tenant_id ?? ''}`;

/**
 * Checks a roles list against what the caller may grant and fills in each entry's tenant (the caller's
 * context when the entry names none). `path` prefixes the field names in a 400 (`3.roles.0.role_id`).
 */
export async function resolveRoleRefs(
  db: DbOrTx,
  actor: Actor,
  access: UserAccess,
  refs: readonly RoleRef[],
  path = 'roles',
  userId?: number,
): Promise<{ wanted: HeldRole[]; scopes: Set<number | null> }> {
  const context = access.platformAdmin ? actor.tenantId : access.tenantId;
  const wanted = refs.map((ref) => ({
    role_id: ref.role_id,
    tenant_id: ref.tenant_id === undefined ? context : ref.tenant_id,
  }));
  const scopes = roleScopes(
    access,
    actor,
    wanted.map((role) => role.tenant_id),
  );
  if (!(scopes instanceof Set)) {
    throw forbidden(USER_MESSAGES.roleOutsideContext);
  }
  const ids = [...new Set(wanted.map((role) => role.role_id))];
  const known =
    ids.length === 0
      ? []
      : await db
          .select({
            role_id: roles.role_id,
            tenant_id: roles.tenant_id,
            role_view: roles.role_view,
            parent_user_id: roles.parent_user_id,
          })
          .from(roles)
          .where(and(inArray(roles.role_id, ids), eq(roles.is_deleted, false)));
  const byId = new Map(known.map((role) => [role.role_id, role]));
  const held =
    userId === undefined
      ? []
      : await db
          .select({ role_id: userRoles.role_id, tenant_id: userRoles.tenant_id })
          .from(userRoles)
          .where(and(eq(userRoles.user_id, userId), eq(userRoles.is_deleted, false)));
  const alreadyHeld = new Set(held.map(keyOf));
  wanted.forEach((role, index) => {
    const field = `${path}.${index}.role_id`;
    const found = byId.get(role.role_id);
    if (!found) {
      throw badRequest(`${field}: ${USER_MESSAGES.unknownRole}`, [
        { in: 'body', path: field, message: USER_MESSAGES.unknownRole },
      ]);
    }
    // A tenant's own role is held only inside that tenant.
    if (found.tenant_id !== null && found.tenant_id !== role.tenant_id) {
      throw badRequest(`${field}: this role belongs to another tenant`, [
        { in: 'body', path: field, message: 'this role belongs to another tenant' },
      ]);
    }
    // Only roles this road has not already been granted are judged; a tenant administrator saving a
    // member's list keeps the roles the member already holds, even ones they could not grant.
    if (grantRefusal(actor, found, role.tenant_id) !== null && !alreadyHeld.has(keyOf(role))) {
      throw forbidden(USER_MESSAGES.roleNotGrantable);
    }
  });
  const unique = [...new Map(wanted.map((role) => [keyOf(role), role])).values()];
  return { wanted: unique, scopes };
}

/**
 * Makes the user's live roles inside `scopes` exactly `wanted` (roles in other scopes stay): removed
 * grants are soft-deleted, re-granted ones revived, new ones inserted. Stamps come from the actor.
 */
export async function replaceRoles(
  tx: DbOrTx,
  actorId: number,
  userId: number,
  wanted: readonly HeldRole[],
  scopes: ReadonlySet<number | null>,
): Promise<void> {
  const existing = await tx
    .select({
      user_role_id: userRoles.user_role_id,
      role_id: userRoles.role_id,
      tenant_id: userRoles.tenant_id,
      is_deleted: userRoles.is_deleted,
      role_view: roles.role_view,
    })
    .from(userRoles)
    .innerJoin(roles, eq(roles.role_id, userRoles.role_id))
    .where(eq(userRoles.user_id, userId));
  const wantedKeys = new Set(wanted.map(keyOf));
  const dropped = existing
    .filter((row) => !row.is_deleted && scopes.has(row.tenant_id) && !wantedKeys.has(keyOf(row)))
    .map((row) => row.user_role_id);
  const touched = new Set<number>();
  const adminDropped = new Set<number>();
  for (const row of existing) {
    if (row.tenant_id === null || !dropped.includes(row.user_role_id)) continue;
    touched.add(row.tenant_id);
    if (row.role_view === 'admin') adminDropped.add(row.tenant_id);
  }
  if (dropped.length > 0) {
    sessionCache.forgetUser(userId);
    await tx
      .update(userRoles)
      .set({ is_deleted: true, deleted_by: actorId, deleted_at: sql`now()`, modified_by: actorId })
      .where(inArray(userRoles.user_role_id, dropped));
  }
  // Issue 4 part 5: a role in a tenant takes a seat of its subscription; grantRole checks the users
  // limit before writing and recomputes the counter, as on every other road to a role.
  for (const role of wanted) {
    await grantRole(tx, { userId, roleId: role.role_id, tenantId: role.tenant_id, grantedBy: actorId });
  }
  for (const tenantId of touched) await refreshUserUsage(tx, tenantId);
  // Issue 14: an organisation keeps an administrator, whoever takes the role away.
  await assertKeepsTenantAdmin(tx, adminDropped);
}
