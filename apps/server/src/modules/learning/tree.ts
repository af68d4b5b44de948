import { gzipSync } from 'node:zlib';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Database, toQuery } from '../../db/client';
import { courses, modules, programs, units } from '../../db/schema';
import { scopeOf, scopeSetting } from '../../db/scope';
import { notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { authors } from './resources';
import type { VersionedCache } from './versioned-cache';

export const PROGRAM_NOT_FOUND = 'Program not found';

/** Who sees a program: published to everyone in scope, drafts to its authors too (row-level security does the scope). */
export function visiblePrograms(actor: Actor): SQL {
  const live = eq(programs.is_deleted, false);
  return (authors(actor) ? live : and(live, eq(programs.status, 'published'))) as SQL;
}

/** A complete load, serialised once: the JSON body, its content version and the ETag naming both. */
export interface LoadedTree {
  body: Buffer;
  version: string;
  etag: string;
  /** The body gzipped, made on the first request that accepts it (a tenth of the bytes or less). */
  gzipped?: Buffer;
}

/** The body as the client accepts it: gzip once per content version, then from the cache. */
export function encodedBody(tree: LoadedTree, acceptEncoding: string | undefined): Buffer | undefined {
  if (!acceptEncoding || !/\bgzip\b/.test(acceptEncoding)) return undefined;
  tree.gzipped ??= gzipSync(tree.body);
  return tree.gzipped;
}

/**
 * The program's content version as text: the counter the triggers of migration 0010 bump on any write
 * to the program or its courses, modules and units, plus the program's creation time in microseconds,
 * so a program id reused by a reset database never matches a version cached before the reset.
 */
const versionOf = sql`${programs.content_version}::text || '.' || floor(extract(epoch from ${programs.created_at}) * 1000000)::bigint::text`;

/**
 * The program row as JSON, built by PostgreSQL (no row parsing or per-row Date conversion in Node):
 * the whitelisted columns, without the deletion stamps and the content version.
 */
const programJson = sql`(select row_to_json(x)::text from (select ${sql.join(
  [
    programs.program_id,
    programs.tenant_id,
    programs.program_name,
    programs.description,
    programs.program_category,
    programs.status,
    programs.start_date,
    programs.end_date,
    programs.image_url,
    programs.created_by,
    programs.modified_by,
    programs.created_at,
    programs.modified_at,
    programs.is_deleted,
  ].map((column) => sql`${programs}.${sql.identifier(column.name)}`),
  sql`, `,
)}) x)`;

/** Rows of the three lower levels: an id, the parent's id, and the row's JSON (or a JSON array). */
type Piece = { id: number; json: string };

/**
 * Complete program loading (spec section 7): the program, then all its courses, then their modules,
 * then their units: four statements whatever the size, each carrying its row-level-security scope in
 * the same round trip. PostgreSQL writes every row's JSON (units already aggregated per module, in
 * position order), and Node only nests the pieces as program_course / course_module / module_unit.
 *
 * With a cache, the first statement (the program, its visibility to the caller and its content
 * version) is the only one when the cached load of that version is still current: one statement for a
 * repeat load, four for a fresh one.
 */
export async function loadProgramTree(
  database: Database,
  actor: Actor,
  programId: number,
  cache?: VersionedCache<LoadedTree>,
): Promise<LoadedTree> {
  const scope = scopeOf(actor);
  const key = `${scopeSetting(scope)}|${programId}`;
  const [program] = await database.read<{ version: string; program: string }>(
    toQuery(sql`select v.version, ${programJson} as program
      from ${programs} cross join lateral (select ${versionOf} as version) v
      where ${and(eq(programs.program_id, programId), visiblePrograms(actor))}`),
    true,
    scope,
  );
  if (!program) throw notFound(PROGRAM_NOT_FOUND);
  const hit = cache?.get(key, program.version);
  if (hit) return hit;
  const courseRows = await database.read<Piece>(
    toQuery(sql`select x.course_id as id, row_to_json(x)::text as json
      from (select ${courses.course_id}, ${courses.program_id}, ${courses.course_name}, ${courses.description}, ${courses.position}
        from ${courses} where ${courses.program_id} = ${programId} and ${courses.is_deleted} = false) x
      order by x.position, x.course_id`),
    true,
    scope,
  );
  const courseIds = courseRows.map((row) => row.id);
  const moduleRows = courseIds.length
    ? await database.read<Piece & { parent: number }>(
        toQuery(sql`select x.module_id as id, x.course_id as parent, row_to_json(x)::text as json
          from (select ${modules.module_id}, ${modules.course_id}, ${modules.module_name}, ${modules.description}, ${modules.position}
            from ${modules} where ${modules.course_id} = any(${sql.param(courseIds)}::int[]) and ${modules.is_deleted} = false) x
          order by x.position, x.module_id`),
        true,
        scope,
      )
    : [];
  const moduleIds = moduleRows.map((row) => row.id);
  const unitRows = moduleIds.length
    ? await database.read<Piece>(
        toQuery(sql`select x.module_id as id, '[' || string_agg(row_to_json(x)::text, ',' order by x.position, x.unit_id) || ']' as json
          from (select ${units.unit_id}, ${units.module_id}, ${units.unit_name}, ${units.unit_type}, ${units.content}, ${units.is_required}, ${units.position}
            from ${units} where ${units.module_id} = any(${sql.param(moduleIds)}::int[]) and ${units.is_deleted} = false) x
          group by x.module_id`),
        true,
        scope,
      )
    : [];
  const loaded = assemble(program.program, courseRows, moduleRows, unitRows, program.version, programId);
  cache?.set(key, loaded);
  return loaded;
}

/** Splices each level's array into its parent's JSON object (the object's closing brace is replaced). */
const withChild = (json: string, key: string, children: string) =>
  `${json.slice(0, -1)},"${key}":${children}}`;

function assemble(
  program: string,
  courseRows: Piece[],
  moduleRows: (Piece & { parent: number })[],
  unitRows: Piece[],
  version: string,
  programId: number,
): LoadedTree {
  const unitsBy = new Map(unitRows.map((row) => [row.id, row.json]));
  const modulesBy = new Map<number, string[]>();
  for (const row of moduleRows) {
    const list = modulesBy.get(row.parent) ?? [];
    list.push(withChild(row.json, 'module_unit', unitsBy.get(row.id) ?? '[]'));
    modulesBy.set(row.parent, list);
  }
  const programCourse = courseRows.map((row) =>
    withChild(row.json, 'course_module', `[${(modulesBy.get(row.id) ?? []).join(',')}]`),
  );
  const body = Buffer.from(
    `{"data":${withChild(program, 'program_course', `[${programCourse.join(',')}]`)}}`,
  );
  return { body, version, etag: `W/"program-${programId}-${version}"` };
}
