import { z } from 'zod';
import { LIST_DEFAULTS } from './constants';
import { ASSESSMENT_KINDS } from './entities/assessment';
import { ATTENDANCE_STATUSES } from './entities/attendance';
import { listMeta } from './list-query';

/**
 * The domain event catalogue (DESIGN section 9, issue 15 point 1): every event an area records in the
 * outbox, with its version and payload schema. Payloads carry the ids a handler needs to address a
 * person (user, tenant, program), never whole rows, so a later reader (messaging) can look up what it
 * shows with its own permissions. A payload change that breaks readers gets a new version.
 */
const id = z.number().int().positive();
const tenantId = id.nullable();

export const DOMAIN_EVENTS = {
  'learning.enrolled': {
    version: 1,
    payload: z.object({ enrollment_id: id, user_id: id, program_id: id, tenant_id: tenantId }),
  },
  'learning.unit.completed': {
    version: 1,
    payload: z.object({ user_id: id, unit_id: id, program_id: id, tenant_id: tenantId }),
  },
  'learning.program.completed': {
    version: 1,
    payload: z.object({
      user_id: id,
      program_id: id,
      enrollment_id: id,
      /** The enrolment's scope: where the learner studied. */
      tenant_id: tenantId,
      /** The program's owner, who issues its certificate (null: the platform). */
      program_tenant_id: tenantId,
    }),
  },
  'assessment.passed': {
    version: 1,
    payload: z.object({
      response_id: id,
      assessment_id: id,
      user_id: id,
      tenant_id: tenantId,
      kind: z.enum(ASSESSMENT_KINDS),
      /** Null for a survey: submitting it is what counts. */
      percent: z.number().nullable(),
    }),
  },
  'attendance.recorded': {
    version: 1,
    payload: z.object({
      unit_id: id,
      batch_id: z.number().int(),
      program_id: id,
      user_id: id,
      tenant_id: tenantId,
      status: z.enum(ATTENDANCE_STATUSES),
      method: z.enum(['code', 'instructor']),
    }),
  },
  'certificate.issued': {
    version: 1,
    payload: z.object({
      certificate_id: id,
      user_id: id,
      program_id: id,
      tenant_id: tenantId,
      public_key: z.string(),
    }),
  },
  'access.role.granted': {
    version: 1,
    payload: z.object({ user_id: id, role_id: id, tenant_id: tenantId, granted_by: id }),
  },
  'invitation.accepted': {
    version: 1,
    payload: z.object({
      invitation_id: id,
      user_id: id,
      tenant_id: tenantId,
      role_id: id,
      invited_by: id.nullable(),
    }),
  },
  'assessment.reopened': {
    version: 1,
    payload: z.object({
      response_id: id,
      assessment_id: id,
      /** The learner whose response was reopened. */
      user_id: id,
      tenant_id: tenantId,
      reopened_by: id,
    }),
  },
  /** Messaging: a published announcement, fanned out to its audience's inboxes by a job. */
  'competition.winner.announced': {
    version: 1,
    payload: z.object({
      competition_id: id,
      /** The competition's owner (null: the platform). */
      tenant_id: tenantId,
      user_id: id,
      place: z.number().int().positive(),
      /** What the inbox shows: the competition's title. */
      title: z.string().max(300),
      /** The winner's certificate, checked in public at /certification/{user_id}/{public_key}. */
      public_key: z.string(),
    }),
  },
  'announcement.published': {
    version: 1,
    payload: z.object({
      announcement_id: id,
      /** Null: a platform announcement. */
      tenant_id: tenantId,
      /** Null: everyone in the audience's scope; else only holders of this role there. */
      role_id: id.nullable(),
      published_by: id,
      /** What the inbox shows: the announcement's own title (absent: a generic one). */
      title: z.string().max(300).optional(),
    }),
  },
  /**
   * Community (issue 18): a topic or reply was posted in a forum. `mentioned_user_ids` are the people
   * the text names with @username who may read it and have no block with the author (each is notified
   * once); the topic's followers hear of a reply (other than its author and those mentioned).
   */
  'community.post.created': {
    version: 1,
    payload: z.object({
      post_id: id,
      topic_id: id,
      community_id: id,
      tenant_id: tenantId,
      author_id: id,
      /** True for the opening post of a new topic (followers are not told of it). */
      opening: z.boolean(),
      mentioned_user_ids: z.array(id).max(50),
    }),
  },
  /** Readiness (issue 19): an owner asked a reviewer to look at a level; the reviewer answered. */
  'readiness.review.requested': {
    version: 1,
    payload: z.object({
      review_id: id,
      result_id: id,
      owner_id: id,
      reviewer_id: id,
      journey: z.string(),
      dimension: z.string(),
      tenant_id: tenantId,
    }),
  },
  'readiness.review.answered': {
    version: 1,
    payload: z.object({
      review_id: id,
      result_id: id,
      owner_id: id,
      reviewer_id: id,
      journey: z.string(),
      dimension: z.string(),
      decision: z.enum(['confirmed', 'adjusted']),
      level: z.number().int().min(1).max(9),
      tenant_id: tenantId,
    }),
  },
  /** Support (issue 22 point 5): a reply in a support thread; the other side hears of it. */
  'support.request.replied': {
    version: 1,
    payload: z.object({
      request_id: id,
      reply_id: id,
      requester_id: id,
      author_id: id,
      from_staff: z.boolean(),
      tenant_id: tenantId,
    }),
  },
  /** Events (issue 17): a registration changed state; notifications tell the person. */
  'event.registration.confirmed': {
    version: 1,
    payload: z.object({ registration_id: id, event_id: id, user_id: id, tenant_id: tenantId }),
  },
  'event.registration.waiting': {
    version: 1,
    payload: z.object({ registration_id: id, event_id: id, user_id: id, tenant_id: tenantId }),
  },
  'event.registration.offered': {
    version: 1,
    payload: z.object({
      registration_id: id,
      event_id: id,
      user_id: id,
      tenant_id: tenantId,
      expires_at: z.string(),
    }),
  },
  'event.registration.declined': {
    version: 1,
    payload: z.object({ registration_id: id, event_id: id, user_id: id, tenant_id: tenantId }),
  },
  /**
   * Events (issue 17 point 3): a checked-in attendee received a new certificate of attendance (kind
   * `event`); notifications tell them. The title travels in the payload so the inbox need not read
   * the events area's tables.
   */
  'event.certificate.issued': {
    version: 1,
    payload: z.object({
      certificate_id: id,
      event_id: id,
      user_id: id,
      /** The event's owner, who issues the certificate (null: the platform). */
      tenant_id: tenantId,
      /** What the inbox shows: the event's title. */
      title: z.string().max(300),
      /** The certificate, checked in public at /certification/{user_id}/{public_key}. */
      public_key: z.string(),
    }),
  },
  /** The network: a connection request sent to `addressee_id` (notifies them). */
  'network.connection.requested': {
    version: 1,
    payload: z.object({ connection_id: id, requester_id: id, addressee_id: id, tenant_id: tenantId }),
  },
  /** The network: `addressee_id` accepted `requester_id`'s request (notifies the requester). */
  'network.connection.accepted': {
    version: 1,
    payload: z.object({ connection_id: id, requester_id: id, addressee_id: id, tenant_id: tenantId }),
  },
  /** Posts: someone other than the author commented (notifies the author). */
  'post.commented': {
    version: 1,
    payload: z.object({ post_id: id, comment_id: id, author_id: id, commenter_id: id, tenant_id: tenantId }),
  },
  /** Posts: someone other than the author reacted for the first time (notifies the author). */
  'post.reacted': {
    version: 1,
    payload: z.object({
      post_id: id,
      author_id: id,
      reactor_id: id,
      reaction: z.string(),
      tenant_id: tenantId,
    }),
  },
  /** Jobs: an application moved to another stage of the pipeline (notifies the applicant). */
  'job.application.stage.changed': {
    version: 1,
    payload: z.object({
      application_id: id,
      posting_id: id,
      user_id: id,
      stage: z.string(),
      tenant_id: tenantId,
    }),
  },
  /** Experts: a session was booked (notifies the expert; the mentee booked it). */
  'expert.session.booked': {
    version: 1,
    payload: z.object({ session_id: id, expert_id: id, mentee_id: id, tenant_id: tenantId }),
  },
  /** Experts: a session was cancelled by `cancelled_by` (notifies the other side). */
  'expert.session.cancelled': {
    version: 1,
    payload: z.object({
      session_id: id,
      expert_id: id,
      mentee_id: id,
      cancelled_by: id,
      tenant_id: tenantId,
    }),
  },
  /** Experts: the reminder job ran for a session still booked (notifies both sides in the app). */
  'expert.session.reminder': {
    version: 1,
    payload: z.object({
      session_id: id,
      expert_id: id,
      mentee_id: id,
      kind: z.enum(['day', 'hour']),
      tenant_id: tenantId,
    }),
  },
  /** Ecosystem: a center decided a cohort application (notifies the applicant, the founder). */
  'ecosystem.application.decided': {
    version: 1,
    payload: z.object({
      application_id: id,
      cohort_id: id,
      startup_id: id,
      applicant_id: id,
      status: z.enum(['shortlisted', 'accepted', 'declined']),
      tenant_id: tenantId,
    }),
  },
  /** Funding: a startup applied to an investor's call (notifies the investor). */
  'funding.application.created': {
    version: 1,
    payload: z.object({
      application_id: id,
      call_id: id,
      investor_user_id: id,
      startup_id: id,
      tenant_id: tenantId,
    }),
  },
} as const satisfies Record<string, { version: number; payload: z.ZodType }>;

export type DomainEventName = keyof typeof DOMAIN_EVENTS;
export const DOMAIN_EVENT_NAMES = Object.keys(DOMAIN_EVENTS) as DomainEventName[];
export type DomainEventPayload<N extends DomainEventName> = z.infer<(typeof DOMAIN_EVENTS)[N]['payload']>;

export const DOMAIN_EVENT_STATUSES = ['pending', 'done', 'failed', 'dead'] as const;
export type DomainEventStatus = (typeof DOMAIN_EVENT_STATUSES)[number];

/** The platform administrator's view of the outbox (issue 15 point 1, "visible in an admin view"). */
export const DOMAIN_EVENTS_API = '/api/system/domain-events';

export const domainEventItem = z.object({
  id: z.string(),
  name: z.string(),
  version: z.number().int(),
  payload: z.record(z.string(), z.unknown()),
  tenant_id: z.number().int().nullable(),
  status: z.enum(DOMAIN_EVENT_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  occurred_at: z.string(),
  next_attempt_at: z.string().nullable(),
  processed_at: z.string().nullable(),
  /** Handlers that have done their part, by name. */
  delivered_to: z.array(z.string()),
});
export type DomainEventItem = z.infer<typeof domainEventItem>;

/** The list pattern's page and limit, plus the status to show; newest first. */
export const domainEventListQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(LIST_DEFAULTS.page),
    limit: z.coerce.number().int().min(1).max(100).default(LIST_DEFAULTS.limit),
    status: z.enum(DOMAIN_EVENT_STATUSES).optional(),
    name: z.string().max(100).optional(),
  })
  .strict();
export type DomainEventListQuery = z.input<typeof domainEventListQuery>;

export const domainEventList = z.object({ data: z.array(domainEventItem), meta: listMeta });
export type DomainEventList = z.infer<typeof domainEventList>;

export const domainEventIdParams = z.object({ id: z.uuid() }).strict();

export const DOMAIN_EVENT_MESSAGES = {
  notFound: 'Event not found.',
  notDead: 'Only a dead event can be retried.',
  retried: 'The event is queued again.',
} as const;
