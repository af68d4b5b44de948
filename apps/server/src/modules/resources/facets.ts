import {
  type FacetCount,
  RESOURCE_KIND_LABELS,
  type ResourceFacets,
  type ResourceKind,
  type resourceSearchQuery,
} from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';

type SearchInput = z.output<typeof resourceSearchQuery>;
export type FacetName = keyof ResourceFacets;
export type FacetConditions = Record<FacetName, SQL | null>;

const FACET_VALUES = 30;
const FACET_NAMES: FacetName[] = ['kind', 'tag', 'language', 'collection', 'year'];

const textList = (values: string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/** The date an item is filed under: when it was published, else when it was made. */
export const filedAt = sql`coalesce(i.published_at, i.created_at)`;
const yearOf = sql`extract(year from ${filedAt} at time zone 'UTC')::int`;

/** The conditions joined with `and`; none is `true`. */
export const allOf = (parts: (SQL | null)[]) => {
  const present = parts.filter((part): part is SQL => part !== null);
  return present.length ? sql.join(present, sql` and `) : sql`true`;
};

/** One condition per facet, so each facet can be counted under all the others. */
export function facetConditions(input: SearchInput): FacetConditions {
  return {
    kind: input.kind?.length ? sql`i.kind = any(${textList(input.kind)})` : null,
    tag: input.tag?.length ? sql`i.tags && ${textList(input.tag.map((t) => t.toLowerCase()))}` : null,
    language: input.language?.length ? sql`i.language = any(${textList(input.language)})` : null,
    collection: input.collection_id !== undefined ? sql`i.collection_id = ${input.collection_id}` : null,
    year: input.year !== undefined ? sql`${yearOf} = ${input.year}` : null,
  };
}

const othersThan = (conditions: FacetConditions, name: FacetName) =>
  allOf(FACET_NAMES.filter((other) => other !== name).map((other) => conditions[other]));

/**
 * The counts of a search as one JSON value, for the statement that reads the answer. Each facet is
 * counted under every other facet's filter, so the items are read once for kind, language,
 * collection, year and the total together (grouping sets, each count with its own `filter`), and
 * once more for the tags (unnested): two scans where a query per facet and the total made six.
 */
export function facetsSql(base: SQL, conditions: FacetConditions): SQL {
  const count = (name: FacetName) => sql`count(*) filter (where ${othersThan(conditions, name)})::int`;
  const grouped = sql`select grouping(i.kind) as gk, grouping(i.language) as gl,
      grouping(i.collection_id) as gc, grouping(${yearOf}) as gy,
      i.kind, i.language, i.collection_id, ${yearOf} as year, min(c.name) as collection_name,
      ${count('kind')} as n_kind, ${count('language')} as n_language,
      ${count('collection')} as n_collection, ${count('year')} as n_year,
      count(*) filter (where ${allOf(Object.values(conditions))})::int as n_total
    from resource_items i left join resource_collections c on c.collection_id = i.collection_id
    where ${base}
    group by grouping sets ((i.kind), (i.language), (i.collection_id), (${yearOf}), ())`;
  const tags = sql`select t as value, t as label, count(*)::int as count
    from resource_items i, unnest(i.tags) t where ${base} and ${othersThan(conditions, 'tag')}
    group by t order by count desc, t limit ${FACET_VALUES}`;
  return sql`json_build_object(
    'groups', (select coalesce(json_agg(g), '[]'::json) from (${grouped}) g),
    'tag', (select coalesce(json_agg(f), '[]'::json) from (${tags}) f))`;
}

interface GroupRow {
  gk: number;
  gl: number;
  gc: number;
  gy: number;
  kind: string | null;
  language: string | null;
  collection_id: number | null;
  year: number | null;
  collection_name: string | null;
  n_kind: number;
  n_language: number;
  n_collection: number;
  n_year: number;
  n_total: number;
}

export interface RawFacets {
  groups: GroupRow[];
  tag: FacetCount[];
}

const byCountThen =
  (key: 'value' | 'label') =>
  (a: FacetCount, b: FacetCount): number =>
    b.count - a.count || (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0);

function facet(
  rows: GroupRow[],
  pick: (row: GroupRow) => FacetCount | null,
  order: (a: FacetCount, b: FacetCount) => number,
): FacetCount[] {
  return rows
    .map(pick)
    .filter((entry): entry is FacetCount => entry !== null && entry.count > 0)
    .sort(order)
    .slice(0, FACET_VALUES);
}

/** The facets and the total, from what `facetsSql` read. */
export function toFacets(raw: RawFacets): { facets: ResourceFacets; total: number } {
  const { groups } = raw;
  const total = groups.find((row) => row.gk && row.gl && row.gc && row.gy)?.n_total ?? 0;
  const facets: ResourceFacets = {
    kind: facet(
      groups,
      (row) =>
        row.gk === 0 && row.kind !== null
          ? {
              value: row.kind,
              label: RESOURCE_KIND_LABELS[row.kind as ResourceKind] ?? row.kind,
              count: row.n_kind,
            }
          : null,
      byCountThen('value'),
    ),
    tag: raw.tag,
    language: facet(
      groups,
      (row) =>
        row.gl === 0 && row.language !== null
          ? { value: row.language, label: row.language, count: row.n_language }
          : null,
      byCountThen('value'),
    ),
    collection: facet(
      groups,
      (row) =>
        row.gc === 0 && row.collection_id !== null
          ? {
              value: String(row.collection_id),
              label: row.collection_name ?? '',
              count: row.n_collection,
            }
          : null,
      byCountThen('label'),
    ),
    year: facet(
      groups,
      (row) =>
        row.gy === 0 && row.year !== null
          ? { value: String(row.year), label: String(row.year), count: row.n_year }
          : null,
      (a, b) => Number(b.value) - Number(a.value),
    ),
  };
  return { facets, total };
}
