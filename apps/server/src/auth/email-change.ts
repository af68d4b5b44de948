import {
  AUTH_LIMITS,
  AUTH_MESSAGES,
  confirmEmailChangeBody,
  dataEnvelope,
  emailChanged,
  emailChangeSent,
  MESSAGES,
  requestEmailChangeBody,
} from '@nexus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { users } from '../db/schema';
import { AppError, badRequest, unauthorized } from '../http/app-error';
import type { Actor } from '../http/policy';
import { perAddress } from '../kernel/rate-limit';
import { addressInUseMail, emailChangedMail, otpMail } from '../mail/templates';
import { conflictOf } from '../modules/identity/users';
import { consumeOtp, issueOtp, throttleOtp } from './otp';
import { type AuthContext, maskEmail } from './service';
import { sessionCache } from './session-cache';

/**
 * The code of an email change is bound to the account and the new address together, so a code
 * mailed for one person's request never confirms another's (otp_codes.email holds this key).
 */
const changeKey = (userId: number, email: string) => `change:${userId}:${email}`;

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/**
 * Verified email changes (issue 14 item 2): a new address takes effect only once the code mailed to
 * it is entered, and the old address is told. updateUser refuses a changed email for the same reason.
 */
export function registerEmailChangeRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { database, mailer } = ctx;
  const db = database.db;
  const tags = ['auth'];

  typed.post(
    '/api/auth/requestEmailChange',
    {
      schema: { body: requestEmailChangeBody, response: { 202: dataEnvelope(emailChangeSent) }, tags },
      config: { policy: 'signedIn' },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { email } = request.body;
      await ctx.rateLimits.hit(`email-change:${actor.userId}`, 10, 3600);
      const [me] = await db
        .select({ email: users.email, first_name: users.first_name })
        .from(users)
        .where(and(eq(users.user_id, actor.userId), eq(users.is_deleted, false)));
      if (!me) throw unauthorized();
      if (me.email === email) {
        throw badRequest(AUTH_MESSAGES.emailChangeSame, [
          { in: 'body', path: 'email', message: AUTH_MESSAGES.emailChangeSame },
        ]);
      }
      await throttleOtp(ctx.rateLimits, email);
      const [taken] = await db.select({ id: users.user_id }).from(users).where(eq(users.email, email));
      // The answer is the same either way, so it does not tell whether another account uses the
      // address; its owner is told by mail instead of receiving a code.
      try {
        if (taken) {
          await mailer.send(addressInUseMail(email), { wait: true });
        } else {
          const code = await issueOtp(
            db,
            await ctx.otpSecret(),
            changeKey(actor.userId, email),
            'email-change',
          );
          await mailer.send(otpMail({ to: email, code, purpose: 'email-change', firstName: me.first_name }), {
            wait: true,
            retentionMinutes: AUTH_LIMITS.otpTtlMinutes,
          });
        }
      } catch (error) {
        request.log.warn({ err: error }, 'email change mail failed');
        throw new AppError('SERVICE_UNAVAILABLE', 502, MESSAGES.otpSendFailed);
      }
      return reply
        .status(202)
        .send({ data: { message: AUTH_MESSAGES.emailChangeSent, sent_to: maskEmail(email) } });
    },
  );

  typed.post(
    '/api/auth/confirmEmailChange',
    {
      schema: { body: confirmEmailChangeBody, response: { 200: dataEnvelope(emailChanged) }, tags },
      config: { policy: 'signedIn', rateLimit: perAddress('verify-ip', 30, 600) },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { email, otp } = request.body;
      const secret = await ctx.otpSecret();
      const oldEmail = await db.transaction(async (tx) => {
        const purpose = await consumeOtp(tx, secret, changeKey(actor.userId, email), ['email-change'], otp);
        if (!purpose) return null;
        const [before] = await tx
          .select({ email: users.email })
          .from(users)
          .where(and(eq(users.user_id, actor.userId), eq(users.is_deleted, false)))
          .for('update');
        if (!before) return null;
        sessionCache.forgetUser(actor.userId);
        try {
          await tx
            .update(users)
            .set({ email, email_verified: true, modified_by: actor.userId, modified_at: sql`now()` })
            .where(eq(users.user_id, actor.userId));
        } catch (error) {
          throw conflictOf(error) ?? error;
        }
        // The old address is told by a job of this transaction: no notice about a change that rolled back.
        await mailer.send(emailChangedMail({ to: before.email, newAddress: maskEmail(email) }), { tx });
        return before.email;
      });
      if (oldEmail === null) {
        throw badRequest(AUTH_MESSAGES.otpInvalid, [
          { in: 'body', path: 'otp', message: AUTH_MESSAGES.otpInvalid },
        ]);
      }
      return reply.send({
        data: { message: AUTH_MESSAGES.emailChanged, email, email_verified: true },
      });
    },
  );
}
