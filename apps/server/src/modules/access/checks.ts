import { USER_MESSAGES } from '@nexus/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customMenus, roles, userRoles, users } from '../../db/schema';
import { inScope, scopeOf } from '../../db/scope';
import { SYSTEM_ROLES } from '../../db/seed/data';
import { AppError, badRequest, codeForStatus } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import type { ResourceStore } from '../../http/resource-store';
import { seesAllCustomRoles } from './policy';

const invalid = (field: string, message: string) =>
  badRequest(`${field}: ${message}`, [{ in: 'body', path: field, message }]);

/** A system role (no parent user) of the platform or of the caller's tenant. */
export async function assertSystemRole(db: DbOrTx, actor: Actor, roleId: number): Promise<void> {
  const rows = await db
    .select({ id: roles.role_id })
    .from(roles)
    .where(
      and(
        eq(roles.role_id, roleId),
        sql`${roles.parent_user_id} is null`,
        eq(roles.is_deleted, false),
        actor.tenantId === null
          ? sql`${roles.tenant_id} is null`
          : sql`(${roles.tenant_id} is null or ${roles.tenant_id} = ${actor.tenantId})`,
      ),
    );
  if (rows.length === 0) throw invalid('role_id', `no system role ${roleId}`);
}

/** Custom roles the caller may see: of its scope, and its own unless it administers the scope. */
export async function assertCustomRoles(
  db: DbOrTx,
  actor: Actor,
  roleIds: number[],
  field: string,
): Promise<void> {
  const unique = [...new Set(roleIds)];
  if (unique.length === 0) return;
  const rows = await db
    .select({ id: roles.role_id })
    .from(roles)
    .where(
      and(
        inArray(roles.role_id, unique),
        sql`${roles.parent_user_id} is not null`,
        eq(roles.is_deleted, false),
        actor.tenantId === null ? sql`${roles.tenant_id} is null` : eq(roles.tenant_id, actor.tenantId),
        seesAllCustomRoles(actor) ? undefined : eq(roles.parent_user_id, actor.userId),
      ),
    );
  const seen = new Set(rows.map((row) => row.id));
  const missing = unique.filter((id) => !seen.has(id));
  if (missing.length > 0) throw invalid(field, `no custom role ${missing.join(', ')}`);
}

/** A live menu of the platform or of the caller's tenant. */
export async function assertMenu(
  db: DbOrTx,
  actor: Actor,
  menuId: number,
  field = 'privilege_menu_id',
): Promise<void> {
  const rows = await inScope(db, scopeOf(actor), (tx) =>
    tx
      .select({ id: customMenus.menu_id })
      .from(customMenus)
      .where(
        and(
          eq(customMenus.menu_id, menuId),
          eq(customMenus.is_deleted, false),
          actor.tenantId === null
            ? sql`${customMenus.tenant_id} is null`
            : sql`(${customMenus.tenant_id} is null or ${customMenus.tenant_id} = ${actor.tenantId})`,
        ),
      ),
  );
  if (rows.length === 0) throw invalid(field, `no menu ${menuId}`);
}

/**
 * A user the caller may put into a group (and so give a custom role). Inside a tenant: a member of
 * that tenant (only its administrators write groups there). On the main platform nobody may hand a
 * stranger a role without their consent (issue 14 item 11): a person groups themselves, a platform
 * administrator anyone, and anyone else only members of a tenant they administer. Anyone else is the
 * same 400 as a user who does not exist, so the answer confirms nothing.
 */
export async function assertGroupableUser(db: DbOrTx, actor: Actor, userId: number): Promise<void> {
  const refuse = () => invalid('user_id', `no user ${userId} in this scope`);
  if (actor.tenantId === null && userId !== actor.userId && !actor.isPlatformAdmin) {
    const administered = [
      ...new Set(
        actor.roles.flatMap((role) =>
          role.roleView === 'admin' && role.tenantId !== null ? [role.tenantId] : [],
        ),
      ),
    ];
    if (administered.length === 0) throw refuse();
    const shared = await db
      .select({ id: userRoles.user_id })
      .from(userRoles)
      .where(
        and(
          eq(userRoles.user_id, userId),
          inArray(userRoles.tenant_id, administered),
          eq(userRoles.is_deleted, false),
        ),
      )
      .limit(1);
    if (shared.length === 0) throw refuse();
    return;
  }
  const rows =
    actor.tenantId === null
      ? await db.select({ id: users.user_id }).from(users).where(eq(users.user_id, userId))
      : await db
          .select({ id: userRoles.user_id })
          .from(userRoles)
          .where(
            and(
              eq(userRoles.user_id, userId),
              eq(userRoles.tenant_id, actor.tenantId),
              eq(userRoles.is_deleted, false),
            ),
          )
          .limit(1);
  if (rows.length === 0) throw refuse();
}

const SEEDED_ROLE_IDS = new Set(SYSTEM_ROLES.map((role) => role.role_id));

/**
 * The seeded system roles (fixed ids, DESIGN section 5) cannot be deleted, singly or in bulk: sign-up
 * gives temp, landing reads the role names, and role 1 is what makes a platform administrator.
 */
export function refuseSeededRoleDeletes(store: ResourceStore): void {
  const remove = store.remove.bind(store);
  store.remove = async (db, actor, ids) => {
    const seeded = ids.filter((id) => SEEDED_ROLE_IDS.has(id));
    if (seeded.length > 0) {
      throw new AppError(codeForStatus(409), 409, USER_MESSAGES.systemRoleDelete, [
        { in: 'params', path: 'id', message: `system roles: ${[...new Set(seeded)].join(', ')}` },
      ]);
    }
    return remove(db, actor, ids);
  };
}
