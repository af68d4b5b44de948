import {
  DOMAIN_EVENT_MESSAGES,
  DOMAIN_EVENTS_API,
  dataEnvelope,
  domainEventIdParams,
  domainEventItem,
  domainEventList,
  domainEventListQuery,
} from '@nexus/contracts';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { domainEventDeliveries, domainEvents } from '../../db/schema';
import { AppError, codeForStatus, notFound } from '../../http/app-error';
import { requeueDeadEvent } from './dispatcher';
import { eventScope } from './record';

type EventRow = typeof domainEvents.$inferSelect;
const iso = (value: Date | null) => (value ? value.toISOString() : null);

async function itemsOf(database: Database, rows: EventRow[]) {
  const ids = rows.map((row) => row.id);
  const deliveries = ids.length
    ? await database.system
        .select()
        .from(domainEventDeliveries)
        .where(inArray(domainEventDeliveries.event_id, ids))
    : [];
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    version: row.version,
    payload: row.payload as Record<string, unknown>,
    tenant_id: row.tenant_id,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    occurred_at: row.occurred_at.toISOString(),
    next_attempt_at: row.status === 'failed' ? iso(row.next_attempt_at) : null,
    processed_at: iso(row.processed_at),
    delivered_to: deliveries.filter((d) => d.event_id === row.id).map((d) => d.handler),
  }));
}

/**
 * The platform administrator's view of the outbox (issue 15 point 1): events with their status and
 * last error, newest first, and a retry for a dead one. Events cross tenants, so only the platform
 * administrator reads them, through the all-tenants connection.
 */
export function registerDomainEventRoutes(app: FastifyInstance, database: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['system'];

  typed.get(
    `${DOMAIN_EVENTS_API}/getDomainEvents`,
    {
      config: { policy: 'platformAdmin' },
      schema: { tags, querystring: domainEventListQuery, response: { 200: domainEventList } },
    },
    async (request) => {
      const { page, limit, status, name } = request.query;
      const where = and(
        status ? eq(domainEvents.status, status) : undefined,
        name ? eq(domainEvents.name, name) : undefined,
      ) as SQL | undefined;
      const [total] = await database.system.select({ n: count() }).from(domainEvents).where(where);
      const rows = await database.system
        .select()
        .from(domainEvents)
        .where(where)
        .orderBy(desc(domainEvents.occurred_at), desc(domainEvents.id))
        .limit(limit)
        .offset((page - 1) * limit);
      const n = total?.n ?? 0;
      return {
        data: await itemsOf(database, rows),
        meta: { page, limit, total: n, totalPages: Math.ceil(n / limit), totalExact: true },
      };
    },
  );

  typed.post(
    `${DOMAIN_EVENTS_API}/retryDomainEvent/:id`,
    {
      config: { policy: 'platformAdmin' },
      schema: { tags, params: domainEventIdParams, response: { 200: dataEnvelope(domainEventItem) } },
    },
    async (request) => {
      const outcome = await requeueDeadEvent(database, request.params.id);
      if (outcome === 'missing') throw notFound(DOMAIN_EVENT_MESSAGES.notFound);
      if (outcome === 'notDead') throw new AppError(codeForStatus(409), 409, DOMAIN_EVENT_MESSAGES.notDead);
      // Tried again at once, within this request; a new failure shows as failed with its error.
      eventScope.getStore()?.recorded.push(request.params.id);
      await app.events.settle();
      const [row] = await database.system
        .select()
        .from(domainEvents)
        .where(eq(domainEvents.id, request.params.id));
      const [item] = await itemsOf(database, row ? [row] : []);
      if (!item) throw notFound(DOMAIN_EVENT_MESSAGES.notFound);
      return { data: item };
    },
  );
}
