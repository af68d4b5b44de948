import { z } from 'zod';

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
export const realtimeTag = z.union([
  z.string().min(1),
  z.object({ type: z.string().min(1), id: z.union([z.string(), z.number()]) }),
]);
export type RealtimeTag = z.infer<typeof realtimeTag>;

/**
 * What every emit carries: what happened, to which ids, and the RTK Query tags the client
 * invalidates. No state travels: the client reads it again through the API, with its own rights.
 */
export const realtimeMessage = z.object({
  type: z.string().min(1).max(100),
  ids: z.array(z.union([z.string(), z.number()])).max(1000),
  tags: z.array(realtimeTag).max(100),
});
export type RealtimeMessage = z.infer<typeof realtimeMessage>;

/** A room an area offers: `kind` is registered by the area, `id` names the thing it follows. */
export const realtimeJoin = z.object({
  kind: z.string().regex(/^[a-z][a-z0-9-]{0,40}$/),
  id: z.union([z.string().min(1).max(100), z.number().int().positive()]),
  /** The tenant the room belongs to, as X-Tenant-Id would name it for a request. */
  tenantId: z.number().int().positive().optional(),
});
export type RealtimeJoin = z.infer<typeof realtimeJoin>;

export type RealtimeAck = { ok: true; room: string } | { ok: false; message: string };
