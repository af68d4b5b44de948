import { AUTH_COOKIE, AUTH_LIMITS, ERROR_CODES, pathId, TENANT_MESSAGES } from '@nexus/contracts';
import type { FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Database } from '../db/client';
import { AppError, badRequest } from '../http/app-error';
import type { Actor, ActorResolver } from '../http/policy';
import { serverSecret, sha256 } from './keys';
import { sessionCache } from './session-cache';
import { findSession, type SessionInfo, touchIfStale } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The live session behind the actor (cookie or bearer), when there is one. */
    session: SessionInfo | null;
  }
}

const ISSUER = 'nexus';

export interface TokenIssuer {
  /** A short-lived bearer token for non-browser clients, bound to a session (so logout ends it too). */
  issue(session: { sessionId: string; userId: number }): Promise<{ token: string; expiresIn: number }>;
  sessionIdOf(token: string): Promise<string | null>;
}

export function createTokenIssuer(database: Database): TokenIssuer {
  const secret = serverSecret(database, 'jwt-hs256');
  const expiresIn = AUTH_LIMITS.accessTokenMinutes * 60;
  return {
    async issue({ sessionId, userId }) {
      const token = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${expiresIn}s`)
        .sign(await secret());
      return { token, expiresIn };
    },
    async sessionIdOf(token) {
      try {
        const { payload } = await jwtVerify(token, await secret(), { issuer: ISSUER, algorithms: ['HS256'] });
        return typeof payload.sid === 'string' ? payload.sid : null;
      } catch {
        return null;
      }
    },
  };
}

/** The session id a request presents: the cookie, else a bearer token. */
function presentedSessionId(request: FastifyRequest, tokens: TokenIssuer): Promise<string | null> {
  const header = request.headers.authorization;
  return sessionIdOfCredentials(
    {
      cookie: request.cookies?.[AUTH_COOKIE],
      bearer: header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined,
    },
    tokens,
  );
}

/** The session id behind a session cookie's value, or a bearer token (a socket handshake's too). */
export async function sessionIdOfCredentials(
  credentials: { cookie?: string; bearer?: string },
  tokens: TokenIssuer,
): Promise<string | null> {
  if (credentials.cookie) return sha256(credentials.cookie);
  if (credentials.bearer) return tokens.sessionIdOf(credentials.bearer);
  return null;
}

/** The live session behind an id, through the session cache (decision 0004). */
export async function liveSession(database: Database, sessionId: string): Promise<SessionInfo | null> {
  const cached = sessionCache.get(sessionId);
  if (cached) return cached;
  const session = await findSession(database, sessionId);
  if (session) sessionCache.remember(session);
  return session;
}

/**
 * Cookie or bearer → session → actor, in one query, or none while the session cache (decision 0004)
 * holds a read of the last second. The tenant context comes from `X-Tenant-Id` and counts only when
 * the user holds a role in that tenant (a platform admin may enter any tenant).
 */
export function createSessionResolver(database: Database, tokens: TokenIssuer): ActorResolver {
  return async (request) => {
    request.session = null;
    const sessionId = await presentedSessionId(request, tokens);
    if (!sessionId) return null;
    const session = await liveSession(database, sessionId);
    if (!session) return null;
    request.session = session;
    touchIfStale(database, session)?.catch((error) =>
      request.log.warn({ err: error }, 'session touch failed'),
    );
    return actorOf(session, request.headers['x-tenant-id']);
  };
}

/**
 * The actor of a session in the tenant `X-Tenant-Id` names. A tenant the user holds no role in is a
 * 403, not a quiet fall-back to the main platform: answering there would hide a client bug (a stale
 * tenant after leaving it) behind main-platform data (issue 14 part 12).
 */
export function actorOf(session: SessionInfo, tenantHeader: string | string[] | undefined): Actor {
  const raw = Array.isArray(tenantHeader) ? tenantHeader[0] : tenantHeader;
  let tenantId: number | null = null;
  if (raw !== undefined && raw.trim() !== '') {
    const parsed = pathId.safeParse(raw.trim());
    if (!parsed.success) {
      throw badRequest(TENANT_MESSAGES.badTenantHeader, [
        { in: 'headers', path: 'x-tenant-id', message: TENANT_MESSAGES.badTenantHeader },
      ]);
    }
    const wanted = parsed.data;
    if (!session.isPlatformAdmin && !session.roles.some((role) => role.tenantId === wanted)) {
      throw new AppError(ERROR_CODES.tenantRefused, 403, TENANT_MESSAGES.notMember);
    }
    tenantId = wanted;
  }
  return {
    userId: session.userId,
    tenantId,
    isPlatformAdmin: session.isPlatformAdmin,
    roles: session.roles,
  };
}
