import { APP_PINS_API, errorBody, pinList, pinsSave } from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { unauthorized } from '../../http/app-error';
import type { Actor, Policy } from '../../http/policy';
import { listPins, savePins } from './pins';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** Issue 22 point 3: everyone signed in keeps their own pins; nobody reads or writes another's. */
export const appsPolicies = { own: 'signedIn' } as const satisfies Record<string, Policy>;

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** My apps (issue 22 point 3; docs/apps.md): the caller's pinned apps, read and saved whole. */
export function registerApps(app: FastifyInstance, database: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['apps'];

  typed.get(
    `${APP_PINS_API}/getPins`,
    {
      config: { policy: appsPolicies.own },
      schema: {
        tags,
        summary: 'My pinned apps, in my order',
        response: { 200: pinList, ...errors },
      },
    },
    async (request) => listPins(database, actorOf(request)),
  );

  typed.put(
    `${APP_PINS_API}/savePins`,
    {
      config: { policy: appsPolicies.own },
      schema: {
        tags,
        summary: 'Save my pinned apps: the whole ordered list (pin, unpin and move all save it)',
        body: pinsSave,
        response: { 200: pinList, ...errors },
      },
    },
    async (request) => savePins(database, actorOf(request), request.body.paths),
  );
}
