import type { AnswersBody, AssessmentResponse } from '@nexus/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assessments } from '../../db/schema';
import { inScope, scopeOf } from '../../db/scope';
import type { Actor } from '../../http/policy';
import { recordEvent } from '../../kernel/events';
import { writeAnswers } from './take';

/**
 * submit/{assessmentId}: the one submission, scored. A passed quiz or a submitted survey records
 * `assessment.passed` in the same transaction; learning's handler ticks every assessment unit that
 * names it in the learner's programs (and, for the last required unit, the certificate follows) before
 * the answer leaves.
 */
export function submitAssessment(
  db: Db,
  actor: Actor,
  assessmentId: number,
  body: AnswersBody,
): Promise<AssessmentResponse> {
  return inScope(db, scopeOf(actor), async (tx) => {
    const response = await writeAnswers(tx, actor, assessmentId, body, true);
    if (response.passed === false) return response;
    const [assessment] = await tx
      .select({ kind: assessments.kind })
      .from(assessments)
      .where(eq(assessments.assessment_id, assessmentId));
    await recordEvent(tx, 'assessment.passed', {
      response_id: response.response_id,
      assessment_id: assessmentId,
      user_id: actor.userId,
      tenant_id: actor.tenantId,
      kind: assessment?.kind ?? 'quiz',
      percent: response.percent,
    });
    return response;
  });
}
