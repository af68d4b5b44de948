import type { searchProgramsQuery } from '@nexus/contracts';
import { and, eq, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { catalogueVersions, programSearch, programs } from '../../db/schema';
import { scopeOf, scopeSetting } from '../../db/scope';
import type { Actor } from '../../http/policy';
import { authors } from './resources';
import type { VersionedCache } from './versioned-cache';

/** Counting stops here: past it the total is "more than" (meta.totalExact false), as list totals do. */
const COUNT_CAP = 10_000;

/** A search answer as sent (the body), under the catalogue version it was read with. */
export interface SearchAnswer {
  body: Buffer;
  version: string;
}

/**
 * The catalogue versions of the given scopes (migration 0011) as one text, read in the statement it
 * is part of: an answer and the version it carries come from the same snapshot.
 */
function catalogueVersion(scopeKeys: number[]): SQL {
  const v = catalogueVersions;
  return sql`(select coalesce(string_agg(${v.scope_key}::text || ':' || ${v.version}::text, '.' order by ${v.scope_key}), '')
    from ${v} where ${v.scope_key} = any(${sql.param(scopeKeys)}::int[]))`;
}

/**
 * searchPrograms with a cache of answers (see VersionedCache): a repeated search reads only its
 * scopes' catalogue versions (one short statement) while no program of those scopes has changed. A
 * search never made before runs the search alone, which reads the version with its answer.
 */
export async function searchProgramsCached(
  database: Database,
  actor: Actor,
  query: z.output<typeof searchProgramsQuery>,
  cache: VersionedCache<SearchAnswer>,
): Promise<Buffer> {
  const scopeKeys = actor.tenantId === null ? [0] : [0, actor.tenantId];
  const key = JSON.stringify([
    scopeSetting(scopeOf(actor)),
    effectiveStatus(actor, query),
    query.page,
    query.limit,
    query.search ?? null,
    query.program_category ?? null,
    query.starts_after ?? null,
    query.starts_before ?? null,
  ]);
  if (cache.has(key)) {
    const [current] = await database.read<{ version: string }>(
      sql`select ${catalogueVersion(scopeKeys)} as version`,
      true,
    );
    const hit = cache.get(key, current?.version ?? '');
    if (hit) return hit.body;
  }
  const answer = await searchPrograms(database, actor, query, scopeKeys);
  if (answer.version !== undefined) cache.set(key, { body: answer.body, version: answer.version });
  return answer.body;
}

/** Drafts are only ever shown to their authors, and only when asked for. */
function effectiveStatus(actor: Actor, query: z.output<typeof searchProgramsQuery>) {
  return query.status && authors(actor) ? query.status : 'published';
}

/**
 * The words of a search as a tsquery text: every word must match, the last one as a prefix (it may
 * still be being typed: "Gett" finds "Getting started"). Words are runs of letters and digits, each
 * quoted as a lexeme, so nothing typed is read as tsquery syntax. Null when nothing is left.
 */
export function prefixQuery(search: string): string | null {
  const words = searchWords(search);
  if (words.length === 0) return null;
  return words.map((word, i) => `'${word}'${i === words.length - 1 ? ':*' : ''}`).join(' & ');
}

/** Lower-case runs of letters and digits (at most 16, each at most 64 characters). */
export function searchWords(search: string): string[] {
  return (search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 16).map((word) => word.slice(0, 64));
}

/**
 * searchPrograms (spec section 7): PostgreSQL full-text search over name, category and description
 * (the GIN-indexed `program_search`, see its note in the schema), ranked, with category, status and
 * date filters. When no program matches the words, the names are searched again allowing typos
 * (pg_trgm word similarity over `program_search.program_name`, its own trigram index): a second
 * statement only for a search that found nothing, so a search that finds something costs no more. The index is filtered by the caller's scope here; the page's programs are then read
 * from `programs` under row-level security, each by a lateral lookup kept a subquery (`offset 0`):
 * pulled up into a join, PostgreSQL evaluates the policy's scope before the statement sets it (see
 * `scoped` in db/client.ts), and the page would come back empty.
 * One round trip for the page and its total (capped at COUNT_CAP), answered as ready-made JSON.
 */
export async function searchPrograms(
  database: Database,
  actor: Actor,
  query: z.output<typeof searchProgramsQuery>,
  scopeKeys: number[] = actor.tenantId === null ? [0] : [0, actor.tenantId],
): Promise<{ body: Buffer; version?: string }> {
  const first = await searchOnce(database, actor, query, scopeKeys, 'words');
  if (first.found || !query.search || searchWords(query.search).length === 0) return first.answer;
  const fuzzy = await searchOnce(database, actor, query, scopeKeys, 'typos');
  if (!fuzzy.found) return first.answer;
  // Kept only if both statements saw the same catalogue: a program written in between could match.
  const same = fuzzy.answer.version === first.answer.version;
  return { body: fuzzy.answer.body, version: same ? fuzzy.answer.version : undefined };
}

/** Shorter words have too few trigrams to tell a typo from another word: they must appear as typed. */
const TYPO_MIN_LENGTH = 4;

/**
 * A typed word found in a name allowing a typo: a word of the name (or a stretch of one) is close
 * enough in trigrams (`<%`, threshold set in db/client.ts). Every word must be found, each on its own,
 * so one good word does not carry a wrong one. Words are letters and digits only (searchWords), so a
 * LIKE pattern needs no escaping.
 */
function nearWord(word: string, name: typeof programSearch.program_name): SQL {
  return word.length < TYPO_MIN_LENGTH
    ? sql`${name} like ${`%${word}%`}`
    : sql`${word}::text operator(public.<%) ${name}`;
}

async function searchOnce(
  database: Database,
  actor: Actor,
  query: z.output<typeof searchProgramsQuery>,
  scopeKeys: number[],
  match: 'words' | 'typos',
): Promise<{ found: boolean; answer: { body: Buffer; version?: string } }> {
  const s = programSearch;
  const text = query.search ? prefixQuery(query.search) : null;
  const words = query.search ? searchWords(query.search) : [];
  // A scalar subquery (an InitPlan): the query is parsed once per statement. Written inline with a
  // parameter, to_tsquery would run again for every match it ranks and rechecks.
  const terms = text ? sql`(select to_tsquery('simple', ${text}))` : undefined;
  // Nothing searchable typed (only punctuation): nothing matches, rather than everything.
  const matches = !query.search
    ? undefined
    : match === 'typos'
      ? words.length > 0
        ? and(...words.map((word) => nearWord(word, s.program_name)))
        : sql`false`
      : terms
        ? sql`${s.search_vector} @@ ${terms}`
        : sql`false`;
  const rank =
    match === 'typos' && words.length > 0
      ? sql.join(
          words.map((word) => sql`public.word_similarity(${word}::text, ${s.program_name})`),
          sql` + `,
        )
      : terms && match === 'words'
        ? sql`ts_rank(${s.search_vector}, ${terms})`
        : sql`0`;
  const scope =
    actor.tenantId === null ? isNull(s.tenant_id) : or(isNull(s.tenant_id), eq(s.tenant_id, actor.tenantId));
  const status = effectiveStatus(actor, query);
  const where = and(
    scope,
    eq(s.is_deleted, false),
    eq(s.status, status),
    matches,
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
  const versionNow = catalogueVersion(scopeKeys);
  const built = matches
    ? // Ranked: one pass over the matches ranks them and counts them (a window count), instead of a
      // capped count and a ranking that each read every match from the heap.
      sql`select coalesce(max(hit.total), 0)::int as total, ${versionNow} as version,
          coalesce(json_agg(row_to_json(p) order by hit.rank desc, hit.program_id desc) filter (where p.program_id is not null), '[]')::text as rows
        from (select ${s.program_id} as program_id, ${rank} as rank, count(*) over () as total
          from ${s} where ${where} order by rank desc, ${s.program_id} desc ${page}) hit
        ${programsOfPage}`
    : // Newest first walks the scope index; the total is counted up to the cap.
      sql`select (select count(*)::int from (select 1 from ${s} where ${where} limit ${COUNT_CAP + 1}) capped) as total,
          ${versionNow} as version,
          coalesce(json_agg(row_to_json(p) order by hit.ord) filter (where p.program_id is not null), '[]')::text as rows
        from (select newest.program_id, row_number() over () as ord
          from (select ${s.program_id} as program_id from ${s} where ${where} order by ${s.created_at} desc, ${s.program_id} desc ${page}) newest) hit
        ${programsOfPage}`;
  // Prepared per shape (the search words and filter values are parameters), so it is planned once.
  const [result] = await database.read<{ total: number; version: string; rows: string }>(
    built,
    true,
    scopeOf(actor),
  );
  let total = result?.total ?? 0;
  let version = result?.version;
  if (matches && total === 0 && query.page > 1) {
    // Read in a second snapshot: this answer is not kept.
    version = undefined;
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
  return {
    found: total > 0,
    answer: { body: Buffer.from(`{"data":${result?.rows ?? '[]'},"meta":${JSON.stringify(meta)}}`), version },
  };
}
