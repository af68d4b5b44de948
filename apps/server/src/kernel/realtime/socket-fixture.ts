import { AUTH_COOKIE, REALTIME_EVENT, REALTIME_PATH, type RealtimeMessage } from '@nexus/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { createSession } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { userRoles } from '../../db/schema';
import { makeUser } from '../../test/factories';

/** A signed-in user: a real session row, its cookie value, and optionally roles in tenants. */
export async function signedInUser(database: Database, tenantIds: number[] = []) {
  const user = await makeUser(database, { email_verified: true });
  if (tenantIds.length > 0) {
    await database.system
      .insert(userRoles)
      .values(tenantIds.map((tenantId) => ({ user_id: user.user_id, role_id: 13, tenant_id: tenantId })));
  }
  const session = await createSession(database.db, user.user_id, {});
  return { userId: user.user_id, cookie: session.token, sessionId: session.sessionId };
}

export interface OpenedSocket {
  socket: Socket;
  /** Every message received so far, in order. */
  messages: RealtimeMessage[];
  /** The next message of this type (rejects after `ms`). */
  next(type: string, ms?: number): Promise<RealtimeMessage>;
}

/**
 * Opens a socket the way a browser page would (cookie, Origin), over WebSocket so the test does not
 * depend on long-polling timing. Resolves once connected; rejects with the server's refusal message.
 */
export function openSocket(
  baseUrl: string,
  options: { cookie?: string; origin?: string; auth?: Record<string, string> } = {},
): Promise<OpenedSocket> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = `${AUTH_COOKIE}=${options.cookie}`;
  if (options.origin) headers.origin = options.origin;
  const socket = connect(baseUrl, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    extraHeaders: headers,
    auth: options.auth,
    reconnection: false,
    forceNew: true,
    timeout: 5000,
  });
  const messages: RealtimeMessage[] = [];
  const waiters: { type: string; resolve: (message: RealtimeMessage) => void }[] = [];
  socket.on(REALTIME_EVENT, (message: RealtimeMessage) => {
    messages.push(message);
    for (const waiter of waiters.filter((w) => w.type === message.type)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  const opened: OpenedSocket = {
    socket,
    messages,
    next(type, ms = 3000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${type}" message within ${ms} ms`)), ms);
        waiters.push({
          type,
          resolve: (message) => {
            clearTimeout(timer);
            resolve(message);
          },
        });
      });
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(opened));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
