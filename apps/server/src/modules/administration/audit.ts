import { AUDIT_API, auditEvent, recentChangesQuery } from '@nexus/contracts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { auditEvents, users } from '../../db/schema';
import { inScope, scopeOf } from '../../db/scope';
import { unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';

/**
 * getRecentChanges: the audit of the caller's context, newest first. Row-level security keeps it to
 * the current tenant (or the main platform); the filter says the same so the index serves it.
 */
export async function recentChanges(
  database: Database,
  actor: Actor,
  query: z.output<typeof recentChangesQuery>,
) {
  const scoped = and(
    actor.tenantId === null ? isNull(auditEvents.tenant_id) : eq(auditEvents.tenant_id, actor.tenantId),
    query.entity ? eq(auditEvents.entity, query.entity) : undefined,
  );
  return inScope(database.db, scopeOf(actor), async (tx) => {
    const rows = await tx
      .select({
        audit_id: auditEvents.audit_id,
        action: auditEvents.action,
        entity: auditEvents.entity,
        entity_id: auditEvents.entity_id,
        details: auditEvents.details,
        created_at: auditEvents.created_at,
        actor_user_id: auditEvents.actor_user_id,
        actor_name: sql<
          string | null
        >`coalesce(nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), ''), ${users.username})`,
        total: sql<number>`(count(*) over ())::int`,
      })
      .from(auditEvents)
      .leftJoin(users, eq(users.user_id, auditEvents.actor_user_id))
      .where(scoped)
      .orderBy(desc(auditEvents.created_at), desc(auditEvents.audit_id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    let total = rows[0]?.total;
    if (total === undefined) {
      const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(auditEvents).where(scoped);
      total = count?.n ?? 0;
    }
    return {
      data: rows.map(({ total: _total, created_at, details, ...row }) => ({
        ...row,
        details: (details ?? null) as Record<string, unknown> | null,
        created_at: created_at.toISOString(),
      })),
      meta: {
        page: query.page,
        limit: query.limit,
        total,
        totalPages: Math.max(1, Math.ceil(total / query.limit)),
      },
    };
  });
}

/** The admin center's "Recent changes" (issue 4, part 7): its tenant's admins and platform admins. */
export function registerAudit(app: FastifyInstance, database: Database): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    `${AUDIT_API}/getRecentChanges`,
    {
      config: { policy: 'tenantAdmin' },
      schema: {
        tags: ['audit'],
        querystring: recentChangesQuery,
        response: {
          200: z.object({
            data: z.array(auditEvent),
            meta: z.object({
              page: z.number(),
              limit: z.number(),
              total: z.number(),
              totalPages: z.number(),
            }),
          }),
        },
      },
    },
    async (request) => {
      if (!request.actor) throw unauthorized();
      return recentChanges(database, request.actor, request.query);
    },
  );
}
