import type { AnswersBody, AssessmentResponse } from '@nexus/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { courses, modules, programEnrollments, programs, units } from '../../db/schema';
import { inScope, scopeOf } from '../../db/scope';
import type { Actor } from '../../http/policy';
import { recordCompletion } from '../learning/progress';
import { visiblePrograms } from '../learning/tree';
import { writeAnswers } from './take';

/**
 * The learner's assessment units that this assessment completes: units of kind assessment naming it,
 * in live programs the learner is enrolled in.
 */
async function unitsCompletedBy(tx: Tx, actor: Actor, assessmentId: number) {
  return tx
    .select({
      place: {
        unit_id: units.unit_id,
        unit_name: units.unit_name,
        unit_type: units.unit_type,
        content: units.content,
        program_id: programs.program_id,
        program_name: programs.program_name,
        tenant_id: programs.tenant_id,
      },
      enrolment: programEnrollments,
    })
    .from(units)
    .innerJoin(modules, eq(modules.module_id, units.module_id))
    .innerJoin(courses, eq(courses.course_id, modules.course_id))
    .innerJoin(programs, eq(programs.program_id, courses.program_id))
    .innerJoin(
      programEnrollments,
      and(
        eq(programEnrollments.program_id, programs.program_id),
        eq(programEnrollments.user_id, actor.userId),
        eq(programEnrollments.is_deleted, false),
      ),
    )
    .where(
      and(
        eq(units.unit_type, 'assessment'),
        sql`${units.content} ->> 'assessment_id' = ${String(assessmentId)}`,
        eq(units.is_deleted, false),
        eq(modules.is_deleted, false),
        eq(courses.is_deleted, false),
        visiblePrograms(actor),
      ) as SQL,
    );
}

/**
 * submit/{assessmentId}: the one submission, scored. A passed quiz or a submitted survey completes, in
 * the same transaction, every assessment unit that names it in the learner's programs, so the learner
 * comes back to a ticked unit (and, for the last required unit, a certificate).
 */
export function submitAssessment(
  db: Db,
  actor: Actor,
  assessmentId: number,
  body: AnswersBody,
  origin: string,
): Promise<AssessmentResponse> {
  return inScope(db, scopeOf(actor), async (tx) => {
    const response = await writeAnswers(tx, actor, assessmentId, body, true);
    if (response.passed === false) return response;
    for (const { place, enrolment } of await unitsCompletedBy(tx, actor, assessmentId)) {
      await recordCompletion(tx, actor, place, enrolment, origin);
    }
    return response;
  });
}
