import { errorBody, myCustomRole, myPrivilege, myPrivilegesQuery } from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { Actor } from '../../http/policy';
import { holdsCustomRolesPrivilege } from './policy';
import { type FailureReporter, loadMyCustomRoles, loadMyPrivileges } from './service';

const BASE = '/api/user/privileges';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 500: errorBody };

const reporterOf =
  (request: FastifyRequest): FailureReporter =>
  (error, message) =>
    request.log.error({ err: error }, message);

/** spec section 6: the active role's menus and the caller's custom roles, for any signed-in user. */
export function registerMyPrivileges(app: FastifyInstance, database: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    `${BASE}/getMyPrivileges`,
    {
      config: { policy: 'signedIn' },
      schema: {
        tags: ['privileges'],
        summary: "The active role's menu privileges (system or custom role)",
        querystring: myPrivilegesQuery,
        response: { 200: z.object({ data: z.array(myPrivilege) }), ...errors },
      },
    },
    async (request) => ({
      data: await loadMyPrivileges(
        database,
        request.actor as Actor,
        request.query.role_id,
        reporterOf(request),
      ),
    }),
  );

  typed.get(
    `${BASE}/getMyCustomRoles`,
    {
      config: { policy: 'signedIn' },
      schema: {
        tags: ['privileges'],
        summary: "Custom roles from the caller's live group memberships in the current context",
        response: { 200: z.object({ data: z.array(myCustomRole) }), ...errors },
      },
    },
    async (request) => ({
      data: await loadMyCustomRoles(database, request.actor as Actor, reporterOf(request)),
    }),
  );

  typed.get(
    `${BASE}/getMyRights`,
    {
      config: { policy: 'signedIn' },
      schema: {
        tags: ['privileges'],
        summary: 'What the caller may manage in the current context, for the client to offer only that',
        response: { 200: z.object({ data: z.object({ manage_custom_roles: z.boolean() }) }), ...errors },
      },
    },
    async (request) => ({
      data: { manage_custom_roles: await holdsCustomRolesPrivilege(database.db, request.actor as Actor) },
    }),
  );
}
