import { z } from 'zod';
import { dataEnvelope, listEnvelope } from '../list-query';

/** Background-job administration (issue 15 point 2): a platform administrator's view of the queues. */
export const JOBS_API = '/api/jobs';

export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** One queue of the catalogue with its jobs counted by state; `dead` counts its dead-letter queue. */
export const jobQueue = z.object({
  name: z.string(),
  dead_letter: z.string().nullable(),
  retry_limit: z.number().int(),
  created: z.number().int(),
  retry: z.number().int(),
  active: z.number().int(),
  completed: z.number().int(),
  cancelled: z.number().int(),
  failed: z.number().int(),
  dead: z.number().int(),
});
export type JobQueue = z.infer<typeof jobQueue>;
export const jobQueueList = dataEnvelope(z.array(jobQueue));

/**
 * A job that ran out of retries and waits in its queue's dead-letter queue. The payload is not shown
 * (a mail job carries the mail, a code mail its code): only what it is about, masked.
 */
export const deadJob = z.object({
  job_id: z.uuid(),
  queue: z.string(),
  dead_letter_queue: z.string(),
  summary: z.string(),
  error: z.string().nullable(),
  created_at: z.string(),
});
export type DeadJob = z.infer<typeof deadJob>;

export const deadJobListQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    queue: z.string().min(1).max(100).optional(),
  })
  .strict();
export type DeadJobListQuery = z.input<typeof deadJobListQuery>;
export const deadJobList = listEnvelope(deadJob);

export const jobIdParams = z.object({ id: z.uuid() });
/** A retried dead job runs again as a new job of its own queue. */
export const retriedJob = dataEnvelope(z.object({ job_id: z.uuid(), queue: z.string() }));

export const JOB_MESSAGES = {
  retried: 'The job was queued again.',
  notFound: 'No dead job has this id.',
} as const;
