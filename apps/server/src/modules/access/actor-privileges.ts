import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { inScope } from '../../db/scope';
import type { Actor } from '../../http/policy';

/** How long one user's privileges in one tenant are trusted before they are read again. */
export const PRIVILEGE_CACHE_MS = 5000;
const CACHE_SIZE = 10_000;

/** Writes to these resources change someone's privileges: the cache of this process is dropped. */
const GRANT_PATHS = [
  '/operations/user/privileges/',
  '/operations/user/customRolePrivilege/',
  '/operations/user/customRole/',
  '/operations/user/groupUsers/',
  '/operations/system/customMenus/',
  '/operations/user/roles/',
];

/**
 * The menu paths an actor's roles grant inside its current tenant (docs/permissions.md): the
 * privileges of the system roles it holds there (platform rows and the tenant's), and those of the
 * custom roles its live group memberships there list. Custom roles inside a tenant are written by its
 * administrators only, so they may carry API rights; on the main platform anyone may parent a custom
 * role, so menu privileges grant navigation only and no API rights (an empty list).
 */
export class PrivilegeCache {
  private readonly entries = new Map<string, { at: number; paths: readonly string[] }>();
  private readonly loading = new Map<string, Promise<readonly string[]>>();

  constructor(private readonly database: Database) {}

  clear(): void {
    this.entries.clear();
  }

  of(actor: Actor): readonly string[] | Promise<readonly string[]> {
    const tenantId = actor.tenantId;
    if (tenantId === null) return [];
    const key = `${actor.userId}|${tenantId}`;
    const cached = this.entries.get(key);
    if (cached && Date.now() - cached.at < PRIVILEGE_CACHE_MS) return cached.paths;
    let pending = this.loading.get(key);
    if (!pending) {
      const roleIds = actor.roles.filter((role) => role.tenantId === tenantId).map((role) => role.roleId);
      pending = this.load(actor.userId, tenantId, roleIds)
        .then((paths) => {
          if (this.entries.size >= CACHE_SIZE)
            this.entries.delete(this.entries.keys().next().value as string);
          this.entries.set(key, { at: Date.now(), paths });
          return paths;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private async load(userId: number, tenantId: number, roleIds: number[]): Promise<readonly string[]> {
    const held =
      roleIds.length > 0
        ? sql.join(
            roleIds.map((id) => sql`${id}`),
            sql`, `,
          )
        : sql`null`;
    // Four tables in one statement: scope first in its own transaction (see `scoped` in db/client.ts),
    // so no join can read a table before the scope is set. Cached per user and tenant, so it is rare.
    const result = (await inScope(this.database.db, tenantId, (tx) =>
      tx.execute(sql`select distinct m.path from (
            select p.privilege_menu_id as menu_id from privileges p
            where p.is_deleted = false and p.role_id in (${held})
              and (p.tenant_id is null or p.tenant_id = ${tenantId})
            union
            select c.privilege_menu_id from group_users g
            join custom_role_privileges c on c.role_id = any(g.role_ids) and c.is_deleted = false
              and c.tenant_id = ${tenantId}
            where g.user_id = ${userId} and g.is_deleted = false and g.tenant_id = ${tenantId}
          ) granted
          join custom_menus m on m.menu_id = granted.menu_id and m.is_deleted = false
          where m.path is not null`),
    )) as unknown as { rows: { path: string }[] };
    const rows = result.rows;
    return rows.map((row) => row.path);
  }
}

/**
 * Drops the cache after every successful write to a resource that grants privileges, then calls
 * `changed` with the tenant the write was made in (null on the main platform): other processes drop
 * theirs and the tenant's signed-in users read their menus again (kernel/realtime).
 */
export function installPrivilegeInvalidation(
  app: FastifyInstance,
  cache: PrivilegeCache,
  changed: (tenantId: number | null) => void = () => {},
): void {
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || reply.statusCode >= 400) return;
    const url = request.routeOptions.url ?? '';
    if (!GRANT_PATHS.some((prefix) => url.startsWith(prefix))) return;
    cache.clear();
    changed(request.actor?.tenantId ?? null);
  });
}
