import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';

export interface LearnerProgram {
  user_id: number;
  program_id: number;
  title: string;
  /** 0 to 100: the learner's completed required units of the program's required units. */
  progress: number;
  completed: boolean;
  enrolled_at: string | null;
}

/**
 * The live enrolments of some learners with their progress, newest first (issue 22: a parent's view
 * of their children). The caller decides whose programs it may show; this reads across tenants, as a
 * child's programs may live in their institute.
 */
export async function programsOfLearners(tx: Tx, userIds: readonly number[]): Promise<LearnerProgram[]> {
  if (userIds.length === 0) return [];
  const ids = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{
    user_id: number;
    program_id: number;
    title: string;
    required: number;
    done: number;
    status: string;
    enrolled_at: Date | string | null;
  }>(
    tx,
    sql`select e.user_id, p.program_id, p.program_name as title, e.status, e.created_at as enrolled_at,
      (select count(*)::int from units u join modules m on m.module_id = u.module_id
         join courses c on c.course_id = m.course_id
        where c.program_id = p.program_id and u.is_required and u.is_deleted = false
          and m.is_deleted = false and c.is_deleted = false) as required,
      (select count(*)::int from unit_progress up join units u on u.unit_id = up.unit_id
        where up.user_id = e.user_id and up.program_id = p.program_id and u.is_required
          and u.is_deleted = false) as done
    from program_enrollments e join programs p on p.program_id = e.program_id
    where e.user_id in (${ids}) and e.is_deleted = false and e.status <> 'withdrawn'
      and p.is_deleted = false
    order by e.created_at desc, e.enrollment_id desc`,
  );
  return rows.map((row) => {
    const completed = row.status === 'completed';
    const progress = completed ? 100 : row.required > 0 ? Math.min(100, (row.done / row.required) * 100) : 0;
    return {
      user_id: row.user_id,
      program_id: row.program_id,
      title: row.title,
      progress: Math.round(progress * 10) / 10,
      completed,
      enrolled_at: row.enrolled_at === null ? null : new Date(row.enrolled_at).toISOString(),
    };
  });
}
