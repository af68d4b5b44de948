import { REALTIME_PATH, SOCKET_CLIENT_LIMITS } from '@nexus/contracts';

/** Spec section 9: the socket client's limits, as socket.io-client options. */
export const SOCKET_OPTIONS: {
  path: string;
  transports: 'websocket'[];
  withCredentials: boolean;
  reconnectionDelay: number;
  reconnectionDelayMax: number;
  timeout: number;
} = {
  path: REALTIME_PATH,
  // WebSocket only: several API processes behind a balancer need no sticky sessions for it, which
  // long-polling would (every poll must reach the process that holds the socket).
  transports: ['websocket'],
  withCredentials: true,
  reconnectionDelay: SOCKET_CLIENT_LIMITS.reconnectDelayMs,
  reconnectionDelayMax: SOCKET_CLIENT_LIMITS.reconnectDelayMaxMs,
  timeout: SOCKET_CLIENT_LIMITS.connectTimeoutMs,
};

export class SocketAddressTooLong extends Error {
  override name = 'SocketAddressTooLong';
}

/** The address a socket opens: refused over 8000 characters (spec section 9). */
export function socketAddress(origin: string): string {
  if (origin.length > SOCKET_CLIENT_LIMITS.maxUrlLength) {
    throw new SocketAddressTooLong(
      `A socket address may be at most ${SOCKET_CLIENT_LIMITS.maxUrlLength} characters.`,
    );
  }
  return origin;
}
