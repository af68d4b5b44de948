import {
  authUserCreateBody,
  disableUserResult,
  enableUserResult,
  type ListQuery,
  listEnvelope,
  listQuery,
  passwordChangedResult,
  profileGetUserQuery,
  profileUpdateBody,
  profileUpdatePasswordBody,
  USER_MESSAGES,
  USERS_API,
  userEnvelope,
  userListItem,
  usersCreateMany,
  usersEnvelope,
} from '@nexus/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { badRequest } from '../../../http/app-error';
import type { ResourceStore } from '../../../http/resource-store';
import { changeOwnPassword, createAccounts, disableByUsername, enableByUsername } from './accounts';
import { USER_POLICIES } from './policy';
import { accessById, locateUser } from './read';
import { actorOf, errorResponses, sendJson, sessionOf, userViewEnvelope } from './shared';
import { loadUser, viewFor } from './user-view';
import { applyUserChanges, changedFields, type UserChanges } from './write';

const BASE = USERS_API.profile;
const tags = ['profile'];

/** Spec section 7 "Profile" (global-user/profile): the account calls of the provider's admin API. */
export function registerProfileRoutes(
  app: FastifyInstance,
  database: Database,
  usersStore: ResourceStore,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  typed.put(
    `${BASE}/update`,
    {
      config: { policy: USER_POLICIES.signedIn },
      schema: {
        tags,
        summary:
          'Update a profile (userId, username, email, attributes): oneself, or any as a platform admin',
        body: profileUpdateBody,
        response: { 200: userViewEnvelope, ...errorResponses },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { userId, attributes, ...top } = request.body;
      const target = userId ?? actor.userId;
      const changes: UserChanges = { ...attributes };
      for (const [key, value] of Object.entries(top)) {
        if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
      }
      if (changedFields(changes as Record<string, unknown>).length === 0) {
        throw badRequest(USER_MESSAGES.nothingToUpdate, [
          { in: 'body', path: 'attributes', message: USER_MESSAGES.nothingToUpdate },
        ]);
      }
      const access = await accessById(db, actor, target);
      await db.transaction((tx) =>
        applyUserChanges(tx, actor, access, target, changes, { keepSession: sessionOf(request) }),
      );
      return { data: viewFor(await loadUser(db, target), access) };
    },
  );

  typed.post(
    `${BASE}/createUser`,
    {
      config: { policy: USER_POLICIES.platformAdmin },
      schema: {
        tags,
        summary: 'Create an account (password optional; temp role unless roles are given)',
        body: authUserCreateBody,
        response: { 201: userEnvelope, ...errorResponses },
      },
    },
    async (request, reply) => {
      const [created] = await createAccounts(database, actorOf(request), [request.body], () => '');
      return reply.status(201).send({ data: created! });
    },
  );

  typed.post(
    `${BASE}/createMany`,
    {
      config: { policy: USER_POLICIES.platformAdmin },
      schema: {
        tags,
        summary: 'Create many accounts, all or none',
        body: usersCreateMany,
        response: { 201: usersEnvelope, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createAccounts(database, actorOf(request), request.body) }),
  );

  typed.put(
    `${BASE}/update-password`,
    {
      config: { policy: USER_POLICIES.signedIn },
      schema: {
        tags,
        summary: 'Change one’s own password (old_password, new_password); ends the other sessions',
        body: profileUpdatePasswordBody,
        response: { 200: passwordChangedResult, ...errorResponses, 429: errorResponses[400] },
      },
    },
    async (request) => ({
      data: await changeOwnPassword(database, actorOf(request), request.body, sessionOf(request)),
    }),
  );

  typed.put(
    `${BASE}/users/:username/disable`,
    {
      config: { policy: USER_POLICIES.platformAdmin },
      schema: {
        tags,
        summary: 'Disable a user by username and end all their sessions (empty body)',
        params: z.object({ username: z.string().max(254) }),
        body: z.object({}).strict().nullish(),
        response: { 200: disableUserResult, ...errorResponses },
      },
    },
    async (request) => ({
      data: await disableByUsername(database, actorOf(request), request.params.username),
    }),
  );

  typed.put(
    `${BASE}/users/:username/enable`,
    {
      config: { policy: USER_POLICIES.platformAdmin },
      schema: {
        tags,
        summary: 'Enable a disabled user by username, so they can sign in again (empty body)',
        params: z.object({ username: z.string().max(254) }),
        body: z.object({}).strict().nullish(),
        response: { 200: enableUserResult, ...errorResponses },
      },
    },
    async (request) => ({
      data: await enableByUsername(database, actorOf(request), request.params.username),
    }),
  );

  typed.get(
    `${BASE}/getUser`,
    {
      config: { policy: USER_POLICIES.signedIn },
      schema: {
        tags,
        summary: 'The caller’s user, or one user by user_id, email or username (admins; members: themselves)',
        querystring: profileGetUserQuery,
        response: { 200: userViewEnvelope, ...errorResponses },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { user_id, email, username } = request.query;
      const { userId, access } =
        user_id === undefined && email === undefined && username === undefined
          ? { userId: actor.userId, access: { self: true, platformAdmin: false, tenantId: null } }
          : await locateUser(db, actor, { userId: user_id, email, username });
      return { data: viewFor(await loadUser(db, userId), access) };
    },
  );

  typed.get(
    `${BASE}/getAll`,
    {
      config: { policy: USER_POLICIES.platformAdmin },
      schema: {
        tags,
        summary: 'Every user, by the generic list pattern (page, limit, fields, filterFields, ...)',
        querystring: listQuery,
        response: { 200: listEnvelope(userListItem.partial()), ...errorResponses },
      },
    },
    async (request, reply) => {
      const json = await usersStore.list(database, actorOf(request), request.query as ListQuery);
      return sendJson(reply, json);
    },
  );
}
