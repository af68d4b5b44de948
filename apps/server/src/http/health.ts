import { ERROR_CODES, errorBody } from '@nexus/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client';

/** `/healthz`: the process is alive. `/readyz`: the database answers `select 1` (DESIGN, issue 2 part 3). */
export function registerHealth(app: FastifyInstance, database: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/healthz',
    {
      config: { policy: 'public' },
      schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );
  typed.get(
    '/readyz',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) }),
          503: errorBody,
        },
      },
    },
    async (_request, reply) => {
      if (await database.ping()) return { status: 'ready' as const, database: database.kind };
      return reply
        .status(503)
        .send({ message: 'The database is not answering.', code: ERROR_CODES.unavailable });
    },
  );
}
