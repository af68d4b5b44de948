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

type Row = Record<string, unknown>;

/**
 * searchPrograms (spec section 7): PostgreSQL full-text search over name, category and description
 * (the GIN-indexed `program_search`, see its note in the schema), ranked, with category, status and
 * date filters. The index is filtered by the caller's scope here; the page's programs are then read
 * from `programs` under row-level security, each by a lateral lookup kept a subquery (`offset 0`):
 * pulled up into a join, PostgreSQL evaluates the policy's scope before the statement sets it (see
 * `scoped` in db/client.ts), and the page would come back empty.
 * One round trip for the page and its capped total.
 */
export async function searchPrograms(
  database: Database,
  actor: Actor,
  query: z.output<typeof searchProgramsQuery>,
) {
  const s = programSearch;
  const terms = query.search ? sql`websearch_to_tsquery('simple', ${query.search})` : undefined;
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
  const order = terms
    ? sql`ts_rank(${s.search_vector}, ${terms}) desc, ${s.program_id} desc`
    : sql`${s.created_at} desc, ${s.program_id} desc`;
  const built = sql`select p.program_id, p.tenant_id, p.program_name, p.description, p.program_category, p.status,
        p.start_date, p.end_date, p.image_url, p.created_by, p.modified_by, p.created_at, p.modified_at,
        p.is_deleted, c.total, hit.rank_order
      from (select count(*)::int as total from (select 1 from ${s} where ${where} limit ${COUNT_CAP + 1}) capped) c
      left join lateral (
        select ranked.program_id, row_number() over () as rank_order
        from (select ${s.program_id} as program_id from ${s} where ${where} order by ${order}
          limit ${query.limit} offset ${(query.page - 1) * query.limit}) ranked
      ) hit on true
      left join lateral (select * from ${programs} where ${programs.program_id} = hit.program_id offset 0) p on true`;
  const rows = await database.read<Row>(built, false, scopeOf(actor));
  const total = Number(rows[0]?.total ?? 0);
  const data = rows
    .filter((row) => row.program_id !== null)
    .sort((a, b) => Number(a.rank_order) - Number(b.rank_order))
    .map(({ total: _total, rank_order: _order, ...row }) => {
      const copy: Row = {};
      for (const [key, value] of Object.entries(row))
        copy[key] = value instanceof Date ? value.toISOString() : value;
      return copy;
    });
  return {
    data,
    meta: {
      page: query.page,
      limit: query.limit,
      total: Math.min(total, COUNT_CAP),
      totalPages: Math.max(1, Math.ceil(Math.min(total, COUNT_CAP) / query.limit)),
      totalExact: total <= COUNT_CAP,
    },
  };
}
