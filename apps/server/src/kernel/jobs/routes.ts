import {
  deadJobList,
  deadJobListQuery,
  JOB_MESSAGES,
  JOBS_API,
  jobIdParams,
  jobQueueList,
  retriedJob,
} from '@nexus/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../http/app-error';
import { listDeadJobs, listQueues, retryDeadJob } from './admin';
import type { Jobs } from './jobs';

/** The platform administrator's view of the queues (issue 15 point 2): counts, dead letters, retry. */
export function registerJobAdministration(app: FastifyInstance, jobs: Jobs): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['jobs'];
  const config = { policy: 'platformAdmin' } as const;

  typed.get(
    `${JOBS_API}/getQueues`,
    { schema: { response: { 200: jobQueueList }, tags }, config },
    async () => ({ data: await listQueues(jobs) }),
  );

  typed.get(
    `${JOBS_API}/getDeadJobs`,
    { schema: { querystring: deadJobListQuery, response: { 200: deadJobList }, tags }, config },
    async (request) => listDeadJobs(jobs, request.query),
  );

  typed.post(
    `${JOBS_API}/retryDeadJob/:id`,
    { schema: { params: jobIdParams, response: { 200: retriedJob }, tags }, config },
    async (request) => {
      const retried = await retryDeadJob(jobs, request.params.id);
      if (!retried) throw notFound(JOB_MESSAGES.notFound);
      return { data: retried };
    },
  );
}
