import {
  AUTH_MESSAGES,
  accessTokenResult,
  accountDeleted,
  authProfileAnswer,
  dataEnvelope,
  otherSessionsEnded,
  refreshTokenBody,
  sessionExtended,
} from '@nexus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbOrTx } from '../db/client';
import { profileSections, registrations, userRoles, userSettings, users } from '../db/schema';
import { inScope } from '../db/scope';
import { badRequest, unauthorized } from '../http/app-error';
import { refreshUserUsage } from '../modules/access';
import { assertKeepsPlatformAdmin } from '../modules/identity/users';
import { sha256 } from './keys';
import { verifyPassword } from './passwords';
import { type AuthContext, clearSessionCookie } from './service';
import { extendSession, findSession, revokeAllSessions, revokeOtherSessions } from './sessions';

const ok = <T>(data: T) => ({ data });

/**
 * The calls of a signed-in session (spec section 7): tokens, the profile, extending and ending
 * sessions, and erasing the account. Sign-up, codes, sign-in and passwords are in routes.ts.
 */
export function registerSessionRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { database, tokens } = ctx;
  const tags = ['auth'];

  typed.post(
    '/api/auth/refreshToken',
    {
      schema: { body: refreshTokenBody.optional(), response: { 200: dataEnvelope(accessTokenResult) }, tags },
      config: { policy: 'public' },
    },
    async (request, reply) => {
      let session = request.session;
      const presented = request.body?.refresh_token;
      if (!session && presented) {
        session = await findSession(database, sha256(presented));
      }
      if (!session) throw unauthorized();
      const access = await tokens.issue({ sessionId: session.sessionId, userId: session.userId });
      return reply.send(
        ok({ access_token: access.token, token_type: 'Bearer' as const, expires_in: access.expiresIn }),
      );
    },
  );

  typed.post(
    '/api/auth/signoutOthers',
    { schema: { response: { 200: dataEnvelope(otherSessionsEnded) }, tags }, config: { policy: 'signedIn' } },
    async (request, reply) => {
      const session = request.session;
      if (!session) throw unauthorized();
      const ended = await revokeOtherSessions(database.db, session.userId, session.sessionId);
      return reply.send(ok({ ended }));
    },
  );

  typed.post(
    '/api/auth/deleteAccount',
    {
      schema: {
        body: z.object({ password: z.string().min(1).max(1024) }).strict(),
        response: { 200: dataEnvelope(accountDeleted) },
        tags,
      },
      config: { policy: 'signedIn' },
    },
    async (request, reply) => {
      const session = request.session;
      if (!session) throw unauthorized();
      const [row] = await database.db.select().from(users).where(eq(users.user_id, session.userId));
      if (!(await verifyPassword(row?.password_hash, request.body.password))) {
        throw badRequest(AUTH_MESSAGES.passwordWrong, [
          { in: 'body', path: 'password', message: AUTH_MESSAGES.passwordWrong },
        ]);
      }
      await eraseAccount(database.db, session.userId);
      clearSessionCookie(reply, ctx);
      return reply.send(ok({ deleted: true }));
    },
  );

  typed.get(
    '/auth/profile',
    {
      schema: { response: { 200: authProfileAnswer }, tags },
      config: { policy: 'signedIn' },
    },
    async (request) => {
      const s = request.session;
      if (!s) throw unauthorized();
      const profile = {
        user_id: s.userId,
        sub: String(s.userId),
        email: s.email,
        preferred_username: s.username,
        given_name: s.firstName,
        family_name: s.lastName,
        email_verified: s.emailVerified,
      };
      // Flat like an OpenID Connect userinfo answer, and under `data` like every other call (spec section 7).
      return { ...profile, data: profile };
    },
  );

  typed.post(
    '/auth/refresh',
    { schema: { response: { 200: dataEnvelope(sessionExtended) }, tags }, config: { policy: 'signedIn' } },
    async (request, reply) => {
      if (!request.session) throw unauthorized();
      const idle = await extendSession(database.db, request.session.sessionId);
      if (!idle) throw unauthorized();
      return reply.send(ok({ idle_expires_at: idle.toISOString() }));
    },
  );
}

/**
 * Account erasure: the row stays (other rows refer to it) but everything that identifies the person
 * goes, their sessions end and their own records are removed.
 */
export async function eraseAccount(db: DbOrTx, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        username: `deleted-${userId}`,
        email: `deleted-${userId}@deleted.invalid`,
        first_name: null,
        last_name: null,
        password_hash: null,
        phone_number: null,
        profile_image: null,
        age: null,
        gender: null,
        roll_number: null,
        parent_name: null,
        parent_email: null,
        parent_phone_number: null,
        headline: null,
        bio: null,
        location: null,
        enabled: false,
        is_deleted: true,
        deleted_by: userId,
        deleted_at: sql`now()`,
      })
      .where(eq(users.user_id, userId));
    await tx.delete(profileSections).where(eq(profileSections.user_id, userId));
    await tx.delete(registrations).where(eq(registrations.user_id, userId));
    // The user's own settings rows in every tenant: erasure crosses tenants by design.
    await inScope(tx, 'all', (all) => all.delete(userSettings).where(eq(userSettings.user_id, userId)));
    const freed = await tx
      .update(userRoles)
      .set({ is_deleted: true, deleted_by: userId, deleted_at: sql`now()` })
      .where(and(eq(userRoles.user_id, userId), eq(userRoles.is_deleted, false)))
      .returning({ tenantId: userRoles.tenant_id });
    // The seats the account held are free again (issue 4 part 5).
    for (const tenantId of new Set(freed.map((row) => row.tenantId))) {
      if (tenantId !== null) await refreshUserUsage(tx, tenantId);
    }
    await assertKeepsPlatformAdmin(tx, [userId]);
    await revokeAllSessions(tx, userId);
  });
}
