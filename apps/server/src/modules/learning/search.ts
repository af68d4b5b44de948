import type { searchProgramsQuery } from '@nexus/contracts';
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { programs } from '../../db/schema';
import { scopeOf } from '../../db/scope';
import type { Actor } from '../../http/policy';
import { authors } from './resources';
import { visiblePrograms } from './tree';

/** Counting stops here: past it the total is "more than" (meta.totalExact false), as list totals do. */
const COUNT_CAP = 10_000;

type Row = Record<string, unknown>;

/**
 * searchPrograms (spec section 7): PostgreSQL full-text search over name, category and description
 * (a GIN index on a stored tsvector), ranked, with category, status and date filters; one round trip
 * for the page and its capped total.
 */
export async function searchPrograms(
  database: Database,
  actor: Actor,
  query: z.output<typeof searchProgramsQuery>,
) {
  const terms = query.search ? sql`websearch_to_tsquery('simple', ${query.search})` : undefined;
  const where = and(
    visiblePrograms(actor),
    terms ? sql`${programs.search_vector} @@ ${terms}` : undefined,
    query.program_category ? eq(programs.program_category, query.program_category) : undefined,
    // Drafts are only ever asked for by their authors.
    query.status && authors(actor) ? eq(programs.status, query.status) : undefined,
    query.starts_after ? gte(programs.start_date, new Date(query.starts_after)) : undefined,
    query.starts_before ? lte(programs.start_date, new Date(query.starts_before)) : undefined,
  ) as SQL;
  const order = terms
    ? sql`ts_rank(${programs.search_vector}, ${terms}) desc, ${programs.program_id} desc`
    : sql`${programs.created_at} desc, ${programs.program_id} desc`;
  const rows = await database.read<Row>(
    sql`select p.program_id, p.tenant_id, p.program_name, p.description, p.program_category, p.status,
        p.start_date, p.end_date, p.image_url, p.created_by, p.modified_by, p.created_at, p.modified_at,
        p.is_deleted, c.total
      from (select count(*)::int as total from (select 1 from ${programs} where ${where} limit ${COUNT_CAP + 1}) capped) c
      left join lateral (select * from ${programs} where ${where} order by ${order}
        limit ${query.limit} offset ${(query.page - 1) * query.limit}) p on true`,
    false,
    scopeOf(actor),
  );
  const total = Number(rows[0]?.total ?? 0);
  const data = rows
    .filter((row) => row.program_id !== null)
    .map(({ total: _total, ...row }) => {
      const copy: Row = {};
      for (const [key, value] of Object.entries(row))
        copy[key] = value instanceof Date ? value.toISOString() : value;
      return copy;
    });
  const exact = total <= COUNT_CAP;
  return {
    data,
    meta: {
      page: query.page,
      limit: query.limit,
      total: Math.min(total, COUNT_CAP),
      totalPages: Math.max(1, Math.ceil(Math.min(total, COUNT_CAP) / query.limit)),
      totalExact: exact,
    },
  };
}
