import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { programEnrollments, programs } from '../../db/schema';
import { inScope, scopeOf } from '../../db/scope';
import type { Actor } from '../../http/policy';
import type { ResourceStore } from '../../http/resource-store';
import { recordEvent } from '../../kernel/events';
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

/**
 * Records `learning.enrolled` for every enrolment a create writes (single or bulk), in the same
 * transaction as the insert, so the event exists exactly when the enrolment does.
 */
export function recordEnrolments(store: ResourceStore): ResourceStore {
  const create = store.create.bind(store);
  store.create = (db, actor, inputs) =>
    inScope(db, scopeOf(actor), async (tx) => {
      const rows = await create(tx, actor, inputs);
      const ids = rows.map((row) => row.enrollment_id as number);
      if (ids.length === 0) return rows;
      // The tenant is the program's (prepareEnrolment), read back rather than trusted from the body.
      const written = await inScope(tx, 'all', (all) =>
        all
          .select({
            enrollment_id: programEnrollments.enrollment_id,
            user_id: programEnrollments.user_id,
            program_id: programEnrollments.program_id,
            tenant_id: programEnrollments.tenant_id,
          })
          .from(programEnrollments)
          .where(inArray(programEnrollments.enrollment_id, ids)),
      );
      for (const row of written) await recordEvent(tx, 'learning.enrolled', row);
      return rows;
    });
  return store;
}
