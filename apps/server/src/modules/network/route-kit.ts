import { errorBody } from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import type { RateLimits } from '../../kernel/rate-limit';

/**
 * What every network route file shares, so the files split by resource declare their routes the same
 * way: one error set, the signed-in policy (what one may see is decided per person in the services,
 * never by a tenant), one OpenAPI tag, and the realtime notice sent after a change.
 */

export const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

export const config = { policy: 'signedIn' } as const;

export const tags = ['network'];

export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** Tells these people's sockets that these ids changed, so their pages refetch the tagged lists. */
export type Emit = (userIds: number[], type: string, ids: number[], tags: string[]) => void;

/** What routes.ts hands each resource's register function. */
export interface NetworkRouteContext {
  app: FastifyInstance;
  database: Database;
  rateLimits: RateLimits;
  emit: Emit;
}
