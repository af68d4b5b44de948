import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { programEnrollments, programs } from '../../db/schema';
import { inScope, scopeOf } from '../../db/scope';
import type { Actor } from '../../http/policy';
import { invalid } from './own-parent';
import { authors } from './resources';
import { visiblePrograms } from './tree';

type Row = Record<string, unknown>;

/**
 * Completes a new enrolment before it is written: the program must be open to the caller (published,
 * of their tenant or of the platform), and the learner is the caller unless an author names one.
 * A learner coming back after leaving gets a new enrolment (the one left stays as history, issue 13)
 * that resumes where the last one stood: its resume point, and its completion if the program was
 * finished. Progress (unit_progress) belongs to the learner and the unit, so leaving never erased it.
 * The history read is the learner's in the program's scope, wherever they enrolled from.
 */
export async function prepareEnrolment(db: DbOrTx, actor: Actor, input: Row): Promise<Row> {
  const programId = input.program_id as number;
  const learnerId = authors(actor) && input.user_id !== undefined ? (input.user_id as number) : actor.userId;
  const { found, left } = await inScope(db, scopeOf(actor), async (tx) => ({
    found: await tx
      .select({ id: programs.program_id, tenant_id: programs.tenant_id })
      .from(programs)
      .where(and(eq(programs.program_id, programId), visiblePrograms(actor)) as SQL),
    left: await tx
      .select({
        status: programEnrollments.status,
        selected_unit_id: programEnrollments.selected_unit_id,
        completed_at: programEnrollments.completed_at,
      })
      .from(programEnrollments)
      .where(
        and(
          eq(programEnrollments.program_id, programId),
          eq(programEnrollments.user_id, learnerId),
          eq(programEnrollments.is_deleted, true),
        ) as SQL,
      )
      .orderBy(desc(programEnrollments.deleted_at), desc(programEnrollments.enrollment_id))
      .limit(1),
  }));
  const program = found[0];
  if (!program) throw invalid('program_id', `no program ${programId} open for enrolment`);
  // The enrolment lives in the program's scope, not the context it was made from (issue 23): a
  // platform program's enrolment is found on the main platform and inside every organisation.
  const enrolment: Row = { ...input, user_id: learnerId, tenant_id: program.tenant_id };
  const last = left[0];
  if (!last) return enrolment;
  const finished = last.status === 'completed';
  return {
    ...enrolment,
    selected_unit_id: last.selected_unit_id,
    status: finished ? 'completed' : 'active',
    completed_at: finished ? last.completed_at : null,
  };
}
