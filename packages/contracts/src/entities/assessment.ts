import { z } from 'zod';
import { auditFields, bulkIds, ignoredAuditInput } from './audit';

export const ASSESSMENT_API = '/api/assessment';
export const ASSESSMENT_KINDS = ['quiz', 'survey'] as const;
export type AssessmentKind = (typeof ASSESSMENT_KINDS)[number];
export const ASSESSMENT_STATUSES = ['draft', 'published'] as const;
export const QUESTION_TYPES = ['single_choice', 'multiple_choice', 'short_text', 'rating'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
/** What a response answers for (spec section 3 "Assessment metadata": response_for_type). */
export const RESPONSE_FOR_TYPES = ['self', 'program', 'institute', 'event'] as const;

export const ASSESSMENT_MESSAGES = {
  notFound: 'Assessment not found',
  alreadySubmitted: 'You have already submitted this assessment.',
  unanswered: 'Answer every required question before you submit.',
  notOpen: 'This assessment is not open yet.',
  responseNotFound: 'Response not found',
  notSubmitted: 'This response is not submitted, so there is nothing to reopen.',
  retakeNotSubmitted: 'Submit this attempt before you start another.',
  retakePassed: 'You have passed this assessment, so there is nothing to retake.',
  retakeSurvey: 'A survey is answered once.',
  noAttemptsLeft: 'You have no attempts left at this assessment. Ask your teacher to reopen it.',
} as const;

/** The waiting-time refusal: when the next attempt opens (ISO time, shown in the learner's zone). */
export const nextAttemptOpensMessage = (opensAt: string) => `Your next attempt opens at ${opensAt}.`;

/** Which attempt's score counts when a learner retakes a quiz (docs/assessments.md, "Retakes"). */
export const ASSESSMENT_SCORINGS = ['best', 'last'] as const;
export type AssessmentScoring = (typeof ASSESSMENT_SCORINGS)[number];
/** At most ten attempts: each submission is kept in the response's history. */
export const MAX_ATTEMPTS_LIMIT = 10;
/** The longest wait between attempts an author may set: one week, in minutes. */
export const RETAKE_WAIT_LIMIT_MINUTES = 7 * 24 * 60;

const title = z.string().trim().min(1).max(200);
const parentId = z.number().int().positive().max(2_147_483_647);

/** An assessment (quiz: scored with a pass mark; survey: collected, not scored). */
export const assessment = z.object({
  assessment_id: z.number().int(),
  tenant_id: z.number().int().nullable(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(ASSESSMENT_KINDS),
  status: z.enum(ASSESSMENT_STATUSES),
  /** Percent of the choice questions' points needed to pass a quiz; null for surveys. */
  pass_mark: z.number().int().nullable(),
  institute_name: z.string().nullable(),
  /** Retake policy of a quiz: attempts in all (1: no retake), minutes between them, which score counts. */
  max_attempts: z.number().int(),
  retake_wait_minutes: z.number().int(),
  scoring: z.enum(ASSESSMENT_SCORINGS),
  /** Whether the correct answers are shown once the learner's attempts are over (passed or none left). */
  show_correct_answers: z.boolean(),
  ...auditFields,
});
export type Assessment = z.infer<typeof assessment>;

const assessmentFields = {
  title,
  description: z.string().max(5000).optional(),
  kind: z.enum(ASSESSMENT_KINDS).optional(),
  status: z.enum(ASSESSMENT_STATUSES).optional(),
  pass_mark: z.number().int().min(0).max(100).nullable().optional(),
  institute_name: z.string().trim().max(200).nullable().optional(),
  max_attempts: z
    .number()
    .int()
    .min(1, `Allow 1 to ${MAX_ATTEMPTS_LIMIT} attempts.`)
    .max(MAX_ATTEMPTS_LIMIT, `Allow 1 to ${MAX_ATTEMPTS_LIMIT} attempts.`)
    .optional(),
  retake_wait_minutes: z
    .number()
    .int()
    .min(0, 'The wait cannot be negative.')
    .max(RETAKE_WAIT_LIMIT_MINUTES, 'Wait at most one week between attempts.')
    .optional(),
  scoring: z.enum(ASSESSMENT_SCORINGS).optional(),
  show_correct_answers: z.boolean().optional(),
};
export const assessmentCreate = z.object({ ...assessmentFields, ...ignoredAuditInput }).strict();
export const assessmentUpdate = z
  .object({ ...assessmentFields, title: title.optional(), ...ignoredAuditInput })
  .strict();
export const assessmentUpdateItem = assessmentUpdate.extend({ assessment_id: parentId }).strict();
export const assessmentBulkDelete = z.object({ assessment_ids: bulkIds, ...ignoredAuditInput }).strict();

export const questionOption = z.object({
  id: z.string().trim().min(1).max(40),
  label: z.string().trim().min(1).max(500),
});
export type QuestionOption = z.infer<typeof questionOption>;

/** A question as its authors see it; learners never receive `correct_options`. */
export const question = z.object({
  question_id: z.number().int(),
  assessment_id: z.number().int(),
  question_type: z.enum(QUESTION_TYPES),
  prompt: z.string(),
  options: z.array(questionOption),
  correct_options: z.array(z.string()),
  rating_max: z.number().int(),
  points: z.number().int(),
  is_required: z.boolean(),
  position: z.number().int(),
  ...auditFields,
});
export type Question = z.infer<typeof question>;
export type LearnerQuestion = Omit<Question, 'correct_options' | keyof typeof auditFields>;

const questionFields = {
  assessment_id: parentId,
  question_type: z.enum(QUESTION_TYPES),
  prompt: z.string().trim().min(1).max(2000),
  options: z.array(questionOption).max(20).optional(),
  correct_options: z.array(z.string().min(1).max(40)).max(20).optional(),
  rating_max: z.number().int().min(2).max(10).optional(),
  points: z.number().int().min(0).max(100).optional(),
  is_required: z.boolean().optional(),
  position: z.number().int().min(0).max(100_000).optional(),
};

/** Choice questions need options, unique ids, and correct answers among them. */
function checkChoices(
  value: { question_type?: string; options?: QuestionOption[]; correct_options?: string[] },
  ctx: z.RefinementCtx,
) {
  const ids = (value.options ?? []).map((option) => option.id);
  if (new Set(ids).size !== ids.length) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: 'Option ids must be unique.' });
  }
  const isChoice = value.question_type === 'single_choice' || value.question_type === 'multiple_choice';
  if (isChoice && value.options !== undefined && value.options.length < 2) {
    ctx.addIssue({
      code: 'custom',
      path: ['options'],
      message: 'A choice question needs at least two options.',
    });
  }
  for (const id of value.correct_options ?? []) {
    if (value.options !== undefined && !ids.includes(id)) {
      ctx.addIssue({
        code: 'custom',
        path: ['correct_options'],
        message: `${id} is not one of the options.`,
      });
    }
  }
  if (value.question_type === 'single_choice' && (value.correct_options?.length ?? 0) > 1) {
    ctx.addIssue({
      code: 'custom',
      path: ['correct_options'],
      message: 'A single-choice question has one correct option.',
    });
  }
}

export const questionCreate = z
  .object({ ...questionFields, ...ignoredAuditInput })
  .strict()
  .superRefine((value, ctx) => {
    const isChoice = value.question_type === 'single_choice' || value.question_type === 'multiple_choice';
    if (isChoice && value.options === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: 'A choice question needs at least two options.',
      });
    }
    checkChoices(value, ctx);
  });
const questionUpdateShape = z
  .object({
    prompt: questionFields.prompt.optional(),
    question_type: questionFields.question_type.optional(),
    options: questionFields.options,
    correct_options: questionFields.correct_options,
    rating_max: questionFields.rating_max,
    points: questionFields.points,
    is_required: questionFields.is_required,
    position: questionFields.position,
    ...ignoredAuditInput,
  })
  .strict();
export const questionUpdate = questionUpdateShape.superRefine(checkChoices);
export const questionUpdateItem = questionUpdateShape
  .extend({ question_id: parentId })
  .strict()
  .superRefine(checkChoices);
export const questionBulkDelete = z.object({ question_ids: bulkIds, ...ignoredAuditInput }).strict();

/** One answer: an option id (single), option ids (multiple), text, or a rating. */
export const answerValue = z.union([
  z.string().max(5000),
  z.array(z.string().max(40)).max(20),
  z.number().int().min(0).max(10),
]);
export type AnswerValue = z.infer<typeof answerValue>;
export const answers = z.record(z.string().regex(/^\d+$/, 'Answers are keyed by question id.'), answerValue);
export type Answers = z.infer<typeof answers>;

/** Autosave and submit: the answers so far plus the metadata of spec section 3. */
export const answersBody = z
  .object({
    answers,
    response_for_type: z.enum(RESPONSE_FOR_TYPES).optional(),
    institute_name: z.string().trim().max(200).optional(),
  })
  .strict();
export type AnswersBody = z.infer<typeof answersBody>;

/** A learner's response: autosaved while in progress, scored once submitted, reopened by an author. */
export const assessmentResponse = z.object({
  response_id: z.number().int(),
  assessment_id: z.number().int(),
  user_id: z.number().int(),
  response_for_type: z.string(),
  institute_name: z.string().nullable(),
  answers,
  is_completed: z.boolean(),
  score: z.number().int().nullable(),
  max_score: z.number().int().nullable(),
  percent: z.number().int().nullable(),
  passed: z.boolean().nullable(),
  submitted_at: z.string().nullable(),
  /** The last time an author reopened the submission, and who; null while never reopened. */
  reopened_at: z.string().nullable(),
  reopened_by: z.number().int().nullable(),
  /** The attempt in progress, or the last one submitted (1 for the first). */
  attempt: z.number().int(),
  modified_at: z.string(),
});
export type AssessmentResponse = z.infer<typeof assessmentResponse>;

/** One submitted attempt, as kept in the response's history. */
export const attemptRecord = z.object({
  attempt: z.number().int(),
  score: z.number().int().nullable(),
  max_score: z.number().int().nullable(),
  percent: z.number().int().nullable(),
  passed: z.boolean().nullable(),
  submitted_at: z.string(),
});
export type AttemptRecord = z.infer<typeof attemptRecord>;

/**
 * Where the learner stands with the retake policy, computed by the server: `can_retake` now, or why
 * not (`blocked`), and when a waiting time ends (`opens_at`).
 */
export const retakePolicyState = z.object({
  /** Attempts allowed in all: the assessment's `max_attempts` plus one per author's reopen. */
  allowed: z.number().int(),
  /** Attempts submitted so far. */
  used: z.number().int(),
  can_retake: z.boolean(),
  blocked: z.enum(['open', 'survey', 'passed', 'no_attempts_left', 'waiting']).nullable(),
  opens_at: z.string().nullable(),
});
export type RetakeState = z.infer<typeof retakePolicyState>;

/** After the last attempt, when the author shows them: per question, whether it was right and the answer. */
export const questionReview = z.object({
  question_id: z.number().int(),
  correct: z.boolean(),
  correct_options: z.array(z.string()),
});
export type QuestionReview = z.infer<typeof questionReview>;

/** A question as a learner receives it: without `correct_options` and the audit columns. */
export const learnerQuestion = question.omit({
  correct_options: true,
  created_by: true,
  modified_by: true,
  created_at: true,
  modified_at: true,
  is_deleted: true,
});

/** What `/assessment/{assessment_id}` loads: the assessment, its questions without answers, my response. */
export const assessmentAttempt = z.object({
  assessment,
  questions: z.array(learnerQuestion),
  response: assessmentResponse.nullable(),
  /** Submitted attempts, oldest first. */
  attempts: z.array(attemptRecord),
  retake: retakePolicyState,
  /** Null unless the author shows correct answers and the learner's attempts are over. */
  review: z.array(questionReview).nullable(),
});
export type AssessmentAttempt = z.infer<typeof assessmentAttempt>;

export const myAssessment = assessmentResponse.extend({
  title: z.string(),
  kind: z.enum(ASSESSMENT_KINDS),
  pass_mark: z.number().int().nullable(),
});
export type MyAssessment = z.infer<typeof myAssessment>;

/** Per-question statistics of /survey-report/{assessmentId}. */
export const questionStatistics = z.object({
  question_id: z.number().int(),
  prompt: z.string(),
  question_type: z.enum(QUESTION_TYPES),
  answered: z.number().int(),
  /** Choice questions: how many picked each option (and whether it is correct). */
  options: z.array(
    z.object({ id: z.string(), label: z.string(), count: z.number().int(), correct: z.boolean() }),
  ),
  /** Rating questions: counts for 1..rating_max, with mean and median. */
  ratings: z.array(z.object({ value: z.number().int(), count: z.number().int() })),
  mean: z.number().nullable(),
  median: z.number().nullable(),
  /** Short text: the most recent answers. */
  texts: z.array(z.string()),
  /** Choice questions of a quiz: the share of answers that were right. */
  correct_rate: z.number().nullable(),
});
export type QuestionReport = z.infer<typeof questionStatistics>;

export const assessmentReport = z.object({
  assessment,
  responses: z.number().int(),
  submitted: z.number().int(),
  average_percent: z.number().nullable(),
  pass_rate: z.number().nullable(),
  questions: z.array(questionStatistics),
});
export type AssessmentReport = z.infer<typeof assessmentReport>;
