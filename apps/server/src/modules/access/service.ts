import { ERROR_CODES, type MyCustomRole, type MyPrivilege } from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { scopeOf } from '../../db/scope';
import { AppError, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';

/** Told about a load that failed for a reason other than the caller's own (for the log). */
export type FailureReporter = (error: unknown, message: string) => void;

/** spec section 8: a load that fails for any reason but the caller's own answers with the spec's message. */
async function orFail<T>(report: FailureReporter, message: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof AppError) throw error;
    report(error, message);
    throw new AppError(ERROR_CODES.internal, 500, message);
  }
}

/** The caller's context: its tenant, or the platform (null) on the main platform. */
const sameScope = (column: SQL, actor: Actor) =>
  actor.tenantId === null ? sql`${column} is null` : sql`${column} = ${actor.tenantId}`;

/** A menu and its parent's name, for a privilege table aliased `p` (spec section 3: Privilege). */
const menuJoin = sql`join custom_menus m on m.menu_id = p.privilege_menu_id and m.is_deleted = false
  left join custom_menus pm on pm.menu_id = m.menu_parent_id and pm.is_deleted = false`;

const privilegeColumns = sql`distinct p.privilege_menu_id, m.menu_name, pm.menu_name as menu_parent_name,
  m.sort_order, m.menu_id`;

const strip = (rows: (MyPrivilege & Record<string, unknown>)[]): MyPrivilege[] =>
  rows.map(({ privilege_menu_id, menu_name, menu_parent_name }) => ({
    privilege_menu_id,
    menu_name,
    menu_parent_name,
  }));

/**
 * spec section 6: the privileges of the active role. A system role reads `privileges` (platform rows
 * and the current tenant's); a custom role (one with a parent user) reads `custom_role_privileges`.
 * Guarantees the role is the caller's: a system role it holds (any, for a platform admin), or a custom
 * role it parents or reaches through a live group membership in its context; any other is 404.
 */
export async function loadMyPrivileges(
  database: Database,
  actor: Actor,
  roleId: number,
  report: FailureReporter,
): Promise<MyPrivilege[]> {
  const [role] = await orFail(report, 'Failed to fetch user roles.', () =>
    database.read<{ parent_user_id: number | null; reachable: boolean }>(
      sql`select r.parent_user_id,
            (r.parent_user_id = ${actor.userId} or exists (
              select 1 from group_users g
              where g.user_id = ${actor.userId} and g.is_deleted = false
                and r.role_id = any(g.role_ids) and ${sameScope(sql`g.tenant_id`, actor)}
            )) as reachable
          from roles r where r.role_id = ${roleId} and r.is_deleted = false`,
      false,
      scopeOf(actor),
    ),
  );
  if (!role) throw notFound('Role not found');
  if (role.parent_user_id === null) {
    const held = actor.isPlatformAdmin || actor.roles.some((mine) => mine.roleId === roleId);
    if (!held) throw notFound('Role not found');
    const tenantRows = actor.tenantId === null ? sql`` : sql`or p.tenant_id = ${actor.tenantId}`;
    const rows = await orFail(report, 'Failed to fetch system role privileges.', () =>
      database.read<MyPrivilege & Record<string, unknown>>(
        sql`select ${privilegeColumns} from privileges p ${menuJoin}
            where p.role_id = ${roleId} and p.is_deleted = false and (p.tenant_id is null ${tenantRows})
            order by m.sort_order, m.menu_id`,
        false,
        scopeOf(actor),
      ),
    );
    return strip(rows);
  }
  if (!role.reachable) throw notFound('Role not found');
  const rows = await orFail(report, 'Failed to fetch custom role privileges.', () =>
    database.read<MyPrivilege & Record<string, unknown>>(
      sql`select ${privilegeColumns} from custom_role_privileges p ${menuJoin}
          where p.role_id = ${roleId} and p.is_deleted = false
          order by m.sort_order, m.menu_id`,
      false,
      scopeOf(actor),
    ),
  );
  return strip(rows);
}

/**
 * spec section 6: custom roles come from the user's non-deleted group memberships that list role ids;
 * only memberships of the caller's current context count.
 */
export async function loadMyCustomRoles(
  database: Database,
  actor: Actor,
  report: FailureReporter,
): Promise<MyCustomRole[]> {
  return orFail(report, 'Failed to fetch custom roles.', () =>
    database.read<MyCustomRole>(
      sql`select distinct on (r.role_id) r.role_id, r.role_name, r.display_name, r.role_view,
            r.parent_user_id,
            coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.username)
              as parent_user_name,
            u.profile_image as parent_profile_image, true as "isCustom", r.is_deleted
          from group_users g
          join roles r on r.role_id = any(g.role_ids) and r.is_deleted = false
            and r.parent_user_id is not null
          left join users u on u.user_id = r.parent_user_id
          where g.user_id = ${actor.userId} and g.is_deleted = false
            and ${sameScope(sql`g.tenant_id`, actor)}
          order by r.role_id`,
      false,
      scopeOf(actor),
    ),
  );
}
