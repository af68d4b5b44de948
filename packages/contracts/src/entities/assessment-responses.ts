import { z } from 'zod';
import { listMeta } from '../list-query';
import { pathId } from '../path-params';
import { assessmentResponse } from './assessment';

const rowId = pathId;

/** Path of the routes that name an assessment. */
export const assessmentIdParams = z.object({ assessmentId: rowId }).strict();
/** Path of the routes that name one learner's response. */
export const responseIdParams = z.object({ responseId: rowId }).strict();

export const RESPONSES_MAX_LIMIT = 100;

/** getResponses/{assessmentId}: paged, optionally searched by the learner's name or email. */
export const assessmentResponsesQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(RESPONSES_MAX_LIMIT).default(10),
    search: z.string().trim().max(200).optional(),
  })
  .strict();
export type AssessmentResponsesQuery = z.input<typeof assessmentResponsesQuery>;

/** One line of an assessment's responses as its authors see it: who, and where the submission stands. */
export const responseSummary = z.object({
  response_id: z.number().int(),
  user_id: z.number().int(),
  display_name: z.string(),
  email: z.string(),
  is_completed: z.boolean(),
  submitted_at: z.string().nullable(),
  percent: z.number().int().nullable(),
  passed: z.boolean().nullable(),
  reopened_at: z.string().nullable(),
  modified_at: z.string(),
});
export type ResponseSummary = z.infer<typeof responseSummary>;

export const responseSummaryPage = z.object({
  data: z.array(responseSummary),
  meta: listMeta.pick({ page: true, limit: true, total: true, totalPages: true }),
});
export type ResponseSummaryPage = z.infer<typeof responseSummaryPage>;

export const reopenedResponse = z.object({ data: assessmentResponse });
