import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { courses, modules, programEnrollments, programs, unitProgress, units } from '../../db/schema';
import { inScope } from '../../db/scope';
import type { Actor } from '../../http/policy';
import type { EventDispatcher } from '../../kernel/events';
import { enrolmentOf, recordCompletion, unitPlace } from './progress';
import { visiblePrograms } from './tree';

/** The learner as the event names them, in the scope they acted in. */
function learnerOf(userId: number, tenantId: number | null): Actor {
  return { userId, tenantId, isPlatformAdmin: false, roles: [] };
}

/**
 * The learner's assessment units that this assessment completes: units of kind assessment naming it,
 * in live programs the learner is enrolled in.
 */
function unitsCompletedBy(tx: Tx, learner: Actor, assessmentId: number) {
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
        eq(programEnrollments.user_id, learner.userId),
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
        visiblePrograms(learner),
      ) as SQL,
    );
}

/**
 * Learning's part in other areas' events: a passed quiz or a submitted survey ticks every assessment
 * unit naming it in the learner's programs; a learner marked present ticks the live session, and a
 * correction away from present takes it back. Each runs in the learner's scope, as the write did.
 */
export function registerLearningHandlers(events: EventDispatcher): void {
  events.on('assessment.passed', 'learning.complete-assessment-units', async (event, tx) => {
    const { user_id: userId, tenant_id: tenantId, assessment_id: assessmentId } = event.payload;
    const learner = learnerOf(userId, tenantId);
    await inScope(tx, tenantId ?? 'main', async (scoped) => {
      for (const { place, enrolment } of await unitsCompletedBy(scoped, learner, assessmentId)) {
        await recordCompletion(scoped, learner, place, enrolment);
      }
    });
  });

  events.on('attendance.recorded', 'learning.complete-live-session', async (event, tx) => {
    const { user_id: userId, tenant_id: tenantId, unit_id: unitId, status } = event.payload;
    const learner = learnerOf(userId, tenantId);
    await inScope(tx, tenantId ?? 'main', async (scoped) => {
      if (status !== 'present') {
        await scoped
          .delete(unitProgress)
          .where(and(eq(unitProgress.unit_id, unitId), eq(unitProgress.user_id, userId)));
        return;
      }
      const place = await unitPlace(scoped, learner, unitId).catch(() => null);
      if (!place) return;
      const enrolment = await enrolmentOf(scoped, learner, place.program_id);
      if (enrolment) await recordCompletion(scoped, learner, place, enrolment);
    });
  });
}
