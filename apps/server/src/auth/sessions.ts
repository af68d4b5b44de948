import { AUTH_LIMITS } from '@nexus/contracts';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';
import { sessions } from '../db/schema';
import type { ActorRole } from '../http/policy';
import { randomToken, sha256 } from './keys';
import { sessionCache } from './session-cache';

const IDLE_MS = AUTH_LIMITS.sessionIdleHours * 3600_000;
const ABSOLUTE_MS = AUTH_LIMITS.sessionAbsoluteDays * 86_400_000;
/** last_seen_at is written at most this often, so the hot path is a read, not a write per request. */
const TOUCH_EVERY_MS = 60_000;

/** A live session and the user behind it, as one query reads it. */
export interface SessionInfo {
  sessionId: string;
  userId: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  emailVerified: boolean;
  isPlatformAdmin: boolean;
  roles: ActorRole[];
  lastSeenAt: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
}

export interface NewSession {
  /** Goes to the cookie (or the refresh token); never stored. */
  token: string;
  sessionId: string;
  absoluteExpiresAt: Date;
}

/** A fresh session id at every sign-in (no fixation): the caller's old session, if any, is ended. */
export async function createSession(
  db: DbOrTx,
  userId: number,
  meta: { userAgent?: string; ip?: string; replaces?: string | null },
): Promise<NewSession> {
  const token = randomToken();
  const sessionId = sha256(token);
  const now = Date.now();
  const absoluteExpiresAt = new Date(now + ABSOLUTE_MS);
  if (meta.replaces) await revokeSession(db, meta.replaces);
  await db.insert(sessions).values({
    session_id: sessionId,
    user_id: userId,
    idle_expires_at: new Date(Math.min(now + IDLE_MS, absoluteExpiresAt.getTime())),
    absolute_expires_at: absoluteExpiresAt,
    user_agent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
  });
  return { token, sessionId, absoluteExpiresAt };
}

interface SessionRow {
  session_id: string;
  user_id: number;
  username: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  email_verified: boolean;
  is_platform_admin: boolean;
  roles: ActorRole[] | string;
  last_seen_at: Date | string;
  idle_expires_at: Date | string;
  absolute_expires_at: Date | string;
}

/**
 * The hot path of every signed-in request: one prepared query reads the session, its user and the
 * user's roles. A disabled or deleted user, a revoked or expired session all read as no session.
 */
export async function findSession(database: Database, sessionId: string): Promise<SessionInfo | null> {
  const rows = await database.read<SessionRow>(
    sql`select s.session_id, s.user_id, u.username, u.email, u.first_name, u.last_name, u.email_verified,
          u.is_platform_admin, s.last_seen_at, s.idle_expires_at, s.absolute_expires_at,
          u.roles_snapshot as roles
        from sessions s join users u on u.user_id = s.user_id
        where s.session_id = ${sessionId} and s.revoked_at is null
          and s.idle_expires_at > now() and s.absolute_expires_at > now()
          and u.enabled and not u.is_deleted`,
    true,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    sessionId: row.session_id,
    userId: row.user_id,
    username: row.username,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    emailVerified: row.email_verified,
    isPlatformAdmin: row.is_platform_admin,
    roles: typeof row.roles === 'string' ? JSON.parse(row.roles) : row.roles,
    lastSeenAt: new Date(row.last_seen_at),
    idleExpiresAt: new Date(row.idle_expires_at),
    absoluteExpiresAt: new Date(row.absolute_expires_at),
  };
}

/** Slides the idle expiry forward, at most once a minute per session (never past the absolute expiry). */
export function touchIfStale(database: Database, session: SessionInfo): Promise<void> | undefined {
  if (Date.now() - session.lastSeenAt.getTime() < TOUCH_EVERY_MS) return undefined;
  // The cached copy (session-cache.ts) notes the touch, so the requests it serves do not write again.
  session.lastSeenAt = new Date();
  return extendSession(database.db, session.sessionId).then(() => undefined);
}

/** `/auth/refresh`: a new idle deadline now. Returns the new deadline, or null when the session is gone. */
export async function extendSession(db: DbOrTx, sessionId: string): Promise<Date | null> {
  const [row] = await db
    .update(sessions)
    .set({
      last_seen_at: sql`now()`,
      idle_expires_at: sql`least(now() + make_interval(secs => ${IDLE_MS / 1000}), ${sessions.absolute_expires_at})`,
    })
    .where(
      and(
        eq(sessions.session_id, sessionId),
        isNull(sessions.revoked_at),
        sql`${sessions.idle_expires_at} > now()`,
        sql`${sessions.absolute_expires_at} > now()`,
      ),
    )
    .returning({ idle: sessions.idle_expires_at });
  return row?.idle ?? null;
}

export async function revokeSession(db: DbOrTx, sessionId: string): Promise<void> {
  sessionCache.forgetSession(sessionId);
  await db
    .update(sessions)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(sessions.session_id, sessionId), isNull(sessions.revoked_at)));
}

/** Ends every session of a user but one (password change, "sign out other sessions"). */
export async function revokeOtherSessions(db: DbOrTx, userId: number, keep: string | null): Promise<number> {
  sessionCache.forgetUser(userId);
  const rows = await db
    .update(sessions)
    .set({ revoked_at: sql`now()` })
    .where(
      and(
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
        keep ? ne(sessions.session_id, keep) : undefined,
      ),
    )
    .returning({ id: sessions.session_id });
  return rows.length;
}

/** Ends every session of a user (disabled, deleted). */
export function revokeAllSessions(db: DbOrTx, userId: number): Promise<number> {
  return revokeOtherSessions(db, userId, null);
}
