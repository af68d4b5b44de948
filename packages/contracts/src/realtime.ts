/** The socket.io path on the API's own origin (DESIGN section 9). */
export const REALTIME_PATH = '/socket.io';
/** Every server message is this one event; `type` says what happened. */
export const REALTIME_EVENT = 'nexus';
/** Client → server: open or close an area room (a conversation, an event, a topic). */
export const REALTIME_JOIN = 'join';
export const REALTIME_LEAVE = 'leave';

/** Spec section 9: the socket client's limits. */
export const SOCKET_CLIENT_LIMITS = {
  maxUrlLength: 8000,
  reconnectDelayMs: 1000,
  reconnectDelayMaxMs: 5000,
  connectTimeoutMs: 20_000,
} as const;

export const REALTIME_MESSAGES = {
  signedOut: 'Sign in to receive live updates.',
  originRefused: 'This origin may not open a live connection.',
  roomUnknown: 'There is no such live room.',
  roomRefused: 'You may not follow this room.',
} as const;

/** An RTK Query tag: a type, or a type and an id. */
export type RealtimeTag = string | { type: string; id: string | number };

/**
 * What every emit carries: what happened, to which ids, and the RTK Query tags the client
 * invalidates. No state travels: the client reads it again through the API, with its own rights.
 */
export interface RealtimeMessage {
  type: string;
  ids: (string | number)[];
  tags: RealtimeTag[];
}

export type RealtimeAck = { ok: true; room: string } | { ok: false; message: string };
