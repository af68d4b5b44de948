import { errorBody, pathId, user } from '@nexus/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../http/app-error';
import type { Actor } from '../../../http/policy';
import type { UserChanges } from './write';

/** Path ids are PostgreSQL integers. */
export const userIdParam = pathId;

export const errorResponses = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  500: errorBody,
};

export function actorOf(request: FastifyRequest): Actor {
  // The policy hook has already answered 401 for a signed-out caller on every route here.
  return request.actor as Actor;
}

/** The caller's current session, kept when their own password changes (null for an injected actor). */
export function sessionOf(request: FastifyRequest): string | null {
  return request.session?.sessionId ?? null;
}

/** Re-checks an already parsed value against a stricter schema, answering 400 naming the fields. */
export function parseOrBadRequest<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    in: 'body',
    path: issue.path.join('.'),
    message: issue.message,
  }));
  const named = details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)).join('; ');
  throw badRequest(`Invalid body: ${named}`, details);
}

/** A validated update body as service changes: the password (admin calls) is hashed by the caller. */
export function changesOf<T extends { password?: string }>(
  body: T,
  passwordHash: string | undefined,
): UserChanges {
  const { password: _password, ...rest } = body;
  return { ...(rest as UserChanges), ...(passwordHash === undefined ? {} : { passwordHash }) };
}

/** Sends JSON that PostgreSQL already built from the whitelisted projection (the factory's list). */
export function sendJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** A user as the caller may see it (viewFor): a tenant administrator gets the member view only. */
export const userViewEnvelope = z.object({ data: user.partial() });
