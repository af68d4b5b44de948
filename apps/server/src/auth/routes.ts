import {
  AUTH_LIMITS,
  AUTH_MESSAGES,
  authMessage,
  dataEnvelope,
  ERROR_CODES,
  generateOtpBody,
  MESSAGES,
  signedOutResult,
  signinBody,
  signinResult,
  signupAccepted,
  signupPayload,
  TEMP_ROLE_ID,
  updatePasswordBody,
  verifyOtpBody,
  verifyOtpResult,
} from '@nexus/contracts';
import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../db/client';
import { userRoles, users } from '../db/schema';
import { AppError, badRequest, forbidden, unauthorized } from '../http/app-error';
import { perAddress } from '../kernel/rate-limit';
import { existingAccountMail, otpMail } from '../mail/templates';
import { loadUser } from '../modules/identity/users';
import { registerEmailChangeRoutes } from './email-change';
import { consumeOtp, issueOtp, type OtpPurpose, throttleOtp } from './otp';
import { hashPassword, verifyPassword } from './passwords';
import { type AuthContext, clearSessionCookie, maskEmail, sessionMeta, setSessionCookie } from './service';
import { sessionCache } from './session-cache';
import { registerSessionRoutes } from './session-routes';
import { createSession, revokeAllSessions, revokeOtherSessions, revokeSession } from './sessions';
import {
  assertNotLocked,
  clearAccountSignInFailures,
  clearFailures,
  recordFailure,
  signInKey,
} from './throttle';

const otpSendFailed = () => new AppError('SERVICE_UNAVAILABLE', 502, MESSAGES.otpSendFailed);

const ok = <T>(data: T) => ({ data });

async function findLiveUser(db: DbOrTx, identifier: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        or(eq(users.username, identifier), eq(users.email, identifier)),
        eq(users.is_deleted, false),
        eq(users.enabled, true),
      ),
    )
    .limit(1);
  return row;
}

/** The account a sign-in names, enabled or not: a disabled one is told so, after its password. */
async function findSignInUser(db: DbOrTx, identifier: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(or(eq(users.username, identifier), eq(users.email, identifier)), eq(users.is_deleted, false)))
    .orderBy(sql`${users.enabled} desc`)
    .limit(1);
  return row;
}

/** Spec section 7 "Auth" calls that sign in, sign up and manage passwords (DESIGN section 5). */
export function registerAuthRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { database, mailer, tokens } = ctx;
  const tags = ['auth'];

  async function signedInResult(reply: FastifyReply, request: FastifyRequest, userId: number) {
    const session = await createSession(database.db, userId, sessionMeta(request));
    setSessionCookie(reply, ctx, session);
    const [user, access] = await Promise.all([
      loadUser(database.db, userId),
      tokens.issue({ sessionId: session.sessionId, userId }),
    ]);
    return {
      user,
      access_token: access.token,
      token_type: 'Bearer' as const,
      expires_in: access.expiresIn,
      refresh_token: session.token,
    };
  }

  async function sendOtp(options: {
    email: string;
    purpose: OtpPurpose;
    to: string;
    firstName?: string | null;
    forChild?: string | null;
  }) {
    const code = await issueOtp(database.db, await ctx.otpSecret(), options.email, options.purpose);
    await mailer.send(
      otpMail({
        to: options.to,
        code,
        purpose: options.purpose,
        firstName: options.firstName,
        forChild: options.forChild,
      }),
      // The caller reports a failed first attempt (spec section 8); a reset answers before it.
      { wait: options.purpose !== 'reset', retentionMinutes: AUTH_LIMITS.otpTtlMinutes },
    );
  }

  typed.post(
    '/api/auth/signup',
    {
      schema: { body: signupPayload, response: { 201: dataEnvelope(signupAccepted) }, tags },
      config: { policy: 'public', rateLimit: perAddress('signup-ip', 20, 3600) },
    },
    async (request, reply) => {
      const body = request.body;
      // Hash first, whatever happens next: an existing address must cost the same time as a new one.
      const passwordHash = await hashPassword(body.password);
      const sentTo = body.is_underage && body.parent_email ? body.parent_email : body.email;
      const [existing] = await database.db
        .select({ user_id: users.user_id, email: users.email, username: users.username })
        .from(users)
        .where(or(eq(users.email, body.email), eq(users.username, body.username)));
      if (existing && existing.email !== body.email) {
        // Usernames are public handles (profiles show them), so saying one is taken leaks nothing.
        throw new AppError('CONFLICT', 409, 'This username is taken. Choose another.', [
          { in: 'body', path: 'username', message: 'This username is taken.' },
        ]);
      }
      await throttleOtp(ctx.rateLimits, body.email);
      if (existing) {
        try {
          // Waits like a new account's code mail does, so the answer takes as long either way.
          await mailer.send(existingAccountMail(body.email), { wait: true });
        } catch (error) {
          request.log.warn({ err: error }, 'existing-account mail failed');
        }
      } else {
        const userId = await database.db.transaction(async (tx) => {
          const [created] = await tx
            .insert(users)
            .values({
              username: body.username,
              email: body.email,
              first_name: body.firstName,
              last_name: body.lastName,
              password_hash: passwordHash,
              phone_number: body.phone_number ?? null,
              is_underage: body.is_underage,
              parent_name: body.is_underage ? (body.parent_name ?? null) : null,
              parent_email: body.is_underage ? (body.parent_email ?? null) : null,
              parent_phone_number: body.is_underage ? (body.parent_phone_number ?? null) : null,
              tnc_accepted_at: new Date(),
              active_role_id: TEMP_ROLE_ID,
            })
            .returning({ user_id: users.user_id });
          const id = created!.user_id;
          await tx.update(users).set({ created_by: id, modified_by: id }).where(eq(users.user_id, id));
          // Spec section 6: the temp role is the default for new users.
          await tx.insert(userRoles).values({ user_id: id, role_id: TEMP_ROLE_ID, created_by: id });
          return id;
        });
        try {
          await sendOtp({
            email: body.email,
            purpose: 'signup',
            to: sentTo,
            firstName: body.firstName,
            forChild: body.is_underage ? `${body.firstName} ${body.lastName}` : null,
          });
        } catch (error) {
          request.log.warn({ err: error, userId }, 'sign-up code mail failed');
          throw otpSendFailed();
        }
      }
      return reply
        .status(201)
        .send(ok({ message: AUTH_MESSAGES.signupAccepted, email: body.email, sent_to: maskEmail(sentTo) }));
    },
  );

  typed.post(
    '/api/auth/signin',
    {
      schema: { body: signinBody, response: { 200: dataEnvelope(signinResult) }, tags },
      config: { policy: 'public', rateLimit: perAddress('signin-ip', 30, 60) },
    },
    async (request, reply) => {
      const { username: identifier, password } = request.body;
      const user = await findSignInUser(database.db, identifier);
      const lockKey = signInKey(user?.user_id, identifier, request.ip);
      await assertNotLocked(database.db, lockKey);
      // An unknown user still costs a verification (timing), and every failure reads the same.
      const valid = await verifyPassword(user?.password_hash, password);
      if (!user || !valid) {
        const lockedFor = await recordFailure(database.db, lockKey);
        if (lockedFor !== null) {
          throw new AppError('RATE_LIMITED', 429, AUTH_MESSAGES.accountLocked, undefined, {
            'retry-after': String(lockedFor),
          });
        }
        throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      }
      // Only someone who knows the password learns the account is disabled; a guesser is told, as for
      // any wrong password, that the pair is wrong.
      if (!user.enabled) throw new AppError(ERROR_CODES.accountDisabled, 403, AUTH_MESSAGES.accountDisabled);
      await clearFailures(database.db, lockKey);
      return reply.send(ok(await signedInResult(reply, request, user.user_id)));
    },
  );

  typed.post(
    '/api/auth/signout',
    { schema: { response: { 200: dataEnvelope(signedOutResult) }, tags }, config: { policy: 'public' } },
    async (request, reply) => {
      if (request.session) await revokeSession(database.db, request.session.sessionId);
      clearSessionCookie(reply, ctx);
      return reply.send(ok({ signedOut: true }));
    },
  );

  typed.post(
    '/api/auth/generateOtp',
    {
      schema: { body: generateOtpBody, response: { 202: dataEnvelope(authMessage) }, tags },
      config: { policy: 'public', rateLimit: perAddress('otp-ip', 30, 600) },
    },
    async (request, reply) => {
      const { email, type } = request.body;
      await throttleOtp(ctx.rateLimits, email);
      const user = await findLiveUser(database.db, email);
      const to = user?.is_underage && user.parent_email ? user.parent_email : email;
      const forChild = user?.is_underage ? `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim() : null;
      if (type === 'reset') {
        // A reset answers the same at once whether or not the account exists (text, status and time):
        // the mail goes out after the response.
        if (user) {
          sendOtp({ email, purpose: 'reset', to, firstName: user.first_name, forChild }).catch((error) =>
            request.log.warn({ err: error }, 'reset code mail failed'),
          );
        }
      } else if (user && !user.email_verified) {
        try {
          await sendOtp({ email, purpose: type, to, firstName: user.first_name, forChild });
        } catch (error) {
          request.log.warn({ err: error }, 'code mail failed');
          throw otpSendFailed();
        }
      }
      return reply.status(202).send(ok({ message: AUTH_MESSAGES.otpSent }));
    },
  );

  typed.post(
    '/api/auth/verifyOtp',
    {
      schema: { body: verifyOtpBody, response: { 200: dataEnvelope(verifyOtpResult) }, tags },
      config: { policy: 'public', rateLimit: perAddress('verify-ip', 30, 600) },
    },
    async (request, reply) => {
      const { email, otp } = request.body;
      const secret = await ctx.otpSecret();
      const userId = await database.db.transaction(async (tx) => {
        const purpose = await consumeOtp(tx, secret, email, ['signup', 'verify'], otp);
        if (!purpose) return null;
        const [row] = await tx
          .update(users)
          .set({ email_verified: true, modified_at: sql`now()` })
          .where(and(eq(users.email, email), eq(users.is_deleted, false), eq(users.enabled, true)))
          .returning({ user_id: users.user_id });
        if (row) sessionCache.forgetUser(row.user_id);
        return row?.user_id ?? null;
      });
      if (userId === null)
        throw badRequest(AUTH_MESSAGES.otpInvalid, [
          { in: 'body', path: 'otp', message: AUTH_MESSAGES.otpInvalid },
        ]);
      const result = await signedInResult(reply, request, userId);
      return reply.send(ok({ verified: true, ...result }));
    },
  );

  typed.post(
    '/api/auth/updatePassword',
    {
      schema: { body: updatePasswordBody, response: { 200: dataEnvelope(authMessage) }, tags },
      config: { policy: 'public', rateLimit: perAddress('password-ip', 20, 600) },
    },
    async (request, reply) => {
      const { email, old_password, otp, new_password } = request.body;
      const newHash = await hashPassword(new_password);
      if (otp !== undefined) {
        const secret = await ctx.otpSecret();
        const userId = await database.db.transaction(async (tx) => {
          const purpose = await consumeOtp(tx, secret, email, ['reset'], otp);
          if (!purpose) return null;
          const [row] = await tx
            .update(users)
            .set({ password_hash: newHash, email_verified: true, modified_at: sql`now()` })
            .where(and(eq(users.email, email), eq(users.is_deleted, false)))
            .returning({ user_id: users.user_id, username: users.username });
          if (!row) return null;
          await revokeAllSessions(tx, row.user_id);
          await clearAccountSignInFailures(tx, row.user_id);
          return row.user_id;
        });
        if (userId === null)
          throw badRequest(AUTH_MESSAGES.otpInvalid, [
            { in: 'body', path: 'otp', message: AUTH_MESSAGES.otpInvalid },
          ]);
        return reply.send(ok({ message: AUTH_MESSAGES.passwordChanged }));
      }
      const session = request.session;
      if (!session) throw unauthorized();
      if (session.email !== email) throw forbidden('You can change only your own password.');
      const [row] = await database.db.select().from(users).where(eq(users.user_id, session.userId));
      await assertNotLocked(database.db, `password:${session.userId}`);
      if (!(await verifyPassword(row?.password_hash, old_password!))) {
        await recordFailure(database.db, `password:${session.userId}`);
        throw badRequest(AUTH_MESSAGES.passwordWrong, [
          { in: 'body', path: 'old_password', message: AUTH_MESSAGES.passwordWrong },
        ]);
      }
      await database.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ password_hash: newHash, modified_by: session.userId, modified_at: sql`now()` })
          .where(eq(users.user_id, session.userId));
        await revokeOtherSessions(tx, session.userId, session.sessionId);
      });
      return reply.send(ok({ message: AUTH_MESSAGES.passwordChanged }));
    },
  );

  registerSessionRoutes(app, ctx);
  registerEmailChangeRoutes(app, ctx);
}
