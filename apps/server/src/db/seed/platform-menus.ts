import { MANAGE_CUSTOM_ROLES_PATH } from '@nexus/contracts';
import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';
import type { Database, Tx } from '../client';
import { customMenus } from '../schema';
import { DEFAULT_MENUS } from './data';

/** One lock name for every process starting on the same database, so only one adds the menu. */
const LOCK = sql`select pg_advisory_xact_lock(hashtext('nexus.platform-menus'))`;

const ADMIN_CENTER = DEFAULT_MENUS.find((entry) => entry.path === '/admin-center');
const CUSTOM_ROLES = ADMIN_CENTER?.children?.find((child) => child.path === MANAGE_CUSTOM_ROLES_PATH);

/**
 * Adds the platform's "Custom roles" menu (the privilege that lets a system role manage custom roles on
 * the main platform, docs/permissions.md) to a database seeded before it existed. Runs on every start.
 * It matches on the path only, so a menu an administrator renamed or moved is left as it is, and a
 * soft-deleted one counts too: an administrator who removed it decided so. A database without platform
 * menus is left to the demo seed, which adds them all only while there are none. Returns whether it
 * added the menu.
 */
export async function ensureCustomRolesMenu(
  database: Database,
  log: (line: string) => void,
): Promise<boolean> {
  if (!ADMIN_CENTER || !CUSTOM_ROLES) return false;
  const created = await database.system.transaction(async (raw) => {
    const tx = raw as unknown as Tx;
    await tx.execute(LOCK);
    const platform = isNull(customMenus.tenant_id);
    const [any] = await tx.select({ id: customMenus.menu_id }).from(customMenus).where(platform).limit(1);
    if (!any) return false;
    const [held] = await tx
      .select({ id: customMenus.menu_id })
      .from(customMenus)
      .where(and(platform, eq(customMenus.path, MANAGE_CUSTOM_ROLES_PATH)))
      .limit(1);
    if (held) return false;
    // Under the live Admin Center as seeded (a top-level one first); at the top level without one.
    const [parent] = await tx
      .select({ id: customMenus.menu_id })
      .from(customMenus)
      .where(and(platform, eq(customMenus.path, ADMIN_CENTER.path), eq(customMenus.is_deleted, false)))
      .orderBy(sql`${customMenus.menu_parent_id} is not null`, asc(customMenus.menu_id))
      .limit(1);
    const parentId = parent?.id ?? null;
    const [last] = await tx
      .select({ order: max(customMenus.sort_order) })
      .from(customMenus)
      .where(
        and(
          platform,
          eq(customMenus.is_deleted, false),
          parentId === null ? isNull(customMenus.menu_parent_id) : eq(customMenus.menu_parent_id, parentId),
        ),
      );
    await tx.insert(customMenus).values({
      menu_name: CUSTOM_ROLES.name,
      path: CUSTOM_ROLES.path,
      icon: CUSTOM_ROLES.icon,
      sort_order: (last?.order ?? 0) + 10,
      menu_parent_id: parentId,
    });
    return true;
  });
  if (created) log(`platform menu added: ${CUSTOM_ROLES.name} (${CUSTOM_ROLES.path})`);
  return created;
}
