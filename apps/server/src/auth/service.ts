import { AUTH_COOKIE, AUTH_LIMITS } from '@nexus/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import type { RateLimits } from '../kernel/rate-limit';
import type { Mailer } from '../mail/transport';
import type { TokenIssuer } from './resolver';
import type { NewSession } from './sessions';

/** What the identity routes need besides the database; built once in buildApp. */
export interface AuthContext {
  database: Database;
  mailer: Mailer;
  tokens: TokenIssuer;
  /** Budgets keyed by an address or a user (kernel/rate-limit.ts); per-route ones sit in route config. */
  rateLimits: RateLimits;
  otpSecret: () => Promise<Buffer>;
  publicOrigin: string;
  /** Where a redirect_uri may point: PUBLIC_ORIGIN and ALLOWED_ORIGINS, never the request's own Host. */
  redirectOrigins: readonly string[];
  /** Secure cookies (NODE_ENV=production). */
  production: boolean;
  /** The hosted sign-in page (the built `auth.html`), or undefined when the web client is not built. */
  hostedPage: () => string | undefined;
}

export function setSessionCookie(reply: FastifyReply, ctx: AuthContext, session: NewSession): void {
  reply.setCookie(AUTH_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.production,
    path: '/',
    maxAge: AUTH_LIMITS.sessionAbsoluteDays * 86_400,
  });
}

export function clearSessionCookie(reply: FastifyReply, ctx: AuthContext): void {
  reply.clearCookie(AUTH_COOKIE, { httpOnly: true, sameSite: 'lax', secure: ctx.production, path: '/' });
}

export function sessionMeta(request: FastifyRequest) {
  return {
    userAgent: request.headers['user-agent'],
    ip: request.ip,
    replaces: request.session?.sessionId ?? null,
  };
}

/** `j***@example.com`: enough for the person to recognise the address, little for anyone else. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
