import { errorBody, type ListQuery, listEnvelope, listQuery } from '@nexus/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { customMenus } from '../../db/schema';
import { inScope, scopeOf } from '../../db/scope';
import type { Actor } from '../../http/policy';
import type { ResourceStore } from '../../http/resource-store';
import type { ResourceDefinition } from '../../http/resource-types';

type Row = Record<string, unknown>;

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * The list verb of a privilege resource: the factory's list (fields, filters, search, sort, pages,
 * scope) plus each row's `menu_name` and `menu_parent_name` (spec section 3: Privilege), read in one
 * more query when the page names `privilege_menu_id`.
 */
export function registerPrivilegeList(
  app: FastifyInstance,
  database: Database,
  def: ResourceDefinition,
  store: ResourceStore,
  path: string,
): void {
  const item = def.schemas.item.partial().extend({
    menu_name: z.string().nullable().optional(),
    menu_parent_name: z.string().nullable().optional(),
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    `${def.basePath}/${path}`,
    {
      config: { policy: def.policies.list ?? def.policies.read },
      schema: {
        tags: def.tags,
        summary: `List ${def.tags?.[0] ?? 'privilege'} records with menu and parent menu names`,
        querystring: listQuery,
        response: { 200: listEnvelope(item), ...errors },
      },
    },
    async (request, reply) => {
      const json = await store.list(database, request.actor as Actor, request.query as ListQuery);
      const page = JSON.parse(json) as { data?: Row[]; meta: unknown };
      const menuIds = [
        ...new Set(
          (page.data ?? []).map((row) => row.privilege_menu_id).filter((id) => typeof id === 'number'),
        ),
      ] as number[];
      if (menuIds.length > 0) {
        const parent = sql`(select p.menu_name from ${customMenus} p
          where p.menu_id = ${customMenus.menu_parent_id} and p.is_deleted = false)`;
        const names = await inScope(database.db, scopeOf(request.actor as Actor), (tx) =>
          tx
            .select({
              menu_id: customMenus.menu_id,
              menu_name: customMenus.menu_name,
              menu_parent_name: sql<string | null>`${parent}`,
            })
            .from(customMenus)
            .where(inArray(customMenus.menu_id, menuIds)),
        );
        const byId = new Map(names.map((menu) => [menu.menu_id, menu]));
        for (const row of page.data ?? []) {
          const menu = byId.get(row.privilege_menu_id as number);
          row.menu_name = menu?.menu_name ?? null;
          row.menu_parent_name = menu?.menu_parent_name ?? null;
        }
      }
      // Built by PostgreSQL and enriched here; sent as text like the factory's own list.
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(JSON.stringify(page));
    },
  );
}
