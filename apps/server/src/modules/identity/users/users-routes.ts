import {
  authUserCreateBody,
  type FilterFields,
  USER_MESSAGES,
  USERS_API,
  user,
  userCreateBody,
  userEnvelope,
  userGetOneQuery,
  userUpdateBody,
} from '@nexus/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { users } from '../../../db/schema';
import { badRequest, forbidden } from '../../../http/app-error';
import { registerResource } from '../../../http/resource-factory';
import type { ResourceStore } from '../../../http/resource-store';
import { createAccounts, ensureOwnRecord } from './accounts';
import { assertKeepsPlatformAdmin } from './last-admin';
import { USER_POLICIES } from './policy';
import { accessById, locateUser, type UserLookup } from './read';
import { usersResource } from './resource';
import {
  actorOf,
  errorResponses,
  parseOrBadRequest,
  sessionOf,
  userIdParam,
  userViewEnvelope,
} from './shared';
import { checkViewFields, loadUser, pickFields, userNotFound, viewFor } from './user-view';
import { applyUserChanges } from './write';

const BASE = USERS_API.users;
const tags = ['users'];
const emailOf = userGetOneQuery.shape.email;

function filterEmail(filter: FilterFields | undefined): string | undefined {
  if (filter === undefined) return undefined;
  const refuse = () =>
    badRequest('filterFields: only email may be used to look up one user', [
      { in: 'querystring', path: 'filterFields', message: 'only email may be used to look up one user' },
    ]);
  if (Array.isArray(filter) || Object.keys(filter).some((key) => key !== 'email')) throw refuse();
  const condition = filter.email;
  const value =
    typeof condition === 'object' && condition !== null && !Array.isArray(condition)
      ? condition.$eq
      : condition;
  const parsed = emailOf.safeParse(value);
  if (!parsed.success || parsed.data === undefined) throw refuse();
  return parsed.data;
}

/**
 * Spec section 5: a user id must be a valid number; otherwise the user is looked up by email (from
 * `?email=`, `filterFields={"email":...}` or an address in the path), and still missing is a 404.
 */
function lookupOf(id: string, query: z.output<typeof userGetOneQuery>): UserLookup & { mustMatch?: string } {
  const email = query.email ?? filterEmail(query.filterFields);
  const numeric = /^\d{1,10}$/.test(id) ? userIdParam.safeParse(id) : undefined;
  if (numeric?.success) return { userId: numeric.data, mustMatch: email };
  if (email) return { email };
  const fromPath = id.includes('@') ? emailOf.safeParse(id) : undefined;
  if (fromPath?.success && fromPath.data) return { email: fromPath.data };
  throw userNotFound();
}

/** global-user/users: the factory's list and delete, and the three verbs with rules of their own. */
export function registerUserRoutes(app: FastifyInstance, database: Database): ResourceStore {
  const store = registerResource(app, database, usersResource);
  const remove = store.remove.bind(store);
  // deleteUser/{id}/{user_id} is the factory's; the platform must keep an administrator all the same.
  store.remove = (db, actor, ids) =>
    db.transaction(async (tx) => {
      const deleted = await remove(tx, actor, ids);
      await assertKeepsPlatformAdmin(tx, ids);
      return deleted;
    });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  typed.get(
    `${BASE}/getUser/:id`,
    {
      config: { policy: USER_POLICIES.signedIn },
      schema: {
        tags,
        summary: 'Get a user by user_id, or by email when the id is not a number; 404 User not found',
        params: z.object({ id: z.string().max(254) }),
        querystring: userGetOneQuery,
        response: { 200: z.object({ data: user.partial() }), ...errorResponses },
      },
    },
    async (request) => {
      checkViewFields(request.query.fields);
      const { mustMatch, ...lookup } = lookupOf(request.params.id, request.query);
      const { userId, access } = await locateUser(db, actorOf(request), lookup);
      const view = await loadUser(db, userId);
      if (mustMatch !== undefined && view.email !== mustMatch) throw userNotFound();
      return { data: pickFields(viewFor(view, access), request.query.fields) };
    },
  );

  typed.post(
    `${BASE}/createUser`,
    {
      config: { policy: USER_POLICIES.signedIn },
      schema: {
        tags,
        summary: 'Ensure the caller’s own record (temp role, registration_redirect), or an admin creates one',
        body: userCreateBody,
        response: { 200: userEnvelope, 201: userEnvelope, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const body = request.body;
      const [own] = await db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.user_id, actor.userId), eq(users.is_deleted, false)));
      const isOwn =
        (body.user_id === undefined || body.user_id === actor.userId) &&
        (body.email === undefined || body.email === own?.email);
      if (isOwn) return reply.status(200).send({ data: await ensureOwnRecord(database, actor, body) });
      if (!actor.isPlatformAdmin) throw forbidden(USER_MESSAGES.onlyOwnRecord);
      const account = parseOrBadRequest(authUserCreateBody, body);
      const [created] = await createAccounts(database, actor, [account], () => '');
      return reply.status(201).send({ data: created! });
    },
  );

  typed.put(
    `${BASE}/updateUser/:id`,
    {
      config: { policy: USER_POLICIES.signedIn },
      schema: {
        tags,
        summary: 'Update a user: oneself (profile fields, active_role) or, as an admin, roles and enabled',
        params: z.object({ id: userIdParam }),
        body: userUpdateBody,
        response: { 200: userViewEnvelope, ...errorResponses },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.params;
      const access = await accessById(db, actor, id);
      await db.transaction((tx) =>
        applyUserChanges(tx, actor, access, id, request.body, { keepSession: sessionOf(request) }),
      );
      return { data: viewFor(await loadUser(db, id), access) };
    },
  );

  return store;
}
