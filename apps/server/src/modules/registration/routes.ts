import {
  errorBody,
  type ListQuery,
  listEnvelope,
  listQuery,
  registrationBody,
  registrationRecord,
  registrationRoleTypeParams,
  registrationSubmitResult,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { registrations } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { ResourceStore } from '../../http/resource-store';
import type { ResourceDefinition } from '../../http/resource-types';
import { registrationPolicies } from './policy';
import { getRegistration, saveDraft, submitRegistration } from './service';

/** DESIGN section 4: an area the spec does not list lives under /api/<area>/<resource>/. */
export const REGISTRATION_BASE = '/api/registration/forms';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['registration'];

/**
 * The admin list reuses the generic list pattern (spec section 7) over the registrations table. Only
 * `list` is registered: forms are written through saveDraft and submit, never the generic verbs.
 */
export const registrationsResource: ResourceDefinition = {
  entity: 'Registration',
  basePath: REGISTRATION_BASE,
  table: registrations,
  idColumn: 'registration_id',
  bulkIdsKey: 'registration_ids',
  columns: {
    registration_id: registrations.registration_id,
    user_id: registrations.user_id,
    role_type: registrations.role_type,
    status: registrations.status,
    data: registrations.data,
    submitted_at: registrations.submitted_at,
    created_at: registrations.created_at,
    modified_at: registrations.modified_at,
  },
  searchable: ['role_type', 'status'],
  schemas: {
    item: registrationRecord,
    create: registrationBody,
    update: registrationBody,
    updateItem: registrationBody,
    bulkDelete: registrationBody,
  },
  policies: { read: registrationPolicies.list, write: registrationPolicies.list },
  bulk: false,
  tags,
};

function sendJson(reply: FastifyReply, json: string) {
  // The list is built as JSON by PostgreSQL from the whitelisted projection (as the resource factory).
  return reply.type('application/json; charset=utf-8').send(json);
}

function actorOf(request: FastifyRequest): Actor {
  // The policy hook has already answered 401 when there is no actor.
  return request.actor as Actor;
}

/** Registration forms: the caller's draft and submission per role type, and the admin list. */
export function registerRegistration(app: FastifyInstance, database: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const store = new ResourceStore(registrationsResource);
  const params = registrationRoleTypeParams;

  typed.get(
    `${REGISTRATION_BASE}/getRegistration/:role_type`,
    {
      config: { policy: registrationPolicies.own },
      schema: {
        tags,
        summary: "The caller's draft or submitted form for a role type (data null when none is saved)",
        params,
        response: { 200: z.object({ data: registrationRecord.nullable() }), ...errors },
      },
    },
    async (request) => ({
      data: await getRegistration(db, actorOf(request).userId, request.params.role_type),
    }),
  );

  typed.put(
    `${REGISTRATION_BASE}/saveDraft/:role_type`,
    {
      config: { policy: registrationPolicies.own },
      schema: {
        tags,
        summary: 'Save any part of the form as a draft',
        params,
        body: registrationBody,
        response: { 200: z.object({ data: registrationRecord }), ...errors },
      },
    },
    async (request) => ({
      data: await saveDraft(db, actorOf(request).userId, request.params.role_type, request.body),
    }),
  );

  typed.post(
    `${REGISTRATION_BASE}/submit/:role_type`,
    {
      config: { policy: registrationPolicies.own },
      schema: {
        tags,
        summary: 'Submit the complete form: grants the role, drops the temp role, makes the role active',
        params,
        body: registrationBody,
        response: { 200: z.object({ data: registrationSubmitResult }), ...errors },
      },
    },
    async (request) => ({
      data: await submitRegistration(db, actorOf(request).userId, request.params.role_type, request.body),
    }),
  );

  typed.get(
    `${REGISTRATION_BASE}/getRegistrations`,
    {
      config: { policy: registrationPolicies.list },
      schema: {
        tags,
        summary: 'List every registration (platform administrators)',
        querystring: listQuery,
        response: { 200: listEnvelope(registrationRecord.partial()), ...errors },
      },
    },
    async (request, reply) =>
      sendJson(reply, await store.list(database, actorOf(request), request.query as ListQuery)),
  );
}
