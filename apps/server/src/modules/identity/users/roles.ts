import { type RoleRef, USER_MESSAGES } from '@nexus/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { roles, userRoles } from '../../../db/schema';
import { badRequest, forbidden } from '../../../http/app-error';
import type { Actor } from '../../../http/policy';
import { assertSeatAvailable, refreshUserUsage } from '../../tenancy/usage';
import { mayGrantRole, roleScopes, type UserAccess } from './policy';

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
          .select({ role_id: roles.role_id, tenant_id: roles.tenant_id })
          .from(roles)
          .where(and(inArray(roles.role_id, ids), eq(roles.is_deleted, false)));
  const roleTenant = new Map(known.map((role) => [role.role_id, role.tenant_id]));
  wanted.forEach((role, index) => {
    const field = `${path}.${index}.role_id`;
    if (!roleTenant.has(role.role_id)) {
      throw badRequest(`${field}: ${USER_MESSAGES.unknownRole}`, [
        { in: 'body', path: field, message: USER_MESSAGES.unknownRole },
      ]);
    }
    // A tenant's own role is held only inside that tenant.
    const own = roleTenant.get(role.role_id);
    if (own !== null && own !== undefined && own !== role.tenant_id) {
      throw badRequest(`${field}: this role belongs to another tenant`, [
        { in: 'body', path: field, message: 'this role belongs to another tenant' },
      ]);
    }
    if (!mayGrantRole(access, role.role_id)) throw forbidden(USER_MESSAGES.roleNotGrantable);
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
    })
    .from(userRoles)
    .where(eq(userRoles.user_id, userId));
  const wantedKeys = new Set(wanted.map(keyOf));
  const byKey = new Map(existing.map((row) => [keyOf(row), row]));
  const dropped = existing
    .filter((row) => !row.is_deleted && scopes.has(row.tenant_id) && !wantedKeys.has(keyOf(row)))
    .map((row) => row.user_role_id);
  const revived = wanted.flatMap((role) => {
    const row = byKey.get(keyOf(role));
    return row?.is_deleted ? [row.user_role_id] : [];
  });
  const added = wanted.filter((role) => !byKey.has(keyOf(role)));
  // Issue 4 part 5: a role in a tenant takes a seat of its subscription, so gaining one is checked
  // against the users limit first and every tenant touched has its counter recomputed after.
  const seated = new Set<number>();
  for (const role of wanted) {
    const row = byKey.get(keyOf(role));
    if (role.tenant_id !== null && (!row || row.is_deleted)) seated.add(role.tenant_id);
  }
  for (const tenantId of seated) await assertSeatAvailable(tx, tenantId, userId);
  const touched = new Set(seated);
  for (const row of existing) {
    if (row.tenant_id !== null && dropped.includes(row.user_role_id)) touched.add(row.tenant_id);
  }
  if (dropped.length > 0) {
    await tx
      .update(userRoles)
      .set({ is_deleted: true, deleted_by: actorId, deleted_at: sql`now()`, modified_by: actorId })
      .where(inArray(userRoles.user_role_id, dropped));
  }
  if (revived.length > 0) {
    await tx
      .update(userRoles)
      .set({
        is_deleted: false,
        deleted_by: null,
        deleted_at: null,
        modified_by: actorId,
        modified_at: sql`now()`,
      })
      .where(inArray(userRoles.user_role_id, revived));
  }
  if (added.length > 0) {
    await tx.insert(userRoles).values(
      added.map((role) => ({
        user_id: userId,
        role_id: role.role_id,
        tenant_id: role.tenant_id,
        created_by: actorId,
        modified_by: actorId,
      })),
    );
  }
  for (const tenantId of touched) await refreshUserUsage(tx, tenantId);
}
