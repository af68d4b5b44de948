import { z } from 'zod';

/** How a queue retries: pg-boss's retryDelay is in seconds, doubled per attempt with retryBackoff. */
export interface RetryPolicy {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  /** An attempt running longer than this fails (and is retried). */
  expireInSeconds: number;
}

export interface JobDefinition<P extends z.ZodType = z.ZodType, N extends string = string>
  extends RetryPolicy {
  name: N;
  payload: P;
  /** How often an idle worker looks for work; a send from this process wakes it at once. */
  pollingIntervalSeconds: number;
  /** Jobs fetched at once (run side by side); a full batch fetches the next one without waiting. */
  batchSize: number;
  /** Five-field cron (UTC) for a job the schedule enqueues itself. */
  cron?: string;
  /** One line an administrator may read about a dead job (never the payload itself). */
  summarize(payload: z.infer<P>): string;
}

function defineJob<P extends z.ZodType, const N extends string>(
  definition: JobDefinition<P, N>,
): JobDefinition<P, N> {
  return definition;
}

/** `ada@example.com` -> `a***@example.com`: an administrator sees whom a mail was for, not the address. */
export function maskAddress(address: string): string {
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

export const mailPayload = z.object({
  to: z.string().min(3).max(320),
  subject: z.string().max(998),
  text: z.string(),
  html: z.string().optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
  /** An RFC 5545 invite sent along as a calendar part (events' confirmations). */
  ics: z.string().max(200_000).optional(),
});
export type MailPayload = z.infer<typeof mailPayload>;

/**
 * Every job the product runs (DESIGN section 9). Areas register the handlers; this file is the one
 * list of names, payloads and retry policies, so the queues can be created before any process works.
 */
export const JOB_CATALOGUE = {
  /**
   * Every outgoing mail. Five retries from 30 s doubling (about 30 s, 1, 2, 4 and 8 minutes, with
   * jitter) ride out an SMTP server that is down for a while; then the mail lands in the dead letters.
   */
  mailSend: defineJob({
    name: 'mail.send',
    payload: mailPayload,
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 120,
    pollingIntervalSeconds: 1,
    batchSize: 10,
    summarize: (mail) => `${mail.subject} to ${maskAddress(mail.to)}`,
  }),
  /** Nightly removal of what has expired (sessions, codes, rate-limit windows, old outbox mail). */
  cleanup: defineJob({
    name: 'maintenance.cleanup',
    payload: z.object({}).strict(),
    retryLimit: 2,
    retryDelay: 300,
    retryBackoff: false,
    expireInSeconds: 600,
    pollingIntervalSeconds: 30,
    batchSize: 1,
    cron: '17 3 * * *',
    summarize: () => 'nightly cleanup',
  }),
  /** Does nothing: measures the queue itself (bench/jobs.ts) and proves a worker is alive. */
  ping: defineJob({
    name: 'jobs.ping',
    payload: z.object({ n: z.number().int().optional() }).strict(),
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 60,
    pollingIntervalSeconds: 1,
    batchSize: 200,
    summarize: (ping) => `ping ${ping.n ?? ''}`.trim(),
  }),
  /**
   * Publishes a scheduled announcement at its publish_at (issue 16 point 3). Idempotent: it publishes
   * only a row still scheduled and due, so a rescheduled or deleted one leaves an old job a no-op.
   */
  announcementPublish: defineJob({
    name: 'announcements.publish',
    payload: z.object({ announcement_id: z.number().int().positive() }).strict(),
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 120,
    pollingIntervalSeconds: 5,
    batchSize: 20,
    summarize: (job) => `publish announcement ${job.announcement_id}`,
  }),
  /**
   * Publishes a scheduled post at its publish_at (issue 18 point 4). Idempotent: it publishes only a
   * post still scheduled and due, so a rescheduled, published or deleted one leaves an old job a no-op.
   */
  postPublish: defineJob({
    name: 'posts.publish',
    payload: z.object({ post_id: z.number().int().positive() }).strict(),
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 120,
    pollingIntervalSeconds: 5,
    batchSize: 20,
    summarize: (job) => `publish post ${job.post_id}`,
  }),
  /**
   * Every five minutes: publishes the scheduled posts whose time has passed and whose own
   * `posts.publish` job never ran (seeded posts, a lost job). Publishing is idempotent either way.
   */
  postPublishSweep: defineJob({
    name: 'posts.publish-due',
    payload: z.object({}).strict(),
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 300,
    pollingIntervalSeconds: 30,
    batchSize: 1,
    cron: '*/5 * * * *',
    summarize: () => 'publish due posts',
  }),
  /**
   * Hourly: marks open job postings past their closing date closed (issue 20 point 2). Search already
   * leaves them out by date; this only keeps `status` true for lists that read it. Idempotent.
   */
  jobsCloseExpired: defineJob({
    name: 'jobs.close-expired',
    payload: z.object({}).strict(),
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 300,
    pollingIntervalSeconds: 60,
    batchSize: 1,
    cron: '7 * * * *',
    summarize: () => 'close expired job postings',
  }),
  /**
   * One batch of an announcement's fan-out (modules/notifications): notifies the audience members after
   * `after_user_id`, then enqueues the next batch in the same transaction. Safe to repeat: the inbox
   * keeps one notification per person and event.
   */
  notificationsFanout: defineJob({
    name: 'notifications.fanout',
    payload: z
      .object({
        event_id: z.string().min(1).max(100),
        announcement_id: z.number().int().positive(),
        tenant_id: z.number().int().positive().nullable(),
        role_id: z.number().int().positive().nullable(),
        after_user_id: z.number().int().min(0),
        title: z.string().max(300).optional(),
      })
      .strict(),
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 300,
    pollingIntervalSeconds: 1,
    batchSize: 2,
    summarize: (batch) => `announcement ${batch.announcement_id} after user ${batch.after_user_id}`,
  }),
  /** Hourly: mails the daily and weekly digests that are due (modules/notifications). */
  notificationsDigest: defineJob({
    name: 'notifications.digest',
    payload: z.object({}).strict(),
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 900,
    pollingIntervalSeconds: 30,
    batchSize: 1,
    cron: '7 * * * *',
    summarize: () => 'notification digests',
  }),
  /**
   * Events (issue 17): a waiting-list offer that is still open at its deadline lapses and the seat is
   * offered to the next person waiting. A no-op when the offer was accepted or declined meanwhile.
   */
  eventOfferExpire: defineJob({
    name: 'events.offer.expire',
    payload: z.object({ registration_id: z.number().int().positive() }).strict(),
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 120,
    pollingIntervalSeconds: 5,
    batchSize: 20,
    summarize: (job) => `expire offer of registration ${job.registration_id}`,
  }),
  /**
   * Events: a reminder a day or an hour before the event, mailed only when the registration is still
   * confirmed and the event still starts at `starts_at` (a moved event leaves the old job a no-op).
   */
  eventReminder: defineJob({
    name: 'events.reminder',
    payload: z
      .object({
        registration_id: z.number().int().positive(),
        kind: z.enum(['day', 'hour']),
        starts_at: z.string().max(40),
      })
      .strict(),
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 120,
    pollingIntervalSeconds: 5,
    batchSize: 20,
    summarize: (job) => `${job.kind} reminder of registration ${job.registration_id}`,
  }),
  /**
   * Events: an event moved to another start. Every confirmed attendee gets the new time with an
   * updated invite, and their reminders are planned again for it (the old ones no longer match).
   */
  eventMoved: defineJob({
    name: 'events.moved',
    payload: z.object({ event_id: z.number().int().positive(), starts_at: z.string().max(40) }).strict(),
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 300,
    pollingIntervalSeconds: 5,
    batchSize: 5,
    summarize: (job) => `tell the attendees of event ${job.event_id} it moved`,
  }),
  /**
   * Resources (issue 21): reads the text of an item's current PDFs into its search vector, so a word
   * inside a report finds it. Idempotent: it rewrites the whole text from the files as they are.
   */
  resourceExtractText: defineJob({
    name: 'resources.extract-text',
    payload: z.object({ item_id: z.number().int().positive() }).strict(),
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 300,
    pollingIntervalSeconds: 2,
    batchSize: 2,
    summarize: (job) => `extract the text of resource ${job.item_id}`,
  }),
  /**
   * Resources (issue 21): an HLS ladder (360p, 720p, fewer for a smaller source) of a video's main
   * file, made with ffmpeg. Queued only when ffmpeg was found at start; one at a time, as encoding
   * takes the machine's cores. A source ffmpeg cannot read is logged, not retried.
   */
  resourceHls: defineJob({
    name: 'resources.hls',
    payload: z.object({ item_file_id: z.number().int().positive() }).strict(),
    retryLimit: 2,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 1800,
    pollingIntervalSeconds: 5,
    batchSize: 1,
    summarize: (job) => `HLS ladder of resource file ${job.item_file_id}`,
  }),
  /**
   * Resources (issue 21): removes the HLS ladders of a deleted item's files through the files module,
   * so their objects leave storage and their bytes the tenant's storage_gb. Idempotent.
   */
  resourceDropHls: defineJob({
    name: 'resources.drop-hls',
    payload: z.object({ item_id: z.number().int().positive() }).strict(),
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 300,
    pollingIntervalSeconds: 5,
    batchSize: 2,
    summarize: (job) => `remove the HLS ladders of deleted resource ${job.item_id}`,
  }),
  /**
   * Experts (issue 20): a reminder a day or an hour before a session, to both sides, sent only while
   * the session is still booked at `starts_at` (a cancelled session leaves the old job a no-op).
   */
  expertReminder: defineJob({
    name: 'experts.reminder',
    payload: z
      .object({
        session_id: z.number().int().positive(),
        kind: z.enum(['day', 'hour']),
        starts_at: z.string().max(40),
      })
      .strict(),
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 120,
    pollingIntervalSeconds: 5,
    batchSize: 20,
    summarize: (job) => `${job.kind} reminder of expert session ${job.session_id}`,
  }),
  /**
   * Every ten minutes: moves each expert's cached next free slot on once it has passed, so
   * /find-expert's "free before" filter and order stay true as time goes by.
   */
  expertNextFree: defineJob({
    name: 'experts.next-free',
    payload: z.object({}).strict(),
    retryLimit: 2,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 600,
    pollingIntervalSeconds: 30,
    batchSize: 1,
    cron: '*/10 * * * *',
    summarize: () => 'refresh experts’ next free slots',
  }),
} as const;

export type JobCatalogue = typeof JOB_CATALOGUE;
export type JobKey = keyof JobCatalogue;
export type JobName = JobCatalogue[JobKey]['name'];
export type JobOf<N extends JobName> = Extract<JobCatalogue[JobKey], { name: N }>;
export type PayloadOf<N extends JobName> = z.infer<JobOf<N>['payload']>;

export const JOB_DEFINITIONS = Object.values(JOB_CATALOGUE) as unknown as readonly JobDefinition[];

export function definitionOf(name: string): JobDefinition | undefined {
  return JOB_DEFINITIONS.find((definition) => definition.name === name);
}

/** Each queue's dead letters wait in a queue of their own that nobody works. */
export const deadLetterOf = (name: string) => `${name}.dead`;
