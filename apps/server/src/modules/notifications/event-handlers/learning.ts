/**
 * Notices of the learning areas: enrolment and completion, a reopened assessment, readiness reviews.
 * One file per area (index.ts).
 */
import {
  READINESS_DIMENSION_LABELS,
  READINESS_JOURNEY_DEFINITIONS,
  type ReadinessDimension,
  type ReadinessJourney,
} from '@nexus/contracts';
import { eq } from 'drizzle-orm';
import { assessments } from '../../../db/schema';
import type { EventDispatcher } from '../../../kernel/events';
import { type NotifyContext, notify } from '../deliver';
import { personName, programName } from './names';

const programLink = (programId: number) => `/programs/overview/${programId}`;

/** Learning, assessments and readiness (issues 16 and 19). */
export function registerLearningNotices(events: EventDispatcher, context: NotifyContext): void {
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
