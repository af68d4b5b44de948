import { z } from 'zod';

// Kept apart from realtime.ts so the web client, which needs only the constants and types there,
// never pulls a schema into one of its chunks.

/** A room an area offers: `kind` is registered by the area, `id` names the thing it follows. */
export const realtimeJoin = z.object({
  kind: z.string().regex(/^[a-z][a-z0-9-]{0,40}$/),
  id: z.union([z.string().min(1).max(100), z.number().int().positive()]),
  /** The tenant the room belongs to, as X-Tenant-Id would name it for a request. */
  tenantId: z.number().int().positive().optional(),
});
export type RealtimeJoin = z.infer<typeof realtimeJoin>;
