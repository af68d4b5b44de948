import { REALTIME_EVENT, type RealtimeMessage } from '@nexus/contracts';
import { io } from 'socket.io-client';
import { SOCKET_OPTIONS, socketAddress } from './socket-options';

/** `off`: no socket (signed out, or refused); `reconnecting`: it was connected and is trying again. */
export type RealtimeStatus = 'off' | 'connecting' | 'connected' | 'reconnecting';

export interface RealtimeHandlers {
  onMessage(message: RealtimeMessage): void;
  onStatus(status: RealtimeStatus): void;
}

/**
 * Opens the one socket of a signed-in page (loaded on demand: socket.io-client stays out of the
 * first paint). Returns the function that closes it.
 */
export function openRealtime(origin: string, handlers: RealtimeHandlers): () => void {
  const socket = io(socketAddress(origin), SOCKET_OPTIONS);
  let connectedOnce = false;
  handlers.onStatus('connecting');
  socket.on('connect', () => {
    connectedOnce = true;
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
    socket.off();
    socket.disconnect();
  };
}
