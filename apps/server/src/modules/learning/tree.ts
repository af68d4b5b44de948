import type { Program, ProgramTree, TreeCourse, TreeModule, TreeUnit } from '@nexus/contracts';
import { and, asc, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { courses, modules, programs, units } from '../../db/schema';
import { scopeOf } from '../../db/scope';
import { notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { authors } from './resources';

export const PROGRAM_NOT_FOUND = 'Program not found';

type Row = Record<string, unknown>;

/** Timestamps leave as ISO strings, like every other answer. */
function out<T>(row: Row): T {
  const copy: Row = {};
  for (const [key, value] of Object.entries(row))
    copy[key] = value instanceof Date ? value.toISOString() : value;
  return copy as T;
}

/** Who sees a program: published to everyone in scope, drafts to its authors too (row-level security does the scope). */
export function visiblePrograms(actor: Actor): SQL {
  const live = eq(programs.is_deleted, false);
  return (authors(actor) ? live : and(live, eq(programs.status, 'published'))) as SQL;
}

const programColumns = getTableColumns(programs);

/**
 * Complete program loading (spec section 7): the program, then all its courses, then their modules,
 * then their units: four statements whatever the size, each carrying its row-level-security scope in
 * the same round trip. Assembled into program_course / course_module / module_unit, each in order.
 */
export async function loadProgramTree(
  database: Database,
  actor: Actor,
  programId: number,
): Promise<ProgramTree> {
  const scope = scopeOf(actor);
  const db = database.db;
  const [program] = await database.read<Row>(
    db
      .select(programColumns)
      .from(programs)
      .where(and(eq(programs.program_id, programId), visiblePrograms(actor)))
      .toSQL(),
    true,
    scope,
  );
  if (!program) throw notFound(PROGRAM_NOT_FOUND);
  const courseRows = await database.read<Row>(
    db
      .select({
        course_id: courses.course_id,
        program_id: courses.program_id,
        course_name: courses.course_name,
        description: courses.description,
        position: courses.position,
      })
      .from(courses)
      .where(and(eq(courses.program_id, programId), eq(courses.is_deleted, false)))
      .orderBy(asc(courses.position), asc(courses.course_id))
      .toSQL(),
    true,
    scope,
  );
  const courseIds = courseRows.map((row) => row.course_id as number);
  const moduleRows = courseIds.length
    ? await database.read<Row>(
        db
          .select({
            module_id: modules.module_id,
            course_id: modules.course_id,
            module_name: modules.module_name,
            description: modules.description,
            position: modules.position,
          })
          .from(modules)
          .where(and(inArray(modules.course_id, courseIds), eq(modules.is_deleted, false)))
          .orderBy(asc(modules.position), asc(modules.module_id))
          .toSQL(),
        false,
        scope,
      )
    : [];
  const moduleIds = moduleRows.map((row) => row.module_id as number);
  const unitRows = moduleIds.length
    ? await database.read<Row>(
        db
          .select({
            unit_id: units.unit_id,
            module_id: units.module_id,
            unit_name: units.unit_name,
            unit_type: units.unit_type,
            content: units.content,
            is_required: units.is_required,
            position: units.position,
          })
          .from(units)
          .where(and(inArray(units.module_id, moduleIds), eq(units.is_deleted, false)))
          .orderBy(asc(units.position), asc(units.unit_id))
          .toSQL(),
        false,
        scope,
      )
    : [];
  return assemble(program, courseRows, moduleRows, unitRows);
}

const byPlace = (id: string) => (a: Row, b: Row) =>
  (a.position as number) - (b.position as number) || (a[id] as number) - (b[id] as number);

function assemble(program: Row, courseRows: Row[], moduleRows: Row[], unitRows: Row[]): ProgramTree {
  const unitsBy = new Map<number, TreeUnit[]>();
  for (const row of unitRows.sort(byPlace('unit_id'))) {
    const list = unitsBy.get(row.module_id as number) ?? [];
    list.push(row as unknown as TreeUnit);
    unitsBy.set(row.module_id as number, list);
  }
  const modulesBy = new Map<number, TreeModule[]>();
  for (const row of moduleRows.sort(byPlace('module_id'))) {
    const list = modulesBy.get(row.course_id as number) ?? [];
    list.push({
      ...(row as unknown as Omit<TreeModule, 'module_unit'>),
      module_unit: unitsBy.get(row.module_id as number) ?? [],
    });
    modulesBy.set(row.course_id as number, list);
  }
  const program_course: TreeCourse[] = courseRows.sort(byPlace('course_id')).map((row) => ({
    ...(row as unknown as Omit<TreeCourse, 'course_module'>),
    course_module: modulesBy.get(row.course_id as number) ?? [],
  }));
  const { deleted_by: _d, deleted_at: _a, ...programRest } = program;
  return { ...out<Program>(programRest), program_course };
}
