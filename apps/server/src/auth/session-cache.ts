import { LRUCache } from 'lru-cache';
import type { SessionInfo } from './sessions';

/** What a drop covered; other processes are told the same (kernel/redis.ts CacheBus). */
export type SessionDrop =
  | { cache: 'session'; sessionId: string }
  | { cache: 'users'; userIds: number[] }
  | { cache: 'everyone' };

/** `remote` is true for a drop another process made and this one only repeats. */
export type SessionDropListener = (drop: SessionDrop, remote: boolean) => void;

/**
 * How long a resolved session is trusted in this process before it is read again (decision 0004).
 * Another replica sees a sign-out or a role change made elsewhere at most this much later.
 */
export const SESSION_CACHE_MS = 1000;
/** Sessions kept at once; the least recently used go first. */
const MAX_SESSIONS = 10_000;
/**
 * A change drops its sessions inside its transaction, before the commit: until then a concurrent
 * request still reads the old rows. For this long after a drop (the statement timeout of
 * db/client.ts) the dropped sessions are read but not kept, so no old read outlives the commit.
 */
const SETTLE_MS = 15_000;
/** Beyond this many recent drops, everyone is treated as just dropped (memory stays bounded). */
const MAX_MARKS = 10_000;

/**
 * Resolved sessions per session id (the hash of the cookie or refresh token, or a bearer token's
 * `sid`), for about a second. Only live sessions are kept (a miss is never cached) and never past
 * their idle or absolute expiry. Whatever changes what a session resolves to in this process drops it
 * here at once: sign-out, rotation, password change, role grant or revoke, a disabled or deleted user,
 * a changed email or name (`forgetSession`, `forgetUsers`, `forgetEveryone`).
 */
export class SessionCache {
  private readonly entries = new LRUCache<string, SessionInfo>({ max: MAX_SESSIONS, ttl: SESSION_CACHE_MS });
  private readonly droppedSessions = new Map<string, number>();
  private readonly droppedUsers = new Map<number, number>();
  private everyoneDroppedAt = Number.NEGATIVE_INFINITY;
  private readonly listeners = new Set<SessionDropListener>();

  /** Told of every drop: the cache bus publishes local ones, real time rechecks the sockets concerned. */
  onDrop(listener: SessionDropListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Repeats a drop another process made (its session or user changed there). */
  applyRemote(drop: SessionDrop): void {
    if (drop.cache === 'session') this.dropSession(drop.sessionId);
    else if (drop.cache === 'users') this.dropUsers(drop.userIds);
    else this.dropEveryone();
    this.notify(drop, true);
  }

  private notify(drop: SessionDrop, remote: boolean): void {
    for (const listener of this.listeners) listener(drop, remote);
  }

  /** The live session behind this id, when a recent read is still good. */
  get(sessionId: string): SessionInfo | undefined {
    const hit = this.entries.get(sessionId);
    if (!hit) return undefined;
    const now = Date.now();
    if (hit.idleExpiresAt.getTime() <= now || hit.absoluteExpiresAt.getTime() <= now) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return hit;
  }

  /** Keeps a session just read from the database, unless a change to it may not be committed yet. */
  remember(session: SessionInfo): void {
    const now = Date.now();
    const settled = now - SETTLE_MS;
    if (
      this.everyoneDroppedAt > settled ||
      (this.droppedSessions.get(session.sessionId) ?? 0) > settled ||
      (this.droppedUsers.get(session.userId) ?? 0) > settled
    )
      return;
    const ttl = Math.min(
      SESSION_CACHE_MS,
      session.idleExpiresAt.getTime() - now,
      session.absoluteExpiresAt.getTime() - now,
    );
    if (ttl > 0) this.entries.set(session.sessionId, session, { ttl });
  }

  forgetSession(sessionId: string): void {
    this.dropSession(sessionId);
    this.notify({ cache: 'session', sessionId }, false);
  }

  /** Every session of these users (a user row, their roles or their sessions changed). */
  forgetUsers(userIds: Iterable<number>): void {
    const users = [...new Set(userIds)];
    if (users.length === 0) return;
    this.dropUsers(users);
    this.notify({ cache: 'users', userIds: users }, false);
  }

  forgetUser(userId: number): void {
    this.forgetUsers([userId]);
  }

  /** Every session (a role's name, view or deletion changed: it may be anyone's). */
  forgetEveryone(): void {
    this.dropEveryone();
    this.notify({ cache: 'everyone' }, false);
  }

  private dropSession(sessionId: string): void {
    this.entries.delete(sessionId);
    this.mark(this.droppedSessions, sessionId);
  }

  private dropUsers(userIds: readonly number[]): void {
    const users = new Set(userIds);
    for (const userId of users) this.mark(this.droppedUsers, userId);
    const gone: string[] = [];
    this.entries.forEach((session, sessionId) => {
      if (users.has(session.userId)) gone.push(sessionId);
    });
    for (const sessionId of gone) this.entries.delete(sessionId);
  }

  /** Empties the cache and forgets every drop, as in a fresh process. */
  reset(): void {
    this.entries.clear();
    this.droppedSessions.clear();
    this.droppedUsers.clear();
    this.everyoneDroppedAt = Number.NEGATIVE_INFINITY;
  }

  private dropEveryone(): void {
    this.entries.clear();
    this.droppedSessions.clear();
    this.droppedUsers.clear();
    this.everyoneDroppedAt = Date.now();
  }

  private mark<K>(marks: Map<K, number>, key: K): void {
    const now = Date.now();
    // Re-inserted so that the map stays in drop order and the settled marks are at its front.
    marks.delete(key);
    marks.set(key, now);
    if (marks.size <= MAX_MARKS) return;
    for (const [old, at] of marks) {
      if (at > now - SETTLE_MS) break;
      marks.delete(old);
    }
    if (marks.size > MAX_MARKS) this.dropEveryone();
  }
}

/**
 * One per process: the places that change sessions (revokeSession, grantRole, the user writes) reach
 * it without a handle threaded through every call. Entries are keyed by the random session id, so
 * apps sharing a process (tests) never see each other's sessions; a drop by user id in one may drop
 * another's entries too, which only costs a read.
 */
export const sessionCache = new SessionCache();
