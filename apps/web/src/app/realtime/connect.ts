import { REALTIME_EVENT, type RealtimeMessage } from '@nexus/contracts';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_OPTIONS, socketAddress } from './socket-options';

/** `off`: no socket (signed out, or refused); `reconnecting`: it was connected and is trying again. */
export type RealtimeStatus = 'off' | 'connecting' | 'connected' | 'reconnecting';

export interface RealtimeHandlers {
  onMessage(message: RealtimeMessage): void;
  onStatus(status: RealtimeStatus): void;
}

/** What `join` and `leave` carry (docs/realtime.md, area rooms). */
export interface RoomRequest {
  kind: string;
  id: number;
  tenantId?: number;
}

let current: Socket | null = null;
const wanted = new Map<string, RoomRequest>();

/**
 * Follows an area room (`event:12`) while a page shows it: joined now if the socket is up and again
 * on every reconnect (a new socket starts in no area room). Returns the function that leaves it.
 */
export function followRoom(request: RoomRequest): () => void {
  const key = `${request.kind}:${request.id}`;
  wanted.set(key, request);
  if (current?.connected) current.emit('join', request);
  return () => {
    wanted.delete(key);
    if (current?.connected) current.emit('leave', request);
  };
}

/**
 * Opens the one socket of a signed-in page (loaded on demand: socket.io-client stays out of the
 * first paint). Returns the function that closes it.
 */
export function openRealtime(origin: string, handlers: RealtimeHandlers): () => void {
  const socket = io(socketAddress(origin), SOCKET_OPTIONS);
  let connectedOnce = false;
  handlers.onStatus('connecting');
  current = socket;
  socket.on('connect', () => {
    connectedOnce = true;
    for (const request of wanted.values()) socket.emit('join', request);
    handlers.onStatus('connected');
  });
  socket.on('disconnect', (reason) => {
    if (reason === 'io client disconnect') return;
    // The server closed this socket (its session ended, or a deploy): one more handshake decides;
    // a refused one ends here, anything else reconnects with the delays above.
    if (reason === 'io server disconnect') socket.connect();
    handlers.onStatus(connectedOnce ? 'reconnecting' : 'connecting');
  });
  socket.on('connect_error', () => {
    // Not active: the server refused the handshake (signed out, foreign origin); no retry follows.
    if (!socket.active) handlers.onStatus('off');
  });
  socket.on(REALTIME_EVENT, (message: RealtimeMessage) => handlers.onMessage(message));
  return () => {
    if (current === socket) current = null;
    socket.off();
    socket.disconnect();
  };
}
