import {
  APPLICATION_STAGE_LABELS,
  type ApplicationStage,
  READINESS_DIMENSION_LABELS,
  READINESS_JOURNEY_DEFINITIONS,
  type ReadinessDimension,
  type ReadinessJourney,
} from '@nexus/contracts';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';
import {
  assessments,
  communities,
  communityMembers,
  eventsTable,
  forumTopics,
  programs,
  roles,
  topicFollows,
  users,
} from '../../db/schema';
import type { EventDispatcher } from '../../kernel/events';
import { type NotifyContext, notify } from './deliver';

async function programName(tx: Tx, programId: number): Promise<string> {
  const [row] = await tx
    .select({ name: programs.program_name })
    .from(programs)
    .where(eq(programs.program_id, programId));
  return row?.name ?? 'a program';
}

async function personName(tx: Tx, userId: number): Promise<string> {
  const [row] = await tx
    .select({ first: users.first_name, last: users.last_name, username: users.username })
    .from(users)
    .where(eq(users.user_id, userId));
  if (!row) return 'Someone';
  return [row.first, row.last].filter(Boolean).join(' ').trim() || row.username;
}

const programLink = (programId: number) => `/programs/overview/${programId}`;

/**
 * The inbox's part in every area's events (issue 16 point 2). Each handler runs in the dispatcher's
 * all-tenants transaction together with its delivery row; the unique source key keeps a duplicate
 * delivery from notifying twice even past the dispatcher's own bookkeeping. Names shown are read at
 * the time of the event, as the payloads carry only ids.
 */
export function registerNotificationHandlers(events: EventDispatcher, context: NotifyContext): void {
  events.on('learning.enrolled', 'notifications.enrolled', async (event, tx) => {
    const { user_id: userId, program_id: programId, tenant_id: tenantId } = event.payload;
    const name = await programName(tx, programId);
    await notify(tx, context, {
      userId,
      tenantId,
      category: 'learning',
      title: `You are enrolled in ${name}`,
      body: 'Your program is ready: start with its first unit whenever you like.',
      link: programLink(programId),
      eventId: event.id,
      handler: 'notifications.enrolled',
    });
  });

  events.on('learning.program.completed', 'notifications.program-completed', async (event, tx) => {
    const { user_id: userId, program_id: programId, tenant_id: tenantId } = event.payload;
    const name = await programName(tx, programId);
    await notify(tx, context, {
      userId,
      tenantId,
      category: 'learning',
      title: `You completed ${name}`,
      body: 'Every unit is done. Well done!',
      link: programLink(programId),
      eventId: event.id,
      handler: 'notifications.program-completed',
    });
  });

  events.on('certificate.issued', 'notifications.certificate-issued', async (event, tx) => {
    const { user_id: userId, program_id: programId, tenant_id: tenantId, public_key: key } = event.payload;
    const name = await programName(tx, programId);
    await notify(tx, context, {
      userId,
      tenantId,
      category: 'certificates',
      title: `Your certificate for ${name} is ready`,
      body: 'Anyone can check it at its public address.',
      link: `/certification/${userId}/${encodeURIComponent(key)}`,
      eventId: event.id,
      handler: 'notifications.certificate-issued',
    });
  });

  events.on('competition.winner.announced', 'notifications.competition-winner', async (event, tx) => {
    const { user_id: userId, tenant_id: tenantId, place, title, public_key: key } = event.payload;
    const suffix =
      place % 100 >= 11 && place % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[place % 10] ?? 'th');
    await notify(tx, context, {
      userId,
      tenantId,
      category: 'certificates',
      title: `You placed ${place}${suffix} in ${title}`,
      body: 'Congratulations! Your certificate is ready, and anyone can check it at its public address.',
      link: `/certification/${userId}/${encodeURIComponent(key)}`,
      eventId: event.id,
      handler: 'notifications.competition-winner',
    });
  });

  // A certificate of attendance (issue 17 point 3): the title comes in the payload, so this never reads
  // the events area's tables (DESIGN section 9).
  events.on('event.certificate.issued', 'notifications.event-certificate-issued', async (event, tx) => {
    const { user_id: userId, tenant_id: tenantId, title, public_key: key } = event.payload;
    await notify(tx, context, {
      userId,
      tenantId,
      category: 'certificates',
      title: `Your certificate of attendance for ${title} is ready`,
      body: 'Anyone can check it at its public address.',
      link: `/certification/${userId}/${encodeURIComponent(key)}`,
      eventId: event.id,
      handler: 'notifications.event-certificate-issued',
    });
  });

  events.on('access.role.granted', 'notifications.role-granted', async (event, tx) => {
    const { user_id: userId, role_id: roleId, tenant_id: tenantId } = event.payload;
    const [role] = await tx.select({ name: roles.display_name }).from(roles).where(eq(roles.role_id, roleId));
    await notify(tx, context, {
      userId,
      tenantId,
      category: 'account',
      title: `You now have the role ${role?.name ?? 'assigned to you'}`,
      body: 'Switch to it from your account menu to see what it opens.',
      link: '/settings',
      eventId: event.id,
      handler: 'notifications.role-granted',
    });
  });

  events.on('invitation.accepted', 'notifications.invitation-accepted', async (event, tx) => {
    const { user_id: userId, invited_by: inviter, tenant_id: tenantId } = event.payload;
    // The person who accepted knows already; the one who invited them is told.
    if (inviter === null || inviter === userId) return;
    await notify(tx, context, {
      userId: inviter,
      tenantId,
      category: 'invitations',
      title: `${await personName(tx, userId)} accepted your invitation`,
      body: 'They have joined with the role you invited them into.',
      link: '/settings',
      eventId: event.id,
      handler: 'notifications.invitation-accepted',
    });
  });

  events.on('assessment.reopened', 'notifications.assessment-reopened', async (event, tx) => {
    const { user_id: userId, assessment_id: assessmentId, tenant_id: tenantId } = event.payload;
    const [assessment] = await tx
      .select({ title: assessments.title })
      .from(assessments)
      .where(eq(assessments.assessment_id, assessmentId));
    await notify(tx, context, {
      userId,
      tenantId,
      category: 'assessments',
      title: `Your response to ${assessment?.title ?? 'an assessment'} was reopened`,
      body: 'You may change your answers and submit again.',
      link: `/assessment/${assessmentId}`,
      eventId: event.id,
      handler: 'notifications.assessment-reopened',
    });
  });

  // Jobs: every stage change of an application tells the applicant (issue 20 point 2).
  events.on('job.application.stage.changed', 'notifications.job-stage-changed', async (event, tx) => {
    const { application_id, user_id: userId, tenant_id: tenantId, stage } = event.payload;
    const result = (await tx.execute(
      sql`select p.title, t.tenant_name, a.decline_message from job_applications a
        join job_postings p on p.posting_id = a.posting_id join tenants t on t.tenant_id = p.tenant_id
        where a.application_id = ${application_id}`,
    )) as unknown as { rows: { title: string; tenant_name: string; decline_message: string | null }[] };
    const row = result.rows[0];
    const job = row ? `${row.title} at ${row.tenant_name}` : 'a job';
    const label = APPLICATION_STAGE_LABELS[stage as ApplicationStage] ?? stage;
    await notify(tx, context, {
      userId,
      tenantId,
      category: 'jobs',
      title:
        stage === 'declined'
          ? `Your application for ${job} was declined`
          : `Your application for ${job}: ${label}`,
      body:
        stage === 'declined'
          ? (row?.decline_message ?? 'Thank you for applying.')
          : `Your application moved to the stage “${label}”.`,
      link: '/career',
      eventId: event.id,
      handler: 'notifications.job-stage-changed',
    });
  });

  // The network: one notification per request, acceptance, comment and first reaction.
  events.on('network.connection.requested', 'notifications.connection-requested', async (event, tx) => {
    const { requester_id, addressee_id } = event.payload;
    await notify(tx, context, {
      userId: addressee_id,
      tenantId: null,
      category: 'network',
      title: `${await personName(tx, requester_id)} wants to connect with you`,
      body: 'Accept or decline the request on your connections page.',
      link: '/community/connections',
      eventId: event.id,
      handler: 'notifications.connection-requested',
    });
  });

  events.on('network.connection.accepted', 'notifications.connection-accepted', async (event, tx) => {
    const { requester_id, addressee_id } = event.payload;
    await notify(tx, context, {
      userId: requester_id,
      tenantId: null,
      category: 'network',
      title: `${await personName(tx, addressee_id)} accepted your connection request`,
      body: 'You can now message each other and see each other’s posts for connections.',
      link: '/community/my-connections',
      eventId: event.id,
      handler: 'notifications.connection-accepted',
    });
  });

  events.on('post.commented', 'notifications.post-commented', async (event, tx) => {
    const { post_id, author_id, commenter_id } = event.payload;
    await notify(tx, context, {
      userId: author_id,
      tenantId: null,
      category: 'network',
      title: `${await personName(tx, commenter_id)} commented on your post`,
      body: 'Open the post to read and answer.',
      link: `/show-post/${post_id}`,
      eventId: event.id,
      handler: 'notifications.post-commented',
    });
  });

  events.on('post.reacted', 'notifications.post-reacted', async (event, tx) => {
    const { post_id, author_id, reactor_id } = event.payload;
    await notify(tx, context, {
      userId: author_id,
      tenantId: null,
      category: 'network',
      title: `${await personName(tx, reactor_id)} reacted to your post`,
      body: 'See who else reacted on the post.',
      link: `/show-post/${post_id}`,
      eventId: event.id,
      handler: 'notifications.post-reacted',
    });
  });

  // The ecosystem: the founder hears of each decision on a cohort application; an investor of each application.
  events.on('ecosystem.application.decided', 'notifications.application-decided', async (event, tx) => {
    const { applicant_id, cohort_id, status } = event.payload;
    const [row] = await queryRows<{ cohort: string; center: string; center_id: number; startup: string }>(
      tx,
      sql`select c.name as cohort, ic.name as center, ic.center_id, s.name as startup from cohorts c
          join innovation_centers ic on ic.center_id = c.center_id
          join startups s on s.startup_id = ${event.payload.startup_id} where c.cohort_id = ${cohort_id}`,
    );
    const what = {
      shortlisted: 'was shortlisted for',
      accepted: 'was accepted into',
      declined: 'was not selected for',
    }[status];
    await notify(tx, context, {
      userId: applicant_id,
      tenantId: null,
      category: 'ecosystem',
      title: `${row?.startup ?? 'Your startup'} ${what} ${row?.cohort ?? 'a cohort'}`,
      body:
        status === 'accepted'
          ? `Congratulations! ${row?.center ?? 'The center'} will be in touch about the programme.`
          : status === 'shortlisted'
            ? 'The reviewers will make their final decision soon.'
            : 'Thank you for applying. Other cohorts and calls are open on the funding hub.',
      link: '/innovation-workspace',
      eventId: event.id,
      handler: 'notifications.application-decided',
    });
  });

  events.on('funding.application.created', 'notifications.funding-application', async (event, tx) => {
    const { investor_user_id, call_id, startup_id } = event.payload;
    const [row] = await queryRows<{ title: string; startup: string }>(
      tx,
      sql`select f.title, s.name as startup from funding_calls f join startups s on s.startup_id = ${startup_id}
          where f.call_id = ${call_id}`,
    );
    await notify(tx, context, {
      userId: investor_user_id,
      tenantId: null,
      category: 'ecosystem',
      title: `${row?.startup ?? 'A startup'} applied to ${row?.title ?? 'your call'}`,
      body: 'It is waiting in the New column of your deal-flow board.',
      link: '/funding-hub',
      eventId: event.id,
      handler: 'notifications.funding-application',
    });
  });

  // An announcement reaches thousands: the handler only queues the first batch, in its transaction.
  // Experts: the expert hears of a booking, the other side of a cancellation, both of a reminder.
  events.on('expert.session.booked', 'notifications.expert-session-booked', async (event, tx) => {
    const { expert_id, mentee_id } = event.payload;
    await notify(tx, context, {
      userId: expert_id,
      tenantId: null,
      category: 'experts',
      title: `${await personName(tx, mentee_id)} booked a session with you`,
      body: 'It is in your calendar; the reminders come a day and an hour before.',
      link: '/my-expert-programs',
      eventId: event.id,
      handler: 'notifications.expert-session-booked',
    });
  });

  events.on('expert.session.cancelled', 'notifications.expert-session-cancelled', async (event, tx) => {
    const { expert_id, mentee_id, cancelled_by } = event.payload;
    await notify(tx, context, {
      userId: cancelled_by === expert_id ? mentee_id : expert_id,
      tenantId: null,
      category: 'experts',
      title: `${await personName(tx, cancelled_by)} cancelled your session`,
      body: 'The slot is free again; book another one when it suits you both.',
      link: '/my-expert-programs',
      eventId: event.id,
      handler: 'notifications.expert-session-cancelled',
    });
  });

  events.on('expert.session.reminder', 'notifications.expert-session-reminder', async (event, tx) => {
    const { expert_id, mentee_id, kind } = event.payload;
    for (const [userId, otherId] of [
      [expert_id, mentee_id],
      [mentee_id, expert_id],
    ] as const) {
      await notify(tx, context, {
        userId,
        tenantId: null,
        category: 'experts',
        title: `Reminder: your session with ${await personName(tx, otherId)} is ${kind === 'day' ? 'tomorrow' : 'within the hour'}`,
        body: 'Open your calendar for the time and the invite.',
        link: '/calendar',
        eventId: event.id,
        handler: 'notifications.expert-session-reminder',
      });
    }
  });

  events.on('announcement.published', 'notifications.announcement', async (event, tx) => {
    const { announcement_id, tenant_id, role_id, title } = event.payload;
    await context.jobs.enqueue(tx, 'notifications.fanout', {
      event_id: event.id,
      announcement_id,
      tenant_id,
      role_id,
      after_user_id: 0,
      ...(title ? { title } : {}),
    });
  });

  // Issue 18: a forum post names people (@username) and its topic's followers hear of replies. Each
  // person is notified once per post: a mention wins over following.
  events.on('community.post.created', 'notifications.community-post', async (event, tx) => {
    const { post_id: postId, topic_id: topicId, tenant_id: tenantId, author_id: authorId } = event.payload;
    const [topic] = await tx
      .select({ title: forumTopics.title })
      .from(forumTopics)
      .where(eq(forumTopics.topic_id, topicId));
    const title = topic?.title ?? 'a topic';
    const author = await personName(tx, authorId);
    const link = `/forum/${topicId}#post-${postId}`;
    const mentioned = new Set(event.payload.mentioned_user_ids.filter((userId) => userId !== authorId));
    for (const userId of mentioned) {
      await notify(tx, context, {
        userId,
        tenantId,
        category: 'community',
        title: `${author} mentioned you in ${title}`,
        body: 'Open the topic to read and reply.',
        link,
        eventId: event.id,
        handler: 'notifications.community-post',
      });
    }
    if (event.payload.opening) return;
    // A private community's replies reach only its active members (as mentions do): a follower who
    // left, was removed or was banned may no longer read the topic (docs/community.md).
    const followers = await tx
      .select({ userId: topicFollows.user_id })
      .from(topicFollows)
      .innerJoin(communities, eq(communities.community_id, event.payload.community_id))
      .leftJoin(
        communityMembers,
        and(
          eq(communityMembers.community_id, communities.community_id),
          eq(communityMembers.user_id, topicFollows.user_id),
        ),
      )
      .where(
        and(
          eq(topicFollows.topic_id, topicId),
          ne(topicFollows.user_id, authorId),
          or(eq(communities.visibility, 'public'), eq(communityMembers.status, 'active')),
        ),
      );
    for (const { userId } of followers) {
      if (mentioned.has(userId)) continue;
      await notify(tx, context, {
        userId,
        tenantId,
        category: 'community',
        title: `${author} replied in ${title}`,
        body: 'A topic you follow has a new reply.',
        link,
        eventId: event.id,
        handler: 'notifications.community-post',
      });
    }
  });
  // Events (issue 17): the person hears of each change of their registration.
  const registrationNotices = {
    'event.registration.confirmed': {
      handler: 'notifications.event-confirmed',
      title: (name: string) => `You are registered for ${name}`,
      body: 'Your ticket is ready; the invite is in your mail.',
      ticket: true,
    },
    'event.registration.waiting': {
      handler: 'notifications.event-waiting',
      title: (name: string) => `You are on the waiting list for ${name}`,
      body: 'If a seat frees up, it is offered to you by mail for a limited time.',
      ticket: false,
    },
    'event.registration.offered': {
      handler: 'notifications.event-offered',
      title: (name: string) => `A seat is free for you at ${name}`,
      body: 'Accept it before the offer expires; then it goes to the next person waiting.',
      ticket: false,
    },
    'event.registration.declined': {
      handler: 'notifications.event-declined',
      title: (name: string) => `Your registration for ${name} was not kept`,
      body: 'The organiser declined it, or the seat offered to you expired or was declined.',
      ticket: false,
    },
  } as const;
  for (const [name, notice] of Object.entries(registrationNotices) as [
    keyof typeof registrationNotices,
    (typeof registrationNotices)[keyof typeof registrationNotices],
  ][]) {
    events.on(name, notice.handler, async (event, tx) => {
      const { user_id: userId, event_id: eventId, tenant_id: tenantId } = event.payload;
      const [row] = await tx
        .select({ title: eventsTable.title })
        .from(eventsTable)
        .where(eq(eventsTable.event_id, eventId));
      await notify(tx, context, {
        userId,
        tenantId,
        category: 'events',
        title: notice.title(row?.title ?? 'an event'),
        body: notice.body,
        link: notice.ticket ? `/events/registered-event/${eventId}` : `/events/overview/${eventId}`,
        eventId: event.id,
        handler: notice.handler,
      });
    });
  }

  // Readiness (issue 19): the reviewer hears of a request, the owner of the answer.
  events.on('readiness.review.requested', 'notifications.readiness-review-requested', async (event, tx) => {
    const { owner_id, reviewer_id, journey, dimension } = event.payload;
    await notify(tx, context, {
      userId: reviewer_id,
      tenantId: null,
      category: 'assessments',
      title: `${await personName(tx, owner_id)} asked you to review a readiness level`,
      body: `${readinessLabel(journey)}: ${dimensionLabel(dimension)}. Confirm the level or adjust it, with a comment.`,
      link: '/readiness-journey#reviews',
      eventId: event.id,
      handler: 'notifications.readiness-review-requested',
    });
  });
  events.on('readiness.review.answered', 'notifications.readiness-review-answered', async (event, tx) => {
    const { owner_id, reviewer_id, journey, dimension, decision, level } = event.payload;
    const verb = decision === 'confirmed' ? 'confirmed' : 'adjusted';
    await notify(tx, context, {
      userId: owner_id,
      tenantId: null,
      category: 'assessments',
      title: `${await personName(tx, reviewer_id)} ${verb} your ${dimensionLabel(dimension).toLowerCase()} level`,
      body: `${readinessLabel(journey)}: ${dimensionLabel(dimension)} is now level ${level}.`,
      link: readinessPath(journey),
      eventId: event.id,
      handler: 'notifications.readiness-review-answered',
    });
  });

  // Support (issue 22 point 5): the asker hears of an administrator's answer; staff read the queue.
  events.on('support.request.replied', 'notifications.support-replied', async (event, tx) => {
    const { request_id, requester_id, author_id, from_staff, tenant_id } = event.payload;
    if (!from_staff) return;
    await notify(tx, context, {
      userId: requester_id,
      tenantId: tenant_id,
      category: 'account',
      title: `${await personName(tx, author_id)} answered your support request`,
      body: 'Open the request to read the answer and reply.',
      link: `/student/support?request=${request_id}`,
      eventId: event.id,
      handler: 'notifications.support-replied',
    });
  });
}

function readinessLabel(journey: string): string {
  return READINESS_JOURNEY_DEFINITIONS[journey as ReadinessJourney]?.title ?? 'Readiness';
}
function readinessPath(journey: string): string {
  return READINESS_JOURNEY_DEFINITIONS[journey as ReadinessJourney]?.path ?? '/readiness-journey';
}
function dimensionLabel(dimension: string): string {
  return READINESS_DIMENSION_LABELS[dimension as ReadinessDimension] ?? dimension;
}
