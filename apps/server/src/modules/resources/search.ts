import {
  type FacetCount,
  RESOURCE_KIND_LABELS,
  type ResourceFacets,
  type ResourceKind,
  type ResourceSearchAnswer,
  type resourceSearchQuery,
} from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, type Tx, toQuery } from '../../db/client';
import { inScope } from '../../db/scope';
import type { Actor } from '../../http/policy';
import { curatedSql, readableSql } from './policy';
import { CARD_COLUMNS, type ItemRow, toCard } from './rows';

type SearchInput = z.output<typeof resourceSearchQuery>;
type FacetName = keyof ResourceFacets;

const FACET_VALUES = 30;
/** Counts kept per process; the oldest goes first once full. */
const COUNT_CACHE_SIZE = 500;
const START = '\u0001';
const STOP = '\u0002';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** ts_headline marks matches with control characters; everything else is escaped, then marked. */
export const markHeadline = (raw: string) =>
  escapeHtml(raw).replaceAll(START, '<mark>').replaceAll(STOP, '</mark>');

const textList = (values: string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/** The date an item is filed under: when it was published, else when it was made. */
const filedAt = sql`coalesce(i.published_at, i.created_at)`;

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

/** One condition per facet, so each facet can be counted under all the others. */
function facetConditions(input: SearchInput): Record<FacetName, SQL | null> {
  return {
    kind: input.kind?.length ? sql`i.kind = any(${textList(input.kind)})` : null,
    tag: input.tag?.length ? sql`i.tags && ${textList(input.tag.map((t) => t.toLowerCase()))}` : null,
    language: input.language?.length ? sql`i.language = any(${textList(input.language)})` : null,
    collection: input.collection_id !== undefined ? sql`i.collection_id = ${input.collection_id}` : null,
    year:
      input.year !== undefined ? sql`extract(year from ${filedAt} at time zone 'UTC') = ${input.year}` : null,
  };
}

const and = (parts: (SQL | null)[]) =>
  sql.join(
    parts.filter((part): part is SQL => part !== null),
    sql` and `,
  );

async function facet(tx: Tx, name: FacetName, where: SQL): Promise<FacetCount[]> {
  const from = sql`from resource_items i left join resource_collections c on c.collection_id = i.collection_id where ${where}`;
  const query =
    name === 'tag'
      ? sql`select t as value, t as label, count(*)::int as count from resource_items i, unnest(i.tags) t where ${where} group by t order by count desc, t limit ${FACET_VALUES}`
      : name === 'collection'
        ? sql`select i.collection_id::text as value, min(c.name) as label, count(*)::int as count ${from} and i.collection_id is not null group by i.collection_id order by count desc, label limit ${FACET_VALUES}`
        : name === 'year'
          ? sql`select extract(year from ${filedAt} at time zone 'UTC')::int::text as value, extract(year from ${filedAt} at time zone 'UTC')::int::text as label, count(*)::int as count ${from} group by 1 order by 1 desc limit ${FACET_VALUES}`
          : sql`select i.${sql.raw(name)} as value, i.${sql.raw(name)} as label, count(*)::int as count ${from} group by 1 order by count desc, 1 limit ${FACET_VALUES}`;
  const rows = ((await tx.execute(query)) as unknown as { rows: FacetCount[] }).rows;
  if (name === 'kind')
    return rows.map((row) => ({
      ...row,
      label: RESOURCE_KIND_LABELS[row.value as ResourceKind] ?? row.value,
    }));
  return rows;
}

interface Counted {
  version: string;
  total: number;
  facets: ResourceFacets | null;
}

/**
 * The total and facet counts of a search, by the statement that selects its rows (the caller's
 * visibility rule and every filter, with their values). Counting scans every matching item, six times
 * with facets (about 90% of a 100,000-item library's time, bench/resources.ts), and a visitor's
 * defaults or a popular filter ask the same again and again. A count holds while the list versions of
 * the items and collections tables (db/maintenance.ts, bumped in every writing transaction) are the
 * ones it was made under, as ResourceStore reuses a list's count; a write anywhere makes the next
 * search count again.
 */
const countsByDatabase = new WeakMap<Database, Map<string, Counted>>();

const LIST_VERSION = sql.raw(
  `coalesce((select version from list_versions where table_name = 'resource_items'), 0)::text || '.' ||
   coalesce((select version from list_versions where table_name = 'resource_collections'), 0)::text`,
);

function remember(counts: Map<string, Counted>, key: string, counted: Counted): void {
  counts.delete(key);
  if (counts.size >= COUNT_CACHE_SIZE) counts.delete(counts.keys().next().value as string);
  counts.set(key, counted);
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
  const base = and([
    scopeSql(actor, input.scope),
    query ? sql`i.search_vector @@ ${query}` : null,
    input.from ? sql`${filedAt} >= ${input.from}::date` : null,
    input.to ? sql`${filedAt} < (${input.to}::date + 1)` : null,
  ]);
  const conditions = facetConditions(input);
  const where = and([base, ...Object.values(conditions)]);
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
  // Per database: a process has one, a test file may open several whose versions coincide.
  let counts = countsByDatabase.get(database);
  if (!counts) {
    counts = new Map();
    countsByDatabase.set(database, counts);
  }
  const matching = toQuery(where);
  const key = `${input.facets}\u0000${matching.sql}\u0000${JSON.stringify(matching.params)}`;
  return inScope(database.db, 'all', async (tx) => {
    const [{ version } = { version: '' }] = (
      (await tx.execute(sql`select ${LIST_VERSION} as version`)) as unknown as { rows: { version: string }[] }
    ).rows;
    const page = (await tx.execute(
      sql`select ${CARD_COLUMNS}, ${headline} from resource_items i
        left join resource_collections c on c.collection_id = i.collection_id
        where ${where} order by ${order} limit ${input.limit} offset ${(input.page - 1) * input.limit}`,
    )) as unknown as { rows: ItemRow[] };
    let counted = counts.get(key);
    if (counted?.version !== version) {
      const [row] = (
        (await tx.execute(
          sql`select count(*)::int as total from resource_items i where ${where}`,
        )) as unknown as {
          rows: { total: number }[];
        }
      ).rows;
      let facets: ResourceFacets | null = null;
      if (input.facets === 'true') {
        const names: FacetName[] = ['kind', 'tag', 'language', 'collection', 'year'];
        const found: Partial<ResourceFacets> = {};
        for (const name of names) {
          const others = names.filter((other) => other !== name).map((other) => conditions[other]);
          found[name] = await facet(tx, name, and([base, ...others]));
        }
        facets = found as ResourceFacets;
      }
      counted = { version, total: row?.total ?? 0, facets };
      remember(counts, key, counted);
    }
    const { facets } = counted;
    const { total } = counted;
    return {
      data: page.rows.map((row) => {
        const card = toCard(row);
        return { ...card, headline: row.headline ? markHeadline(row.headline) : null };
      }),
      meta: {
        page: input.page,
        limit: input.limit,
        total,
        totalPages: Math.ceil(total / input.limit),
        facets,
      },
    };
  });
}
