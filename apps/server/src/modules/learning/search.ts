import type { searchProgramsQuery } from '@nexus/contracts';
import { and, eq, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { programSearch, programs } from '../../db/schema';
import { scopeOf } from '../../db/scope';
import type { Actor } from '../../http/policy';
import { authors } from './resources';

/** Counting stops here: past it the total is "more than" (meta.totalExact false), as list totals do. */
const COUNT_CAP = 10_000;

/**
 * searchPrograms (spec section 7): PostgreSQL full-text search over name, category and description
 * (the GIN-indexed `program_search`, see its note in the schema), ranked, with category, status and
 * date filters. The index is filtered by the caller's scope here; the page's programs are then read
 * from `programs` under row-level security, each by a lateral lookup kept a subquery (`offset 0`):
 * pulled up into a join, PostgreSQL evaluates the policy's scope before the statement sets it (see
 * `scoped` in db/client.ts), and the page would come back empty.
 * One round trip for the page and its total (capped at COUNT_CAP), answered as ready-made JSON.
 */
export async function searchPrograms(
  database: Database,
  actor: Actor,
  query: z.output<typeof searchProgramsQuery>,
) {
  const s = programSearch;
  // A scalar subquery (an InitPlan): the query is parsed once per statement. Written inline with a
  // parameter, websearch_to_tsquery would run again for every match it ranks and rechecks.
  const terms = query.search ? sql`(select websearch_to_tsquery('simple', ${query.search}))` : undefined;
  const scope =
    actor.tenantId === null ? isNull(s.tenant_id) : or(isNull(s.tenant_id), eq(s.tenant_id, actor.tenantId));
  // Drafts are only ever shown to their authors, and only when asked for.
  const status = query.status && authors(actor) ? query.status : 'published';
  const where = and(
    scope,
    eq(s.is_deleted, false),
    eq(s.status, status),
    terms ? sql`${s.search_vector} @@ ${terms}` : undefined,
    query.program_category ? eq(s.program_category, query.program_category) : undefined,
    query.starts_after ? gte(s.start_date, new Date(query.starts_after)) : undefined,
    query.starts_before ? lte(s.start_date, new Date(query.starts_before)) : undefined,
  ) as SQL;
  const page = sql.raw(`limit ${query.limit} offset ${(query.page - 1) * query.limit}`);
  // The page's programs, read under row-level security and written as JSON by PostgreSQL.
  const programsOfPage = sql`left join lateral (select p.program_id, p.tenant_id, p.program_name, p.description,
        p.program_category, p.status, p.start_date, p.end_date, p.image_url, p.created_by, p.modified_by,
        p.created_at, p.modified_at, p.is_deleted
      from ${programs} p where p.program_id = hit.program_id offset 0) p on true`;
  const built = terms
    ? // Ranked: one pass over the matches ranks them and counts them (a window count), instead of a
      // capped count and a ranking that each read every match from the heap.
      sql`select coalesce(max(hit.total), 0)::int as total,
          coalesce(json_agg(row_to_json(p) order by hit.rank desc, hit.program_id desc) filter (where p.program_id is not null), '[]')::text as rows
        from (select ${s.program_id} as program_id, ts_rank(${s.search_vector}, ${terms}) as rank, count(*) over () as total
          from ${s} where ${where} order by rank desc, ${s.program_id} desc ${page}) hit
        ${programsOfPage}`
    : // Newest first walks the scope index; the total is counted up to the cap.
      sql`select (select count(*)::int from (select 1 from ${s} where ${where} limit ${COUNT_CAP + 1}) capped) as total,
          coalesce(json_agg(row_to_json(p) order by hit.ord) filter (where p.program_id is not null), '[]')::text as rows
        from (select ${s.program_id} as program_id, row_number() over () as ord
          from (select ${s.program_id} from ${s} where ${where} order by ${s.created_at} desc, ${s.program_id} desc ${page}) newest) hit
        ${programsOfPage}`;
  // Prepared per shape (the search words and filter values are parameters), so it is planned once.
  const [result] = await database.read<{ total: number; rows: string }>(built, true, scopeOf(actor));
  let total = result?.total ?? 0;
  if (terms && total === 0 && query.page > 1) {
    // A page past the end counts nothing in the window: the total comes from a count of its own.
    const [counted] = await database.read<{ total: number }>(
      sql`select count(*)::int as total from (select 1 from ${s} where ${where} limit ${COUNT_CAP + 1}) capped`,
      false,
      scopeOf(actor),
    );
    total = counted?.total ?? 0;
  }
  const shown = Math.min(total, COUNT_CAP);
  const meta = {
    page: query.page,
    limit: query.limit,
    total: shown,
    totalPages: Math.max(1, Math.ceil(shown / query.limit)),
    totalExact: total <= COUNT_CAP,
  };
  return `{"data":${result?.rows ?? '[]'},"meta":${JSON.stringify(meta)}}`;
}
