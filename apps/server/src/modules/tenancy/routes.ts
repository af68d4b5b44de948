import {
  assignSeatBody,
  createSubscriptionBody,
  createTenantBody,
  dataEnvelope,
  filterFields,
  LIST_DEFAULTS,
  LIST_MAX_LIMIT,
  pathId,
  SUBSCRIPTIONS_API,
  seatInvitation,
  seatList,
  seatRevoked,
  seatsQuery,
  TENANTS_API,
  tenantCreated,
  tenantIfNotExistsResult,
  tenantList,
  tenantRecord,
  tenantSubscription,
  tenantTypeSchema,
  updateSubscriptionBody,
  updateTenantBody,
  updateUsageBody,
  userTenant,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { seatInvitationMail } from '../../mail/templates';
import type { Mailer } from '../../mail/transport';
import { ApiMeter, installMetering } from './metering';
import { assignSeat, listSeats, revokeSeat } from './seats';
import {
  createTenant,
  createTenantIfNotExists,
  deleteTenant,
  getTenant,
  getUserTenants,
  listTenants,
  setTenantSuspended,
  updateTenant,
} from './service';
import {
  createSubscription,
  getSubscriptionByTenant,
  updateSubscription,
  updateUsage,
} from './subscriptions';

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

const id = pathId;

/** filterFields of getAll: a JSON array of objects (ORed), or one object (its columns ANDed). */
const filterParam = z
  .string()
  .max(8000)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'filterFields must be valid JSON' });
      return z.NEVER;
    }
  })
  .pipe(filterFields);

const tenantListQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(LIST_DEFAULTS.page),
    limit: z.coerce
      .number()
      .int()
      .refine(
        (n) => n === -1 || (n >= 1 && n <= LIST_MAX_LIMIT),
        `limit must be -1 (all rows) or between 1 and ${LIST_MAX_LIMIT}`,
      )
      .default(LIST_DEFAULTS.limit),
    filterFields: filterParam.optional(),
  })
  .strict();

/**
 * Tenants and subscriptions (spec section 7; docs/tenancy.md), and the per-tenant API meter that
 * enforces `limits.api_calls` on every call made in a tenant context.
 */
export function registerTenancy(
  app: FastifyInstance,
  database: Database,
  mail: { mailer: Mailer; publicOrigin: string },
): ApiMeter {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const meter = new ApiMeter(database, (message, error) => app.log.error({ err: error }, message));
  installMetering(app, meter);

  const tags = ['tenants'];
  const signedIn = { policy: 'signedIn' } as const;
  const platformAdmin = { policy: 'platformAdmin' } as const;

  typed.get(
    `${TENANTS_API}/getTenant/:id`,
    {
      schema: { params: z.object({ id }), response: { 200: dataEnvelope(tenantRecord) }, tags },
      config: signedIn,
    },
    async (request) => ({ data: await getTenant(db, actorOf(request), request.params.id) }),
  );
  typed.get(
    `${TENANTS_API}/getUserTenants/:userId`,
    {
      schema: {
        params: z.object({ userId: id }),
        response: { 200: dataEnvelope(z.array(userTenant)) },
        tags,
      },
      config: signedIn,
    },
    async (request) => ({ data: await getUserTenants(db, actorOf(request), request.params.userId) }),
  );
  typed.get(
    `${TENANTS_API}/getTenantsByType/:type`,
    {
      schema: {
        params: z.object({ type: tenantTypeSchema }),
        querystring: tenantListQuery,
        response: { 200: tenantList },
        tags,
      },
      config: signedIn,
    },
    async (request) => listTenants(db, actorOf(request), request.query, request.params.type),
  );
  typed.get(
    `${TENANTS_API}/getAll`,
    { schema: { querystring: tenantListQuery, response: { 200: tenantList }, tags }, config: signedIn },
    async (request) => listTenants(db, actorOf(request), request.query),
  );
  typed.post(
    `${TENANTS_API}/createTenant`,
    {
      schema: { body: createTenantBody, response: { 201: dataEnvelope(tenantCreated) }, tags },
      config: signedIn,
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createTenant(db, actorOf(request), request.body) }),
  );
  typed.post(
    `${TENANTS_API}/createTenantIfNotExists`,
    {
      schema: {
        body: createTenantBody,
        response: { 200: tenantIfNotExistsResult, 201: tenantIfNotExistsResult },
        tags,
      },
      config: signedIn,
    },
    async (request, reply) => {
      const { created, data } = await createTenantIfNotExists(db, actorOf(request), request.body);
      return reply.status(created ? 201 : 200).send({ data, created });
    },
  );
  typed.put(
    `${TENANTS_API}/updateTenant/:id`,
    {
      schema: {
        params: z.object({ id }),
        body: updateTenantBody,
        response: { 200: dataEnvelope(tenantRecord) },
        tags,
      },
      config: signedIn,
    },
    async (request) => ({
      data: await updateTenant(db, actorOf(request), request.params.id, request.body),
    }),
  );
  // Not in the spec: a platform administrator pauses an organisation and reopens it (issue 23).
  for (const [verb, suspended] of [
    ['suspendTenant', true],
    ['resumeTenant', false],
  ] as const) {
    typed.put(
      `${TENANTS_API}/${verb}/:id`,
      {
        schema: {
          params: z.object({ id }),
          body: z.object({}).strict().nullish(),
          response: { 200: dataEnvelope(tenantRecord) },
          tags,
        },
        config: platformAdmin,
      },
      async (request) => {
        const data = await setTenantSuspended(db, actorOf(request), request.params.id, suspended);
        meter.invalidate(data.tenant_id);
        return { data };
      },
    );
  }
  typed.delete(
    `${TENANTS_API}/deleteTenant/:id/:userId`,
    {
      schema: { params: z.object({ id, userId: id }), response: { 200: dataEnvelope(tenantRecord) }, tags },
      config: platformAdmin,
    },
    async (request) => ({
      data: await deleteTenant(db, actorOf(request), request.params.id, request.params.userId),
    }),
  );

  const subscriptionTags = ['tenant-subscriptions'];
  typed.get(
    `${SUBSCRIPTIONS_API}/getSubscriptionByTenant/:tenantId`,
    {
      schema: {
        params: z.object({ tenantId: id }),
        response: { 200: dataEnvelope(tenantSubscription) },
        tags: subscriptionTags,
      },
      config: signedIn,
    },
    async (request) => ({
      data: await getSubscriptionByTenant(db, meter, actorOf(request), request.params.tenantId),
    }),
  );
  typed.post(
    `${SUBSCRIPTIONS_API}/createSubscription`,
    {
      schema: {
        body: createSubscriptionBody,
        response: { 201: dataEnvelope(tenantSubscription) },
        tags: subscriptionTags,
      },
      config: platformAdmin,
    },
    async (request, reply) => {
      const data = await createSubscription(db, actorOf(request), request.body);
      meter.invalidate(data.tenant_id);
      return reply.status(201).send({ data });
    },
  );
  typed.put(
    `${SUBSCRIPTIONS_API}/updateSubscription/:id`,
    {
      schema: {
        params: z.object({ id }),
        body: updateSubscriptionBody,
        response: { 200: dataEnvelope(tenantSubscription) },
        tags: subscriptionTags,
      },
      config: platformAdmin,
    },
    async (request) => {
      const data = await updateSubscription(db, actorOf(request), request.params.id, request.body);
      meter.invalidate(data.tenant_id);
      return { data };
    },
  );
  typed.put(
    `${SUBSCRIPTIONS_API}/updateUsage`,
    {
      schema: {
        body: updateUsageBody,
        response: { 200: dataEnvelope(tenantSubscription) },
        tags: subscriptionTags,
      },
      config: platformAdmin,
    },
    async (request) => {
      await meter.flush();
      const data = await updateUsage(db, actorOf(request), request.body);
      meter.invalidate(data.tenant_id);
      return { data };
    },
  );
  typed.get(
    `${SUBSCRIPTIONS_API}/getSeats/:id`,
    {
      schema: {
        params: z.object({ id }),
        querystring: seatsQuery,
        response: { 200: seatList },
        tags: subscriptionTags,
      },
      config: signedIn,
    },
    async (request) => listSeats(db, actorOf(request), request.params.id, request.query),
  );
  typed.post(
    `${SUBSCRIPTIONS_API}/assignSeat/:id`,
    {
      schema: {
        params: z.object({ id }),
        body: assignSeatBody,
        response: { 202: dataEnvelope(seatInvitation) },
        tags: subscriptionTags,
      },
      config: signedIn,
    },
    async (request, reply) => {
      const { mail: message, ...invited } = await assignSeat(
        db,
        actorOf(request),
        request.params.id,
        request.body,
        mail.publicOrigin,
      );
      // Sent after the invitation is stored; a failed send is logged and the admin can revoke and retry.
      await mail.mailer
        .send(seatInvitationMail({ to: invited.email, ...message }))
        .catch((error) => request.log.warn({ err: error }, 'seat invitation mail failed'));
      return reply.status(202).send({ data: invited });
    },
  );
  typed.delete(
    `${SUBSCRIPTIONS_API}/revokeSeat/:id/:userId`,
    {
      schema: {
        params: z.object({ id, userId: id }),
        response: { 200: dataEnvelope(seatRevoked) },
        tags: subscriptionTags,
      },
      config: signedIn,
    },
    async (request) => ({
      data: await revokeSeat(db, actorOf(request), request.params.id, request.params.userId),
    }),
  );
  return meter;
}
