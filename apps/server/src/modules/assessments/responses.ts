import {
  ASSESSMENT_MESSAGES,
  type AssessmentResponse,
  type assessmentResponsesQuery,
  ERROR_CODES,
  type ResponseSummaryPage,
} from '@nexus/contracts';
import { and, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { assessmentResponses, users } from '../../db/schema';
import { inScope, scopeOf } from '../../db/scope';
import { AppError, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { recordEvent } from '../../kernel/events';
import { findAssessment, responseOut } from './take';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * Responses of the actor's own tenant (or of the main platform). Row-level security enforces the same;
 * the condition is written out so that a scope mistake shows up as an empty answer, not a leak.
 */
function ownTenant(actor: Actor): SQL {
  return actor.tenantId === null
    ? isNull(assessmentResponses.tenant_id)
    : eq(assessmentResponses.tenant_id, actor.tenantId);
}

function learnerMatch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    ilike(users.email, pattern),
    ilike(users.username, pattern),
    ilike(sql`concat_ws(' ', ${users.first_name}, ${users.last_name})`, pattern),
  );
}

/** getResponses/{assessmentId}: the assessment's responses in the actor's scope, latest activity first. */
export function listResponses(
  db: Db,
  actor: Actor,
  assessmentId: number,
  query: z.output<typeof assessmentResponsesQuery>,
): Promise<ResponseSummaryPage> {
  return inScope(db, scopeOf(actor), async (tx) => {
    await findAssessment(tx, actor, assessmentId);
    const where = and(
      eq(assessmentResponses.assessment_id, assessmentId),
      eq(assessmentResponses.is_deleted, false),
      ownTenant(actor),
      learnerMatch(query.search),
    );
    const rows = await tx
      .select({
        response: assessmentResponses,
        username: users.username,
        email: users.email,
        first_name: users.first_name,
        last_name: users.last_name,
        total: sql<number>`(count(*) over ())::int`,
      })
      .from(assessmentResponses)
      .innerJoin(users, eq(users.user_id, assessmentResponses.user_id))
      .where(where)
      .orderBy(desc(assessmentResponses.modified_at), desc(assessmentResponses.response_id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    // Past the last page the window count has no row to ride on.
    const total = rows[0]?.total ?? (query.page > 1 ? await countResponses(tx, where) : 0);
    return {
      data: rows.map(({ response, username, email, first_name, last_name }) => ({
        response_id: response.response_id,
        user_id: response.user_id,
        display_name: [first_name, last_name].filter(Boolean).join(' ').trim() || username,
        email,
        is_completed: response.is_completed,
        submitted_at: iso(response.submitted_at),
        percent: response.percent,
        passed: response.passed,
        reopened_at: iso(response.reopened_at),
        modified_at: response.modified_at.toISOString(),
      })),
      meta: {
        page: query.page,
        limit: query.limit,
        total,
        totalPages: Math.max(1, Math.ceil(total / query.limit)),
      },
    };
  });
}

async function countResponses(tx: Tx, where: SQL | undefined): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(assessmentResponses)
    .innerJoin(users, eq(users.user_id, assessmentResponses.user_id))
    .where(where);
  return row?.total ?? 0;
}

/**
 * reopenResponse/{responseId}: takes back a submission so the learner can correct their answers and
 * submit again, as one more attempt beyond the policy's. The answers stay; the score goes until that
 * attempt is submitted. Units an earlier pass ticked stay ticked, since a
 * certificate once issued is not revoked (docs/assessments.md).
 */
export function reopenResponse(db: Db, actor: Actor, responseId: number): Promise<AssessmentResponse> {
  return inScope(db, scopeOf(actor), async (tx) => {
    const [found] = await tx
      .select({ assessment_id: assessmentResponses.assessment_id })
      .from(assessmentResponses)
      .where(
        and(
          eq(assessmentResponses.response_id, responseId),
          eq(assessmentResponses.is_deleted, false),
          ownTenant(actor),
        ),
      );
    if (!found) throw notFound(ASSESSMENT_MESSAGES.responseNotFound);
    await findAssessment(tx, actor, found.assessment_id);
    const now = new Date();
    // The condition makes a second, concurrent reopen update nothing and answer 409 like any open response.
    const [row] = await tx
      .update(assessmentResponses)
      .set({
        is_completed: false,
        submitted_at: null,
        score: null,
        max_score: null,
        percent: null,
        passed: null,
        reopened_at: now,
        reopened_by: actor.userId,
        // A reopen grants the learner one more attempt, open at once whatever the policy's waiting time.
        attempt: sql`${assessmentResponses.attempt} + 1`,
        extra_attempts: sql`${assessmentResponses.extra_attempts} + 1`,
        modified_by: actor.userId,
        modified_at: now,
      })
      .where(and(eq(assessmentResponses.response_id, responseId), eq(assessmentResponses.is_completed, true)))
      .returning();
    if (!row) throw new AppError(ERROR_CODES.conflict, 409, ASSESSMENT_MESSAGES.notSubmitted);
    await recordEvent(tx, 'assessment.reopened', {
      response_id: row.response_id,
      assessment_id: row.assessment_id,
      user_id: row.user_id,
      tenant_id: row.tenant_id,
      reopened_by: actor.userId,
    });
    return responseOut(row);
  });
}
