import { z } from 'zod';
import { answers } from '../entities/assessment';
import { pathId } from '../path-params';
import { READINESS_DIMENSIONS, READINESS_JOURNEYS } from '../readiness-levels';

export { READINESS_API } from '../api-paths';
export { READINESS_PATHS, READINESS_TAGS } from '../area-paths';
export * from '../readiness-levels';

/**
 * Readiness journeys and the sample statistics (issue 19 points 4 and 5; docs/readiness.md): a
 * self-assessment per journey, its levels per dimension, history, evidence, reviews by an invited
 * reviewer, next steps, and the stat / stat score / stat module model of spec section 3.
 */

export const READINESS_MESSAGES = {
  journeyUnknown: 'Choose one of the journeys: idea, technology, entrepreneurial or investor.',
  answerEvery: 'Answer every dimension before you submit.',
  resultNotFound: 'Readiness result not found.',
  dimensionNotInJourney: 'This dimension is not part of the journey.',
  fileNotYours: 'Attach a document you uploaded yourself.',
  evidenceNotFound: 'Evidence not found.',
  evidenceLimit: 'A level takes at most 5 evidence files.',
  reviewerNotFound: 'No reviewer with this email or user id.',
  reviewerNotEligible:
    'A reviewer must be a center manager (incubator, accelerator, startup hub) or an expert (mentor).',
  reviewerSelf: 'You cannot review your own readiness.',
  reviewPending: 'A review of this level is already waiting for an answer.',
  reviewNotFound: 'Review not found.',
  reviewDone: 'This review has already been answered.',
  levelNeeded: 'Choose the adjusted level.',
  reviewerNeeded: "Give the reviewer's email or user id.",
} as const;

/** Roles that may review: center managers (incubator, accelerator, startup hub) and experts (mentor). */
export const READINESS_REVIEWER_ROLES = [6, 7, 8, 16] as const;
export const READINESS_EVIDENCE_MAX = 5;

export const readinessJourney = z.enum(READINESS_JOURNEYS, READINESS_MESSAGES.journeyUnknown);
export const readinessDimension = z.enum(READINESS_DIMENSIONS);
export const readinessLevel = z.number().int().min(1).max(9);

export const readinessJourneyParams = z.object({ journey: readinessJourney }).strict();
export const readinessIdParams = z.object({ id: pathId }).strict();

export const createReadinessResultBody = z.object({ journey: readinessJourney, answers }).strict();
export type CreateReadinessResultBody = z.infer<typeof createReadinessResultBody>;

export const createEvidenceBody = z
  .object({ result_id: z.number().int().positive(), dimension: readinessDimension, file_id: z.uuid() })
  .strict();
export type CreateEvidenceBody = z.infer<typeof createEvidenceBody>;

export const createReviewBody = z
  .object({
    result_id: z.number().int().positive(),
    dimension: readinessDimension,
    reviewer_email: z.email().max(320).optional(),
    reviewer_id: z.number().int().positive().optional(),
  })
  .strict()
  .refine((body) => (body.reviewer_email === undefined) !== (body.reviewer_id === undefined), {
    message: READINESS_MESSAGES.reviewerNeeded,
    path: ['reviewer_email'],
  });
export type CreateReviewBody = z.infer<typeof createReviewBody>;

export const REVIEW_DECISIONS = ['confirmed', 'adjusted'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export const updateReviewBody = z
  .object({
    decision: z.enum(REVIEW_DECISIONS),
    level: readinessLevel.optional(),
    comment: z.string().trim().min(1, 'Write a comment for the founder.').max(2000),
  })
  .strict()
  .refine((body) => body.decision === 'confirmed' || body.level !== undefined, {
    message: READINESS_MESSAGES.levelNeeded,
    path: ['level'],
  });
export type UpdateReviewBody = z.infer<typeof updateReviewBody>;

export const reviewsQuery = z
  .object({
    status: z.enum(['requested', 'answered']).default('requested'),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(50).default(10),
  })
  .strict();

export const REVIEW_STATUSES = ['requested', 'confirmed', 'adjusted'] as const;

export const readinessReview = z.object({
  review_id: z.number().int(),
  result_id: z.number().int(),
  journey: readinessJourney,
  dimension: readinessDimension,
  status: z.enum(REVIEW_STATUSES),
  self_level: readinessLevel,
  reviewed_level: readinessLevel.nullable(),
  comment: z.string().nullable(),
  owner: z.object({ user_id: z.number().int(), name: z.string() }),
  reviewer: z.object({ user_id: z.number().int(), name: z.string() }),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type ReadinessReview = z.infer<typeof readinessReview>;

export const readinessEvidence = z.object({
  evidence_id: z.number().int(),
  dimension: readinessDimension,
  file_id: z.string(),
  name: z.string(),
  created_at: z.string(),
});
export type ReadinessEvidence = z.infer<typeof readinessEvidence>;

export const readinessDimensionResult = z.object({
  dimension: readinessDimension,
  /** What the owner answered. */
  self_level: readinessLevel,
  /** The level that counts: the latest answered review's, else the owner's. */
  level: readinessLevel,
  target: readinessLevel.nullable(),
  review: readinessReview.nullable(),
  evidence: z.array(readinessEvidence),
});
export type ReadinessDimensionResult = z.infer<typeof readinessDimensionResult>;

export const readinessResult = z.object({
  result_id: z.number().int(),
  journey: readinessJourney,
  user_id: z.number().int(),
  created_at: z.string(),
  /** The weakest dimension's level (see docs/readiness.md, "Scoring"). */
  overall: readinessLevel,
  average: z.number(),
  dimensions: z.array(readinessDimensionResult),
});
export type ReadinessResult = z.infer<typeof readinessResult>;

export const readinessHistoryItem = z.object({
  result_id: z.number().int(),
  created_at: z.string(),
  overall: readinessLevel,
  average: z.number(),
  levels: z.record(z.string(), readinessLevel),
});
export type ReadinessHistoryItem = z.infer<typeof readinessHistoryItem>;

export const readinessNextStep = z.object({
  dimension: readinessDimension,
  advice: z.string(),
  links: z.array(
    z.object({ kind: z.enum(['program', 'event', 'funding']), label: z.string(), href: z.string() }),
  ),
});
export type ReadinessNextStep = z.infer<typeof readinessNextStep>;

export const readinessQuestion = z.object({
  question_id: z.number().int(),
  dimension: readinessDimension,
  prompt: z.string(),
  options: z.array(z.object({ id: z.string(), label: z.string() })),
});

export const readinessJourneyDetail = z.object({
  journey: readinessJourney,
  assessment_id: z.number().int(),
  questions: z.array(readinessQuestion),
  latest: readinessResult.nullable(),
  history: z.array(readinessHistoryItem),
  next_steps: z.array(readinessNextStep),
});
export type ReadinessJourneyDetail = z.infer<typeof readinessJourneyDetail>;

export const readinessOverview = z.object({
  journeys: z.array(
    z.object({
      journey: readinessJourney,
      latest: readinessHistoryItem.nullable(),
      history: z.array(readinessHistoryItem),
    }),
  ),
});
export type ReadinessOverview = z.infer<typeof readinessOverview>;

/** Spec section 3, sample statistics. */
export const STAT_CATEGORIES = ['Overall Achievements', 'Need Expert Support'] as const;
export const statScore = z.object({
  table_id: z.number().int(),
  stat_id: z.number().int(),
  time_period: z.string(),
  score_value: z.number(),
  score_unit: z.string(),
});
export const stat = z.object({
  stat_id: z.number().int(),
  stat_name: z.string(),
  module_id: z.number().int(),
  parent_stat_id: z.number().int().nullable(),
  category: z.enum(STAT_CATEGORIES),
  scores: z.array(statScore),
});
export const statModule = z.object({
  module_id: z.number().int(),
  module_name: z.string(),
  phase_id: z.number().int().min(1).max(5),
  user_id: z.number().int(),
  stats: z.array(stat),
});
export type Stat = z.infer<typeof stat>;
export type StatModule = z.infer<typeof statModule>;
export type StatScore = z.infer<typeof statScore>;
