import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { courses, modules, programEnrollments, programs, unitProgress, units } from '../../db/schema';
import { inScope, scopeOf } from '../../db/scope';
import { badRequest, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { recordEvent } from '../../kernel/events';
import { heldCertificate } from '../certificates';
import { completionBlocker } from './completion-rules';
import { visiblePrograms } from './tree';

export const PROGRESS_MESSAGES = {
  unitNotFound: 'Unit not found',
  notEnrolled: 'Enrol in the program first.',
  programNotFound: 'Program not found',
  passFirst: 'Pass the assessment first: this unit is done once you have passed it.',
} as const;

interface Share {
  done: number;
  total: number;
  percent: number;
}
const share = (done: number, total: number): Share => ({
  done,
  total,
  percent: total === 0 ? 0 : Math.floor((done / total) * 100),
});

export type UnitPlace = Awaited<ReturnType<typeof unitPlace>>;

/** The unit and its program, when the actor may see them. */
export async function unitPlace(tx: Tx, actor: Actor, unitId: number) {
  const [row] = await tx
    .select({
      unit_id: units.unit_id,
      unit_name: units.unit_name,
      unit_type: units.unit_type,
      content: units.content,
      program_id: programs.program_id,
      program_name: programs.program_name,
      tenant_id: programs.tenant_id,
    })
    .from(units)
    .innerJoin(modules, eq(modules.module_id, units.module_id))
    .innerJoin(courses, eq(courses.course_id, modules.course_id))
    .innerJoin(programs, eq(programs.program_id, courses.program_id))
    .where(
      and(
        eq(units.unit_id, unitId),
        eq(units.is_deleted, false),
        eq(modules.is_deleted, false),
        eq(courses.is_deleted, false),
        visiblePrograms(actor),
      ) as SQL,
    );
  if (!row) throw notFound(PROGRESS_MESSAGES.unitNotFound);
  return row;
}

export async function enrolmentOf(tx: Tx, actor: Actor, programId: number) {
  const [row] = await tx
    .select()
    .from(programEnrollments)
    .where(
      and(
        eq(programEnrollments.program_id, programId),
        eq(programEnrollments.user_id, actor.userId),
        eq(programEnrollments.is_deleted, false),
      ),
    );
  return row;
}

/**
 * The learner's progress in a program: required units done per program, course and module (issue 5,
 * part 4), the unit to resume at, and the certificate once issued.
 */
export async function programProgress(tx: Tx, actor: Actor, programId: number) {
  const [program] = await tx
    .select({ id: programs.program_id })
    .from(programs)
    .where(and(eq(programs.program_id, programId), visiblePrograms(actor)) as SQL);
  if (!program) throw notFound(PROGRESS_MESSAGES.programNotFound);
  const rows = await tx
    .select({
      unit_id: units.unit_id,
      module_id: modules.module_id,
      course_id: courses.course_id,
      is_required: units.is_required,
      done: sql<boolean>`exists (select 1 from ${unitProgress} p where p.unit_id = ${units.unit_id} and p.user_id = ${actor.userId})`,
    })
    .from(units)
    .innerJoin(modules, eq(modules.module_id, units.module_id))
    .innerJoin(courses, eq(courses.course_id, modules.course_id))
    .where(
      and(
        eq(courses.program_id, programId),
        eq(units.is_deleted, false),
        eq(modules.is_deleted, false),
        eq(courses.is_deleted, false),
      ),
    );
  const required = rows.filter((row) => row.is_required);
  const tally = (key: 'course_id' | 'module_id') => {
    const out: Record<number, Share> = {};
    const groups = new Map<number, typeof required>();
    for (const row of required) groups.set(row[key], [...(groups.get(row[key]) ?? []), row]);
    for (const [id, list] of groups) out[id] = share(list.filter((row) => row.done).length, list.length);
    return out;
  };
  const enrolment = await enrolmentOf(tx, actor, programId);
  // A learner coming back to a finished program finds its certificate again.
  const certificate =
    enrolment?.status === 'completed' ? await heldCertificate(tx, actor.userId, programId) : null;
  return {
    program_id: programId,
    enrolled: Boolean(enrolment),
    status: enrolment?.status ?? null,
    selected_unit_id: enrolment?.selected_unit_id ?? null,
    completed_unit_ids: rows.filter((row) => row.done).map((row) => row.unit_id),
    program: share(required.filter((row) => row.done).length, required.length),
    courses: tally('course_id'),
    modules: tally('module_id'),
    completed_at: enrolment?.completed_at?.toISOString() ?? null,
    certificate: certificate ?? null,
  };
}

/** getProgress/{programId}. */
export function getProgress(db: Db, actor: Actor, programId: number) {
  return inScope(db, scopeOf(actor), (tx) => programProgress(tx, actor, programId));
}

/** selectUnit/{unitId}: remembers where the learner is, to resume there. */
export function selectUnit(db: Db, actor: Actor, unitId: number) {
  return inScope(db, scopeOf(actor), async (tx) => {
    const place = await unitPlace(tx, actor, unitId);
    const enrolment = await enrolmentOf(tx, actor, place.program_id);
    if (!enrolment) throw badRequest(PROGRESS_MESSAGES.notEnrolled);
    await tx
      .update(programEnrollments)
      .set({ selected_unit_id: unitId, modified_by: actor.userId, modified_at: new Date() })
      .where(eq(programEnrollments.enrollment_id, enrolment.enrollment_id));
    return { program_id: place.program_id, selected_unit_id: unitId };
  });
}

/**
 * completeUnit/{unitId}: marks the unit done (again is a no-op). An assessment unit needs the
 * assessment passed, a live session the learner's attendance (the rules those areas register).
 */
export function completeUnit(db: Db, actor: Actor, unitId: number) {
  return inScope(db, scopeOf(actor), async (tx) => {
    const place = await unitPlace(tx, actor, unitId);
    const enrolment = await enrolmentOf(tx, actor, place.program_id);
    if (!enrolment) throw badRequest(PROGRESS_MESSAGES.notEnrolled);
    const blocker = await completionBlocker(tx, actor.userId, place);
    if (blocker) throw badRequest(blocker);
    return recordCompletion(tx, actor, place, enrolment);
  });
}

/**
 * Records the unit done for the actor (the learner), with `learning.unit.completed` when it is new.
 * When every required unit of the program is done, the enrolment completes and
 * `learning.program.completed` is recorded in the same transaction (the certificate follows from it).
 */
export async function recordCompletion(
  tx: Tx,
  actor: Actor,
  place: UnitPlace,
  enrolment: typeof programEnrollments.$inferSelect,
) {
  const fresh = await tx
    .insert(unitProgress)
    .values({
      user_id: actor.userId,
      unit_id: place.unit_id,
      program_id: place.program_id,
      tenant_id: enrolment.tenant_id,
    })
    .onConflictDoNothing()
    .returning({ unit_id: unitProgress.unit_id });
  if (fresh.length > 0) {
    await recordEvent(tx, 'learning.unit.completed', {
      user_id: actor.userId,
      unit_id: place.unit_id,
      program_id: place.program_id,
      tenant_id: enrolment.tenant_id,
    });
  }
  const progress = await programProgress(tx, actor, place.program_id);
  const finished = progress.program.total > 0 && progress.program.done === progress.program.total;
  if (finished && enrolment.status !== 'completed') {
    await tx
      .update(programEnrollments)
      .set({
        status: 'completed',
        completed_at: new Date(),
        modified_by: actor.userId,
        modified_at: new Date(),
      })
      .where(eq(programEnrollments.enrollment_id, enrolment.enrollment_id));
    await recordEvent(tx, 'learning.program.completed', {
      user_id: actor.userId,
      program_id: place.program_id,
      enrollment_id: enrolment.enrollment_id,
      tenant_id: enrolment.tenant_id,
      program_tenant_id: place.tenant_id,
    });
  }
  return programProgress(tx, actor, place.program_id);
}
