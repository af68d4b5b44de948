import {
  authUserCreateBody,
  authUserUpdateBody,
  otpVerifiedResult,
  searchUsersQuery,
  searchUsersResult,
  USERS_API,
  userEnvelope,
  usersCreateMany,
  usersDeleteMany,
  usersEnvelope,
  usersUpdateMany,
} from '@nexus/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hashPassword } from '../../../auth/passwords';
import type { Database } from '../../../db/client';
import { users } from '../../../db/schema';
import { adminAccess, createAccounts, deleteUsers } from './accounts';
import { USER_POLICIES } from './policy';
import { accessById, searchUsers } from './read';
import { actorOf, changesOf, errorResponses, sessionOf, userIdParam } from './shared';
import { loadUser, loadUsers, userNotFound } from './user-view';
import { applyUserChanges } from './write';

const BASE = USERS_API.auth;
const tags = ['auth-users'];

/**
 * Spec section 7 "Auth": the administrator's account calls under api/auth. All but isOtpVerified need
 * a platform admin; tenant admins manage their members' roles through global-user/users/updateUser.
 */
export function registerAuthUserRoutes(app: FastifyInstance, database: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  typed.post(
    `${BASE}/createAuthUser`,
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

  typed.put(
    `${BASE}/updateAuthUser/:id`,
    {
      config: { policy: USER_POLICIES.platformAdmin },
      schema: {
        tags,
        summary: 'Update any field of an account; a new password or disabling ends its sessions',
        params: z.object({ id: userIdParam }),
        body: authUserUpdateBody,
        response: { 200: userEnvelope, ...errorResponses },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.params;
      const hash = request.body.password ? await hashPassword(request.body.password) : undefined;
      await db.transaction((tx) =>
        applyUserChanges(tx, actor, adminAccess(actor, id), id, changesOf(request.body, hash), {
          keepSession: sessionOf(request),
        }),
      );
      return { data: await loadUser(db, id) };
    },
  );

  typed.get(
    `${BASE}/searchUsers`,
    {
      config: { policy: USER_POLICIES.platformAdmin },
      schema: {
        tags,
        summary:
          'Search users (page 1, limit 10; search; role_ids, tenant_ids, user_ids, gender as comma lists)',
        querystring: searchUsersQuery,
        response: { 200: searchUsersResult, ...errorResponses },
      },
    },
    async (request) => searchUsers(db, request.query),
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

  typed.post(
    `${BASE}/updateMany`,
    {
      config: { policy: USER_POLICIES.platformAdmin },
      schema: {
        tags,
        summary: 'Update many accounts (each item with its user_id), all or none',
        body: usersUpdateMany,
        response: { 200: usersEnvelope, ...errorResponses },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const items = request.body;
      const hashes: (string | undefined)[] = [];
      for (const item of items) hashes.push(item.password ? await hashPassword(item.password) : undefined);
      await db.transaction(async (tx) => {
        for (const [index, { user_id, ...item }] of items.entries()) {
          await applyUserChanges(
            tx,
            actor,
            adminAccess(actor, user_id),
            user_id,
            changesOf(item, hashes[index]),
            {
              path: `${index}.`,
              keepSession: sessionOf(request),
            },
          );
        }
      });
      return { data: await loadUsers(db, [...new Set(items.map((item) => item.user_id))]) };
    },
  );

  typed.put(
    `${BASE}/deleteMany`,
    {
      config: { policy: USER_POLICIES.platformAdmin },
      schema: {
        tags,
        summary: 'Soft-delete users {user_ids, deleted_by} and end their sessions, all or none',
        body: usersDeleteMany,
        response: { 200: usersEnvelope, ...errorResponses },
      },
    },
    async (request) => ({ data: await deleteUsers(database, actorOf(request), request.body.user_ids) }),
  );

  typed.get(
    `${BASE}/isOtpVerified/:user_id`,
    {
      config: { policy: USER_POLICIES.signedIn },
      schema: {
        tags,
        summary: 'Whether a user has verified their email (oneself, or an admin)',
        params: z.object({ user_id: userIdParam }),
        response: { 200: otpVerifiedResult, ...errorResponses },
      },
    },
    async (request) => {
      const userId = request.params.user_id;
      await accessById(db, actorOf(request), userId);
      const [row] = await db
        .select({ user_id: users.user_id, otpVerified: users.email_verified })
        .from(users)
        .where(and(eq(users.user_id, userId), eq(users.is_deleted, false)));
      if (!row) throw userNotFound();
      return { data: row };
    },
  );
}
