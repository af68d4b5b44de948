import {
  AUTH_COOKIE,
  REALTIME_EVENT,
  REALTIME_JOIN,
  REALTIME_LEAVE,
  REALTIME_MESSAGES,
  REALTIME_PATH,
  type RealtimeAck,
  type RealtimeMessage,
  realtimeJoin,
} from '@nexus/contracts';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { actorOf, liveSession, sessionIdOfCredentials, type TokenIssuer } from '../../auth/resolver';
import { type SessionDrop, sessionCache } from '../../auth/session-cache';
import { findSession, type SessionInfo } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { createRedis } from '../redis';
import { RoomRegistry, roomName } from './rooms';

/** What a socket knows about itself; kept in `socket.data`. */
interface SocketData {
  session: SessionInfo;
}
type NexusSocket = Socket & { data: SocketData };

/** A change waits this long before sockets are rechecked, so the transaction that made it has committed. */
const RECHECK_DELAY_MS = 1000;
/** How often sessions past their absolute expiry are closed (no query: the expiry is known). */
const EXPIRY_SWEEP_MS = 60_000;
/** What a client reads again when the user's roles or memberships change. */
export const ACCESS_CHANGED: RealtimeMessage = {
  type: 'access.changed',
  ids: [],
  tags: ['User', 'Role', 'Menu', 'Privilege', 'CustomRole', 'Tenant'],
};

export interface Target {
  emit(message: RealtimeMessage): void;
}

/**
 * The public face of real time for areas: `realtime.toUser(id).emit({ type, ids, tags })`. Emits
 * cross processes through the Redis adapter when REDIS_URL is set.
 */
export interface Realtime {
  toUser(userId: number): Target;
  /** Several users at once: one encode and, across processes, one Redis publish for all of them. */
  toUsers(userIds: readonly number[]): Target;
  toTenant(tenantId: number): Target;
  /** An area room (`rooms.register(kind, ...)`). */
  toRoom(kind: string, id: string | number): Target;
  /** Every signed-in socket (a change on the main platform that may concern anyone). */
  toEveryone(): Target;
  readonly rooms: RoomRegistry;
  /** The socket.io server (tests and the bench count sockets; areas use the methods above). */
  readonly io: Server;
}

export interface RealtimeOptions {
  database: Database;
  tokens: TokenIssuer;
  /** PUBLIC_ORIGIN and ALLOWED_ORIGINS: the pages that may open a socket. */
  origins: readonly string[];
  redisUrl?: string;
}

const tenantRooms = (session: SessionInfo) =>
  new Set(
    session.roles
      .map((role) => role.tenantId)
      .filter((id): id is number => id !== null)
      .map((id) => roomName('tenant', id)),
  );

/** The Origin check of auth/origin.ts for a handshake: ours, or the host the browser addressed. */
function originAllowed(origin: string | undefined, host: string | undefined, origins: readonly string[]) {
  // A client without Origin is not a browser page (socket.io-client in Node, a native app): no CSRF.
  if (origin === undefined) return true;
  if (origins.includes(origin)) return true;
  if (!host) return false;
  return origin === `http://${host}` || origin === `https://${host}`;
}

/**
 * socket.io on the API's own http server (DESIGN section 9), created with the app and closed with it.
 * The handshake is the session cookie (or `auth.token`, a bearer token); a socket joins its session's
 * room, its user's and one per tenant its user holds a role in (all of them, not only the active one:
 * the active tenant is a header per request, and a tenant switch must not need a reconnect). A
 * platform administrator, who may enter any tenant, joins only the tenants they hold a role in.
 */
export function installRealtime(app: FastifyInstance, options: RealtimeOptions): Realtime {
  const io = new Server(app.server, { path: REALTIME_PATH, serveClient: false, connectTimeout: 20_000 });
  const rooms = new RoomRegistry();
  const adapterClients = options.redisUrl
    ? [createRedis(options.redisUrl, 'io-pub'), createRedis(options.redisUrl, 'io-sub')]
    : [];
  if (adapterClients.length === 2) io.adapter(createAdapter(adapterClients[0], adapterClients[1]));

  io.use(async (socket, next) => {
    const { headers } = socket.request;
    if (!originAllowed(headers.origin, headers.host, options.origins)) {
      return next(new Error(REALTIME_MESSAGES.originRefused));
    }
    try {
      const cookies = headers.cookie ? app.parseCookie(headers.cookie) : {};
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      const sessionId = await sessionIdOfCredentials(
        { cookie: cookies[AUTH_COOKIE], bearer: typeof token === 'string' ? token : undefined },
        options.tokens,
      );
      const session = sessionId ? await liveSession(options.database, sessionId) : null;
      if (!session) return next(new Error(REALTIME_MESSAGES.signedOut));
      socket.data.session = session;
      next();
    } catch (error) {
      app.log.warn({ err: error }, 'socket handshake failed');
      next(new Error(REALTIME_MESSAGES.signedOut));
    }
  });

  io.on('connection', (raw) => {
    const socket = raw as NexusSocket;
    const { session } = socket.data;
    void socket.join([
      roomName('session', session.sessionId),
      roomName('user', session.userId),
      ...tenantRooms(session),
    ]);
    socket.on(REALTIME_JOIN, async (payload: unknown, ack?: (answer: RealtimeAck) => void) => {
      const answer = await joinRoom(socket, payload);
      if (typeof ack === 'function') ack(answer);
    });
    socket.on(REALTIME_LEAVE, (payload: unknown, ack?: (answer: RealtimeAck) => void) => {
      const parsed = realtimeJoin.safeParse(payload);
      if (!parsed.success || !rooms.has(parsed.data.kind)) {
        if (typeof ack === 'function') ack({ ok: false, message: REALTIME_MESSAGES.roomUnknown });
        return;
      }
      const room = roomName(parsed.data.kind, parsed.data.id);
      void socket.leave(room);
      if (typeof ack === 'function') ack({ ok: true, room });
    });
  });

  async function joinRoom(socket: NexusSocket, payload: unknown): Promise<RealtimeAck> {
    const parsed = realtimeJoin.safeParse(payload);
    if (!parsed.success || !rooms.has(parsed.data.kind)) {
      return { ok: false, message: REALTIME_MESSAGES.roomUnknown };
    }
    // Read again: a socket may be hours old, and the rights it joins with must be today's.
    const session = await liveSession(options.database, socket.data.session.sessionId);
    if (!session) {
      socket.disconnect(true);
      return { ok: false, message: REALTIME_MESSAGES.signedOut };
    }
    let actor: ReturnType<typeof actorOf>;
    try {
      actor = actorOf(session, parsed.data.tenantId?.toString());
    } catch {
      return { ok: false, message: REALTIME_MESSAGES.roomRefused };
    }
    const id = String(parsed.data.id);
    if (!(await rooms.authorize(parsed.data.kind, actor, id))) {
      return { ok: false, message: REALTIME_MESSAGES.roomRefused };
    }
    const room = roomName(parsed.data.kind, id);
    await socket.join(room);
    return { ok: true, room };
  }

  /**
   * A session ended or a user changed: every process repeats the drop (kernel/redis.ts CacheBus), so
   * each one rechecks its own sockets only, and tells its own sockets of the users concerned.
   */
  async function recheck(sockets: NexusSocket[]): Promise<void> {
    // One read per session, not per socket: a user with ten tabs costs one query.
    const bySession = new Map<string, NexusSocket[]>();
    for (const socket of sockets) {
      const id = socket.data.session.sessionId;
      bySession.set(id, [...(bySession.get(id) ?? []), socket]);
    }
    for (const [sessionId, group] of bySession) {
      const fresh = await findSession(options.database, sessionId);
      for (const socket of group) {
        if (socket.disconnected) continue;
        if (!fresh) {
          socket.disconnect(true);
          continue;
        }
        const before = tenantRooms(socket.data.session);
        const after = tenantRooms(fresh);
        for (const room of before) if (!after.has(room)) void socket.leave(room);
        for (const room of after) if (!before.has(room)) void socket.join(room);
        socket.data.session = fresh;
        socket.emit(REALTIME_EVENT, { ...ACCESS_CHANGED, ids: [fresh.userId] });
      }
    }
  }

  const localSockets = () => [...io.of('/').sockets.values()] as NexusSocket[];
  const pending = new Set<NodeJS.Timeout>();
  const later = (work: () => Promise<void>) => {
    const timer = setTimeout(() => {
      pending.delete(timer);
      work().catch((error) => app.log.warn({ err: error }, 'socket recheck failed'));
    }, RECHECK_DELAY_MS);
    pending.add(timer);
  };
  const onDrop = (drop: SessionDrop) => {
    if (drop.cache === 'session') {
      // Only sign-out, revocation and a replacing sign-in drop one session: it is over.
      for (const socket of localSockets()) {
        if (socket.data.session.sessionId === drop.sessionId) socket.disconnect(true);
      }
    } else if (drop.cache === 'users') {
      const users = new Set(drop.userIds);
      later(() => recheck(localSockets().filter((socket) => users.has(socket.data.session.userId))));
    } else {
      later(() => recheck(localSockets()));
    }
  };
  const stopListening = sessionCache.onDrop(onDrop);

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const socket of localSockets()) {
      if (socket.data.session.absoluteExpiresAt.getTime() <= now) socket.disconnect(true);
    }
  }, EXPIRY_SWEEP_MS);
  sweep.unref();

  // Before Fastify stops listening: open sockets would otherwise hold the http server open.
  app.addHook('preClose', async () => {
    stopListening();
    clearInterval(sweep);
    for (const timer of pending) clearTimeout(timer);
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await Promise.all(adapterClients.map((client) => client.quit().catch(() => undefined)));
  });

  const target = (room: string | string[] | null): Target => ({
    emit: (message) => {
      if (room === null) io.emit(REALTIME_EVENT, message);
      else if (room.length > 0) io.to(room).emit(REALTIME_EVENT, message);
    },
  });
  return {
    toUser: (userId) => target(roomName('user', userId)),
    toUsers: (userIds) => target([...new Set(userIds)].map((userId) => roomName('user', userId))),
    toTenant: (tenantId) => target(roomName('tenant', tenantId)),
    toRoom: (kind, id) => target(roomName(kind, id)),
    toEveryone: () => target(null),
    rooms,
    io,
  };
}
