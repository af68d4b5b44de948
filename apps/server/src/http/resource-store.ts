import { EXACT_COUNT_THRESHOLD, LIST_ALL_CEILING, type ListQuery } from '@nexus/contracts';
import { and, type Column, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { queryRows } from '../db/client';
import { badRequest, forbidden, notFound } from './app-error';
import type { Actor } from './policy';
import { ColumnCatalog } from './query-columns';
import type { ResourceDefinition } from './resource-types';

/** Planner estimates are approximate anyway; reusing one for a few seconds spares a round trip. */
const ESTIMATE_TTL_MS = 15_000;
const ESTIMATE_CACHE_SIZE = 500;

export interface ListMetaOut {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  totalExact: boolean;
}

type Row = Record<string, unknown>;

/** The SQL side of one resource: scoping, the single-round-trip list, and the writes. */
export class ResourceStore {
  readonly catalog: ColumnCatalog;
  private readonly audit: Record<
    'created_by' | 'modified_by' | 'deleted_by' | 'modified_at' | 'deleted_at' | 'is_deleted',
    Column
  >;
  private readonly id: Column;
  private readonly sortDefault: Column;
  private readonly returning: Record<string, PgColumn>;
  private readonly timestampNames: string[];
  private readonly ceiling: number;
  private readonly estimates = new Map<string, { at: number; rows: number }>();

  constructor(private readonly def: ResourceDefinition) {
    this.catalog = new ColumnCatalog(def.columns, def.searchable);
    const all = getTableColumns(def.table) as Record<string, Column>;
    const need = (name: string) => {
      const column = all[name];
      if (!column) throw new Error(`${def.entity}: table lacks the audit column ${name}`);
      return column;
    };
    this.audit = {
      created_by: need('created_by'),
      modified_by: need('modified_by'),
      deleted_by: need('deleted_by'),
      modified_at: need('modified_at'),
      deleted_at: need('deleted_at'),
      is_deleted: need('is_deleted'),
    };
    this.id = this.catalog.get('idColumn', def.idColumn).column;
    this.sortDefault = this.catalog.get('defaultSort', def.defaultSort ?? def.idColumn).column;
    this.returning = def.columns;
    this.timestampNames = [...this.catalog.columns.values()].filter((c) => c.kind === 'timestamp').map((c) => c.name);
    this.ceiling = def.listAllCeiling ?? LIST_ALL_CEILING;
  }

  private tenantCondition(actor: Actor, read: boolean): SQL | undefined {
    const scope = this.def.tenant;
    if (!scope) return undefined;
    if (actor.tenantId === null) return sql`${scope.column} is null`;
    if (read && scope.shared) return sql`(${scope.column} = ${actor.tenantId} or ${scope.column} is null)`;
    return sql`${scope.column} = ${actor.tenantId}`;
  }

  private ownerCondition(actor: Actor): SQL | undefined {
    const owner = this.def.owner;
    if (!owner || owner.exempt(actor)) return undefined;
    return sql`${owner.column} = ${actor.userId}`;
  }

  /** Rows the actor may see: never soft-deleted, always inside its tenant scope (DESIGN section 4). */
  scope(actor: Actor, read: boolean): SQL {
    return and(
      sql`${this.audit.is_deleted} = false`,
      this.tenantCondition(actor, read),
      this.ownerCondition(actor),
    ) as SQL;
  }

  /** Answers the list as ready-made JSON: page and capped count in one round trip. */
  async list(db: DbOrTx, actor: Actor, query: ListQuery): Promise<string> {
    const { table } = this.def;
    const where = and(
      this.scope(actor, true),
      this.catalog.filter(query.filterFields),
      this.catalog.search(query.search, query.searchFields),
    ) as SQL;
    const projection = query.metadataOnly ? undefined : this.catalog.projectionOf(query.fields);
    const sortColumn = query.sortField ? this.catalog.get('sortField', query.sortField).column : this.sortDefault;
    const dir = sql.raw(query.sortOrder === 'asc' ? 'asc' : 'desc');
    const order =
      sortColumn === this.id ? sql`${this.id} ${dir}` : sql`${sortColumn} ${dir}, ${this.id} ${dir}`;

    if (query.limit === -1 && projection) {
      const [result] = await queryRows<{ total: number; rows: string }>(
        db,
        sql`select count(*)::int as total, coalesce(json_agg(p), '[]'::json)::text as rows
            from (select ${projection} from ${table} where ${where} order by ${order} limit ${this.ceiling + 1}) p`,
      );
      const total = result?.total ?? 0;
      if (total > this.ceiling) {
        throw badRequest(`limit=-1 matches more than ${this.ceiling} rows; ask for pages or narrow the filter`, [
          { in: 'querystring', path: 'limit', message: `more than ${this.ceiling} rows match` },
        ]);
      }
      const meta = { page: 1, limit: -1, total, totalPages: total === 0 ? 0 : 1, totalExact: true };
      return `{"data":${result?.rows ?? '[]'},"meta":${JSON.stringify(meta)}}`;
    }

    const limit = query.limit === -1 ? this.ceiling : query.limit;
    const offset = (query.page - 1) * limit;
    const countSql = sql`(select count(*)::int from (select 1 from ${table} where ${where} limit ${EXACT_COUNT_THRESHOLD + 1}) c)`;
    const statement = projection
      ? sql`select ${countSql} as total, (select coalesce(json_agg(p), '[]'::json)::text from
            (select ${projection} from ${table} where ${where} order by ${order} limit ${limit} offset ${offset}) p) as rows`
      : sql`select ${countSql} as total`;
    const [result] = await queryRows<{ total: number; rows?: string }>(db, statement);
    let total = result?.total ?? 0;
    let totalExact = true;
    if (total > EXACT_COUNT_THRESHOLD) {
      totalExact = false;
      total = Math.max(total, await this.estimate(db, sql`select 1 from ${table} where ${where}`));
    }
    const meta: ListMetaOut = {
      page: query.page,
      limit: query.limit,
      total,
      totalPages: Math.ceil(total / limit),
      totalExact,
    };
    if (!projection) return `{"meta":${JSON.stringify(meta)}}`;
    return `{"data":${result?.rows ?? '[]'},"meta":${JSON.stringify(meta)}}`;
  }

  /** The planner's row estimate (as PostgREST's planned count), cached briefly per query and values. */
  private async estimate(db: DbOrTx, statement: SQL): Promise<number> {
    const built = (db as unknown as { dialect: { sqlToQuery(s: SQL): { sql: string; params: unknown[] } } }).dialect.sqlToQuery(
      statement,
    );
    const key = `${built.sql}\u0000${JSON.stringify(built.params)}`;
    const now = Date.now();
    const cached = this.estimates.get(key);
    if (cached && now - cached.at < ESTIMATE_TTL_MS) return cached.rows;
    const [plan] = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) ${statement}`);
    const raw = plan?.['QUERY PLAN'];
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }];
    const rows = Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
    if (this.estimates.size >= ESTIMATE_CACHE_SIZE) this.estimates.delete(this.estimates.keys().next().value as string);
    this.estimates.set(key, { at: now, rows });
    return rows;
  }

  /** One row as ready-made JSON, or a 404 (also for another tenant's row, which must not be confirmed). */
  async getOne(db: DbOrTx, actor: Actor, id: number, query: Pick<ListQuery, 'fields' | 'filterFields'>): Promise<string> {
    const where = and(sql`${this.id} = ${id}`, this.scope(actor, true), this.catalog.filter(query.filterFields));
    const projection = this.catalog.projectionOf(query.fields);
    const [result] = await queryRows<{ row: string }>(
      db,
      sql`select row_to_json(p)::text as row from (select ${projection} from ${this.def.table} where ${where}) p`,
    );
    if (!result) throw notFound(`${this.def.entity} not found`);
    return `{"data":${result.row}}`;
  }

  private toRow(input: Row): Row {
    const { created_by: _c, modified_by: _m, deleted_by: _d, ...fields } = input;
    return this.def.toRow ? this.def.toRow(fields) : fields;
  }

  private out(row: Row): Row {
    for (const name of this.timestampNames) {
      const value = row[name];
      if (value instanceof Date) row[name] = value.toISOString();
    }
    return row;
  }

  private stampOwner(actor: Actor, row: Row): void {
    const owner = this.def.owner;
    if (!owner || owner.exempt(actor)) return;
    if (row[owner.field] !== undefined && row[owner.field] !== actor.userId) {
      throw forbidden(`You may only manage your own ${this.def.entity} records.`);
    }
    row[owner.field] = actor.userId;
  }

  /** Inserts every item in one statement: all rows or none. Stamps come from the actor, never the body. */
  async create(db: DbOrTx, actor: Actor, inputs: Row[]): Promise<Row[]> {
    const rows = inputs.map((input) => {
      const row = this.toRow(input);
      this.stampOwner(actor, row);
      if (this.def.tenant) row[this.def.tenant.column.name] = actor.tenantId;
      return { ...row, created_by: actor.userId, modified_by: actor.userId };
    });
    const inserted = await db.insert(this.def.table).values(rows as never).returning(this.returning);
    return (inserted as Row[]).map((row) => this.out(row));
  }

  async update(db: DbOrTx, actor: Actor, id: number, input: Row): Promise<Row> {
    const row = this.toRow(input);
    if (this.def.owner && !this.def.owner.exempt(actor) && row[this.def.owner.field] !== undefined) {
      this.stampOwner(actor, row);
    }
    const updated = (await db
      .update(this.def.table)
      .set({ ...row, modified_by: actor.userId, modified_at: sql`now()` } as never)
      .where(and(eq(this.id, id), this.scope(actor, false)))
      .returning(this.returning)) as Row[];
    const [first] = updated;
    if (!first) throw notFound(`${this.def.entity} ${id} not found`);
    return this.out(first);
  }

  /** Soft delete (DESIGN section 4): is_deleted, deleted_by and deleted_at; the row leaves every list. */
  async remove(db: DbOrTx, actor: Actor, ids: number[]): Promise<Row[]> {
    const unique = [...new Set(ids)];
    const deleted = (await db
      .update(this.def.table)
      .set({ is_deleted: true, deleted_by: actor.userId, deleted_at: sql`now()`, modified_by: actor.userId } as never)
      .where(and(inArray(this.id, unique), this.scope(actor, false)))
      .returning(this.returning)) as Row[];
    if (deleted.length !== unique.length) {
      const found = new Set(deleted.map((row) => row[this.def.idColumn]));
      const missing = unique.filter((id) => !found.has(id));
      throw notFound(`${this.def.entity} not found: ${missing.join(', ')}`);
    }
    return deleted.map((row) => this.out(row));
  }
}
