import type { ResourceSearchAnswer, resourceSearchQuery } from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, toQuery } from '../../db/client';
import { inScope } from '../../db/scope';
import type { Actor } from '../../http/policy';
import { allOf, facetConditions, facetsSql, filedAt, type RawFacets, toFacets } from './facets';
import { curatedSql, readableSql } from './policy';
import { CARD_COLUMNS, type ItemRow, toCard } from './rows';

type SearchInput = z.output<typeof resourceSearchQuery>;

/** Answers kept per process, the oldest going first once full: at most this many, and this many cards. */
const ANSWER_CACHE_SIZE = 500;
const ANSWER_CACHE_CARDS = 20_000;
const START = '\u0001';
const STOP = '\u0002';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** ts_headline marks matches with control characters; everything else is escaped, then marked. */
export const markHeadline = (raw: string) =>
  escapeHtml(raw).replaceAll(START, '<mark>').replaceAll(STOP, '</mark>');

/** Which items the search runs over, before any filter. */
function scopeSql(actor: Actor | null, scope: SearchInput['scope']): SQL {
  if (scope === 'mine')
    return actor ? sql`(i.is_deleted = false and i.created_by = ${actor.userId})` : sql`false`;
  if (scope === 'review') {
    if (!actor) return sql`false`;
    const admin = actor.isPlatformAdmin
      ? sql`true`
      : actor.tenantId !== null &&
          actor.roles.some((r) => r.roleView === 'admin' && r.tenantId === actor.tenantId)
        ? sql`i.tenant_id = ${actor.tenantId}`
        : sql`false`;
    return sql`(i.is_deleted = false and i.status = 'review' and (${admin} or ${curatedSql(actor)}))`;
  }
  return readableSql(actor);
}

/** An answer (page, total, facets) and the list versions it was read under. */
interface Answered {
  version: string;
  answer: ResourceSearchAnswer;
  cards: number;
}

interface AnswerCache {
  answers: Map<string, Answered>;
  /** Cards held: bounded, so a run of 100-item pages cannot grow the process without end. */
  cards: number;
  /** Searches being read right now: the same one asked meanwhile waits for that read. */
  pending: Map<string, Promise<Answered>>;
}

/**
 * Answers kept per process (and per database: a test file may open several whose versions
 * coincide), keyed by the statement that selects their rows: the caller's visibility rule and every
 * filter with its values, the order and the page. Everything an answer shows comes from
 * resource_items and resource_collections, so it holds while their list versions (db/maintenance.ts:
 * a statement-level trigger bumps them in every writing transaction, on any process) are the ones it
 * was read under. A repeated search costs one round trip reading the two counters; reading afresh
 * costs one transaction with one statement (docs/resources.md, "Bench").
 */
const cachesByDatabase = new WeakMap<Database, AnswerCache>();

const LIST_VERSION = sql.raw(
  `coalesce((select version from list_versions where table_name = 'resource_items'), 0)::text || '.' ||
   coalesce((select version from list_versions where table_name = 'resource_collections'), 0)::text`,
);

function cacheOf(database: Database): AnswerCache {
  let cache = cachesByDatabase.get(database);
  if (!cache) {
    cache = { answers: new Map(), cards: 0, pending: new Map() };
    cachesByDatabase.set(database, cache);
  }
  return cache;
}

function forget(cache: AnswerCache, key: string): void {
  const old = cache.answers.get(key);
  if (!old) return;
  cache.cards -= old.cards;
  cache.answers.delete(key);
}

function remember(cache: AnswerCache, key: string, answered: Answered): void {
  forget(cache, key);
  while (
    cache.answers.size > 0 &&
    (cache.answers.size >= ANSWER_CACHE_SIZE || cache.cards + answered.cards > ANSWER_CACHE_CARDS)
  )
    forget(cache, cache.answers.keys().next().value as string);
  cache.answers.set(key, answered);
  cache.cards += answered.cards;
}

interface AnswerRow {
  version: string;
  page: ItemRow[];
  /** Without facets; with them the total comes from the same scan (`RawFacets`). */
  total: number | null;
  facets: RawFacets | null;
}

/**
 * The library's search (issue 21 point 3): the items the caller may see, filtered by kind, tag,
 * language, collection and date, matched against the weighted search vector (title, summary, body and
 * the text of its PDFs), ranked and highlighted; with `facets`, counts per value of each facet under
 * the other facets' filters (so choosing a kind still shows how many of each other kind there are).
 */
export async function searchItems(
  database: Database,
  actor: Actor | null,
  input: SearchInput,
): Promise<ResourceSearchAnswer> {
  const words = input.search?.trim() ? input.search.trim() : null;
  const query = words ? sql`websearch_to_tsquery('english', ${words})` : null;
  const base = allOf([
    scopeSql(actor, input.scope),
    query ? sql`i.search_vector @@ ${query}` : null,
    input.from ? sql`${filedAt} >= ${input.from}::date` : null,
    input.to ? sql`${filedAt} < (${input.to}::date + 1)` : null,
  ]);
  const conditions = facetConditions(input);
  const where = allOf([base, ...Object.values(conditions)]);
  const order =
    input.sort === 'relevance' && query
      ? sql`ts_rank_cd(i.search_vector, ${query}) desc, i.item_id desc`
      : input.sort === 'oldest'
        ? sql`${filedAt} asc, i.item_id asc`
        : input.sort === 'title'
          ? sql`lower(i.title) asc, i.item_id asc`
          : sql`${filedAt} desc, i.item_id desc nulls last`;
  const headline = query
    ? sql`ts_headline('english', i.title || '. ' || i.summary || ' ' || i.body_text || ' ' || left(i.extracted_text, 20000), ${query},
        ${`StartSel=${START}, StopSel=${STOP}, MaxWords=30, MinWords=10, MaxFragments=2`}) as headline`
    : sql`null as headline`;
  const pageSql = sql`select ${CARD_COLUMNS}, ${headline} from resource_items i
    left join resource_collections c on c.collection_id = i.collection_id
    where ${where} order by ${order} limit ${input.limit} offset ${(input.page - 1) * input.limit}`;
  const cache = cacheOf(database);
  const matching = toQuery(pageSql);
  const key = `${input.facets}\u0000${matching.sql}\u0000${JSON.stringify(matching.params)}`;

  const known = cache.answers.get(key);
  if (known && (await versionOf(database)) === known.version) return known.answer;
  // The same search being read for another request: its answer serves this one too unless a write
  // has come since that read began (it may have begun before this request did).
  const shared = await cache.pending.get(key)?.catch(() => undefined);
  if (shared && (await versionOf(database)) === shared.version) return shared.answer;
  // The page, its total and every facet in one statement: one snapshot, one round trip.
  const reading = inScope(database.db, 'all', async (tx) => {
    const [row] = (
      (await tx.execute(
        sql`select ${LIST_VERSION} as version,
          (select coalesce(json_agg(p), '[]'::json) from (${pageSql}) p) as page,
          ${input.facets === 'true' ? sql`null::int` : sql`(select count(*)::int from resource_items i where ${where})`} as total,
          ${input.facets === 'true' ? facetsSql(base, conditions) : sql`null::json`} as facets`,
      )) as unknown as { rows: AnswerRow[] }
    ).rows as [AnswerRow];
    return { version: row.version, answer: toAnswer(input, row), cards: row.page.length };
  });
  if (!cache.pending.has(key)) {
    cache.pending.set(key, reading);
    void reading.catch(() => undefined).finally(() => cache.pending.delete(key));
  }
  const answered = await reading;
  remember(cache, key, answered);
  return answered.answer;
}

async function versionOf(database: Database): Promise<string | undefined> {
  const [row] = await database.read<{ version: string }>(sql`select ${LIST_VERSION} as version`, true);
  return row?.version;
}

function toAnswer(input: SearchInput, row: AnswerRow): ResourceSearchAnswer {
  const counted = row.facets ? toFacets(row.facets) : null;
  const total = counted?.total ?? row.total ?? 0;
  return {
    data: row.page.map((item) => ({
      ...toCard(item),
      headline: item.headline ? markHeadline(item.headline) : null,
    })),
    meta: {
      page: input.page,
      limit: input.limit,
      total,
      totalPages: Math.ceil(total / input.limit),
      facets: counted?.facets ?? null,
    },
  };
}
