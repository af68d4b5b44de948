import type { FilterCondition, FilterFields, FilterScalar } from '@nexus/contracts';
import { and, type Column, isNull, not, or, type SQL, sql } from 'drizzle-orm';
import { badRequest } from './app-error';

export type ColumnKind = 'integer' | 'text' | 'boolean' | 'timestamp' | 'other';

export interface ReadableColumn {
  /** Name the API uses (query parameters and JSON keys). */
  name: string;
  column: Column;
  kind: ColumnKind;
}

function kindOf(column: Column): ColumnKind {
  switch (column.columnType) {
    case 'PgSerial':
    case 'PgInteger':
    case 'PgSmallInt':
    case 'PgBigInt53':
      return 'integer';
    case 'PgText':
    case 'PgVarchar':
      return 'text';
    case 'PgBoolean':
      return 'boolean';
    case 'PgTimestamp':
      return 'timestamp';
    default:
      return 'other';
  }
}

/** A column that a request does not name is a 400 whether it is unknown or merely unreadable. */
function unknownColumn(parameter: string, name: string) {
  return badRequest(`${parameter}: unknown column '${name}'`, [
    { in: 'querystring', path: parameter, message: `unknown column '${name}'` },
  ]);
}

function invalidValue(parameter: string, name: string, expected: string) {
  return badRequest(`${parameter}: ${name} expects ${expected}`, [
    { in: 'querystring', path: parameter, message: `${name} expects ${expected}` },
  ]);
}

/**
 * The whitelist of a resource: only these columns may be projected, filtered, searched or sorted. A
 * password hash or an internal tenant key is simply absent, so it is refused like an unknown name.
 */
export class ColumnCatalog {
  readonly columns: ReadonlyMap<string, ReadableColumn>;
  readonly searchable: readonly ReadableColumn[];
  /** The projection of every readable column, built once. */
  readonly fullProjection: SQL;

  constructor(columns: Record<string, Column>, searchable: readonly string[]) {
    const map = new Map<string, ReadableColumn>();
    for (const [name, column] of Object.entries(columns))
      map.set(name, { name, column, kind: kindOf(column) });
    this.columns = map;
    this.searchable = searchable.map((name) => {
      const column = map.get(name);
      if (column?.kind !== 'text')
        throw new Error(`Searchable column ${name} must be a readable text column`);
      return column;
    });
    this.fullProjection = this.projection([...map.values()]);
  }

  get(parameter: string, name: string): ReadableColumn {
    const column = this.columns.get(name);
    if (!column) throw unknownColumn(parameter, name);
    return column;
  }

  /** `select` list for the named fields (all readable columns when none are named). */
  projectionOf(fields: readonly string[] | undefined): SQL {
    if (!fields || fields.length === 0) return this.fullProjection;
    return this.projection([...new Set(fields)].map((name) => this.get('fields', name)));
  }

  private projection(columns: readonly ReadableColumn[]): SQL {
    return sql.join(
      // Timestamps become PostgreSQL's JSON text (ISO 8601, sessions run in UTC); writes return the same.
      columns.map(({ name, column }) => sql`${column} as ${sql.identifier(name)}`),
      sql`, `,
    );
  }

  /** `filterFields`: an object ANDs its columns, an array of objects ORs them (spec section 7). */
  filter(filterFields: FilterFields | undefined): SQL | undefined {
    if (filterFields === undefined) return undefined;
    if (Array.isArray(filterFields)) {
      return or(...filterFields.map((group) => this.filterGroup(group) ?? sql`true`));
    }
    return this.filterGroup(filterFields);
  }

  private filterGroup(group: Record<string, FilterCondition>): SQL | undefined {
    const parts = Object.entries(group).map(([name, condition]) =>
      this.condition(this.get('filterFields', name), condition),
    );
    return parts.length === 0 ? undefined : and(...parts);
  }

  private condition(target: ReadableColumn, condition: FilterCondition): SQL {
    if (Array.isArray(condition)) return this.inList(target, condition, false);
    if (condition === null || typeof condition !== 'object') return this.compare(target, '=', condition);
    const parts: SQL[] = [];
    const ops = condition as Record<string, unknown>;
    for (const op of Object.keys(ops)) {
      const value = ops[op];
      if (value === undefined) continue;
      switch (op) {
        case '$eq':
          parts.push(this.compare(target, '=', value as FilterScalar));
          break;
        case '$ne':
          parts.push(
            value === null
              ? sql`${target.column} is not null`
              : sql`${target.column} is distinct from ${this.value(target, value as FilterScalar)}`,
          );
          break;
        case '$in':
          parts.push(this.inList(target, value as FilterScalar[], false));
          break;
        case '$nin':
          parts.push(this.inList(target, value as FilterScalar[], true));
          break;
        case '$gt':
          parts.push(this.compare(target, '>', value as FilterScalar));
          break;
        case '$gte':
          parts.push(this.compare(target, '>=', value as FilterScalar));
          break;
        case '$lt':
          parts.push(this.compare(target, '<', value as FilterScalar));
          break;
        case '$lte':
          parts.push(this.compare(target, '<=', value as FilterScalar));
          break;
        case '$like':
          parts.push(sql`${this.asText(target)} like ${String(value)}`);
          break;
        case '$ilike':
          parts.push(sql`${this.asText(target)} ilike ${String(value)}`);
          break;
        case '$null':
          parts.push(value ? isNull(target.column) : not(isNull(target.column)));
          break;
        default:
          throw badRequest(`filterFields: unknown operator '${op}'`, [
            { in: 'querystring', path: 'filterFields', message: `unknown operator '${op}'` },
          ]);
      }
    }
    return and(...parts) ?? sql`true`;
  }

  private compare(target: ReadableColumn, op: '=' | '>' | '>=' | '<' | '<=', value: FilterScalar): SQL {
    if (value === null) {
      if (op === '=') return isNull(target.column);
      throw invalidValue('filterFields', target.name, 'a value, not null, for a comparison');
    }
    return sql`${target.column} ${sql.raw(op)} ${this.value(target, value)}`;
  }

  private inList(target: ReadableColumn, values: readonly FilterScalar[], negate: boolean): SQL {
    const present = values.filter((v) => v !== null).map((v) => this.value(target, v));
    const hasNull = present.length !== values.length;
    const list = present.length > 0 ? sql`${target.column} in (${sql.join(present, sql`, `)})` : sql`false`;
    const matches = hasNull ? sql`(${list} or ${target.column} is null)` : list;
    return negate ? sql`not coalesce(${matches}, false)` : matches;
  }

  private asText(target: ReadableColumn): SQL {
    return target.kind === 'text' ? sql`${target.column}` : sql`${target.column}::text`;
  }

  /** Checks a filter value against the column's type so a mismatch is a named 400, not a database error. */
  private value(target: ReadableColumn, value: FilterScalar): SQL {
    switch (target.kind) {
      case 'integer': {
        const n = typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim()) ? Number(value) : value;
        if (typeof n !== 'number' || !Number.isSafeInteger(n))
          throw invalidValue('filterFields', target.name, 'an integer');
        return sql`${n}`;
      }
      case 'boolean': {
        if (typeof value === 'boolean') return sql`${value}`;
        if (value === 'true' || value === 'false') return sql`${value === 'true'}`;
        throw invalidValue('filterFields', target.name, 'true or false');
      }
      case 'timestamp': {
        const date = typeof value === 'string' || typeof value === 'number' ? new Date(value) : undefined;
        if (!date || Number.isNaN(date.getTime())) throw invalidValue('filterFields', target.name, 'a date');
        return sql`${date.toISOString()}::timestamptz`;
      }
      default:
        return sql`${String(value)}`;
    }
  }

  /** `search` over `searchFields` (or every searchable column): case-insensitive substring, wildcards escaped. */
  search(term: string | undefined, searchFields: readonly string[] | undefined): SQL | undefined {
    if (term === undefined || term.trim() === '') return undefined;
    const targets = searchFields
      ? searchFields.map((name) => {
          const column = this.get('searchFields', name);
          if (!this.searchable.includes(column)) {
            throw badRequest(`searchFields: column '${name}' is not searchable`, [
              { in: 'querystring', path: 'searchFields', message: `column '${name}' is not searchable` },
            ]);
          }
          return column;
        })
      : this.searchable;
    if (targets.length === 0) return undefined;
    const pattern = `%${term.trim().replace(/[\\%_]/g, '\\$&')}%`;
    return or(...targets.map((target) => sql`${target.column} ilike ${pattern}`));
  }
}
