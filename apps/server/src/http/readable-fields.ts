import type { FilterFields, ListQuery } from '@nexus/contracts';
import { badRequest } from './app-error';

const unknownColumn = (parameter: string, name: string) =>
  badRequest(`${parameter}: unknown column '${name}'`, [
    { in: 'querystring', path: parameter, message: `unknown column '${name}'` },
  ]);

function filterColumns(filter: FilterFields | undefined): string[] {
  if (filter === undefined) return [];
  const objects = Array.isArray(filter) ? filter : [filter];
  return objects.flatMap((object) => Object.keys(object));
}

/**
 * A list query limited to the columns the caller may read: missing `fields` become those columns,
 * search without `searchFields` searches only the readable searchable ones, and any other column in
 * fields, filters, search or sort is a 400 worded as for a column that does not exist (a hidden column
 * must not be probed through a filter). `readable` undefined leaves the query as it is.
 */
export function narrowListQuery(
  query: ListQuery,
  readable: readonly string[] | undefined,
  searchable: readonly string[],
): ListQuery {
  if (!readable) return query;
  const allowed = new Set(readable);
  const check = (parameter: string, names: readonly string[] | undefined) => {
    for (const name of names ?? []) if (!allowed.has(name)) throw unknownColumn(parameter, name);
  };
  check('fields', query.fields);
  check('filterFields', filterColumns(query.filterFields));
  check('searchFields', query.searchFields);
  check('sortField', query.sortField ? [query.sortField] : []);
  const searchFields = query.searchFields ?? searchable.filter((name) => allowed.has(name));
  return {
    ...query,
    fields: query.fields?.length ? query.fields : [...readable],
    ...(query.search ? { searchFields } : {}),
  };
}
