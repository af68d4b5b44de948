import { EXACT_COUNT_THRESHOLD, LIST_ALL_CEILING, type ListQuery } from '@nexus/contracts';
import { and, type Column, eq, getTableColumns, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type BuiltQuery, type Database, type DbOrTx, type Tx, toQuery } from '../db/client';
import { inScope, scopeOf } from '../db/scope';
import { badRequest, forbidden, notFound } from './app-error';
import { type AuditAction, labelOf, recordAudit } from './audit';
import type { Actor } from './policy';
import { ColumnCatalog } from './query-columns';
import type { ResourceDefinition } from './resource-types';

/** Planner estimates are approximate anyway; reusing one for a few seconds spares a round trip. */
const ESTIMATE_TTL_MS = 15_000;
const ESTIMATE_CACHE_SIZE = 500;
/** Compiled list statements by request; building SQL text is the largest CPU cost of a list call. */
const STATEMENT_CACHE_SIZE = 1000;
const COUNT_CAP = sql.raw(String(EXACT_COUNT_THRESHOLD + 1));
/**
 * Fresh planner statistics after writes, as autovacuum's analyse rule (10% of the table changed), but
 * at once: the estimate past EXACT_COUNT_THRESHOLD must hold right after a bulk load, autovacuum may
 * take a minute to come round, and the embedded database has no autovacuum at all.
 */
const ANALYZE_SHARE = 0.1;
const ANALYZE_MIN_ROWS = 500;

export interface ListMetaOut {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  totalExact: boolean;
}

type Row = Record<string, unknown>;
/** The two halves of a shared read inside a tenant: the tenant's own rows and the platform's. */
type SharedPart = 'tenant' | 'platform';

/** A count made under a table's list version (db/maintenance.ts), valid while the version holds. */
interface KnownCount {
  version: string;
  total: number;
}

interface CompiledList {
  counted: BuiltQuery;
  uncounted: BuiltQuery;
  matching: BuiltQuery;
  estimateKey: string;
  limit: number;
  offset: number;
}

/** The SQL side of one resource: scoping, the single-round-trip list, and the writes. */
export class ResourceStore {
  readonly catalog: ColumnCatalog;
  private readonly audit: Record<
    'created_by' | 'modified_by' | 'deleted_by' | 'modified_at' | 'deleted_at' | 'is_deleted',
    Column
  >;
  private readonly id: Column;
  private readonly sortDefault: Column;
  private readonly returning: Record<string, PgColumn | SQL>;
  private readonly ceiling: number;
  private readonly estimates = new Map<string, { at: number; rows: number }>();
  private readonly statements = new Map<string, CompiledList>();
  private readonly counts = new Map<string, KnownCount>();
  /** Rows this process has written since it last refreshed the table's statistics. */
  private writtenSinceAnalyze = 0;

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
    // Writes answer timestamps in the same text as reads, whose JSON PostgreSQL builds.
    this.returning = Object.fromEntries(
      [...this.catalog.columns.values()].map(({ name, column, kind }) => [
        name,
        kind === 'timestamp' ? sql<string>`to_json(${column}) #>> '{}'` : (column as PgColumn),
      ]),
    );
    this.ceiling = def.listAllCeiling ?? LIST_ALL_CEILING;
  }

  private tenantCondition(actor: Actor, read: boolean, part?: SharedPart): SQL | undefined {
    const scope = this.def.tenant;
    if (!scope) return undefined;
    if (actor.tenantId === null || part === 'platform') return sql`${scope.column} is null`;
    if (read && scope.shared && part !== 'tenant') {
      return sql`(${scope.column} = ${actor.tenantId} or ${scope.column} is null)`;
    }
    if (scope.ownPlatformRows && this.def.owner) {
      return sql`(${scope.column} = ${actor.tenantId} or (${scope.column} is null and ${this.def.owner.column} = ${actor.userId}))`;
    }
    return sql`${scope.column} = ${actor.tenantId}`;
  }

  private ownerCondition(actor: Actor, read = false): SQL | undefined {
    const owner = this.def.owner;
    if (!owner || owner.exempt(actor)) return undefined;
    const own = sql`${owner.column} = ${actor.userId}`;
    const wider = read ? owner.alsoReads?.(actor) : undefined;
    return wider ? sql`(${own} or ${wider})` : own;
  }

  /**
   * Rows the actor may see: never soft-deleted, always inside its tenant scope (DESIGN section 4).
   * `part` narrows a shared read to the tenant's own rows or the platform's (a list's two branches).
   */
  scope(actor: Actor, read: boolean, part?: SharedPart): SQL {
    const filter = this.def.readFilter;
    return and(
      sql`${this.audit.is_deleted} = false`,
      this.tenantCondition(actor, read, part),
      this.ownerCondition(actor, read),
      read && filter ? (filter.applies(actor) ? filter.where : filter.otherwise) : undefined,
    ) as SQL;
  }

  /** The WHERE, projection and ORDER BY of a list, from the actor's scope and the validated query. */
  private parts(actor: Actor, query: ListQuery, part?: SharedPart) {
    const where = and(
      this.scope(actor, true, part),
      this.catalog.filter(query.filterFields),
      this.catalog.search(query.search, query.searchFields),
    ) as SQL;
    const projection = query.metadataOnly ? undefined : this.catalog.projectionOf(query.fields);
    const sortColumn = query.sortField
      ? this.catalog.get('sortField', query.sortField).column
      : this.sortDefault;
    const dir = sql.raw(query.sortOrder === 'asc' ? 'asc' : 'desc');
    const sortKeys =
      sortColumn === this.id ? sql`${this.id} ${dir}` : sql`${sortColumn} ${dir}, ${this.id} ${dir}`;
    // The scope column leads every index. `tenant_id is null` is not an equality to the planner, so it
    // would sort instead of walking the index; naming the (constant) column first lets it walk.
    const order = this.def.tenant ? sql`${this.def.tenant.column} ${dir}, ${sortKeys}` : sortKeys;
    return { where, projection, order };
  }

  /** Answers the list as ready-made JSON: page and capped count in one round trip. */
  async list(database: Database, actor: Actor, query: ListQuery): Promise<string> {
    if (query.limit === -1 && !query.metadataOnly) return this.listAll(database, actor, query);
    // The statement bakes in the actor's scope: who it is, and whether its reads are widened now.
    const widened = this.def.owner?.alsoReads?.(actor) ? '+' : '';
    const filtered = this.def.readFilter?.applies(actor) ? 'f' : '';
    const perUser =
      this.ownerCondition(actor) || (this.def.tenant?.ownPlatformRows && actor.tenantId !== null);
    const cacheKey = `${actor.tenantId}${filtered}|${perUser ? `${actor.userId}${widened}` : '*'}|${JSON.stringify(query)}`;
    const compiled = this.statements.get(cacheKey) ?? this.compile(cacheKey, actor, query);
    const { limit, offset } = compiled;
    // PostgREST's "estimated" count: once the planner has said a filter matches more than the exact-count
    // threshold, later requests skip counting; otherwise an exact count capped at the threshold rides
    // along with the page in the same round trip (issue 2 part 7).
    const known = this.cachedEstimate(compiled.estimateKey);
    const counting = known === undefined || known <= EXACT_COUNT_THRESHOLD;
    // A repeated request reuses the count made under the table's current list version: the page
    // statement reads the version, and only a changed one costs a second round trip to count again.
    let reused = counting ? this.counts.get(compiled.estimateKey) : undefined;
    const run = (statement: BuiltQuery) =>
      database.read<{ version: string; total: number | null; rows?: string; n?: number }>(
        statement,
        true,
        scopeOf(actor),
      );
    let [result] = await run(counting && !reused ? compiled.counted : compiled.uncounted);
    if (reused && result?.version !== reused.version) {
      reused = undefined;
      [result] = await run(compiled.counted);
    }
    let total = reused?.total ?? result?.total ?? 0;
    if (counting && !reused && result) this.remember(compiled.estimateKey, result.version, total);
    let totalExact = counting && total <= EXACT_COUNT_THRESHOLD;
    if (!totalExact) {
      const estimate = known ?? (await this.estimate(database, compiled.matching, compiled.estimateKey));
      total = Math.max(total, estimate);
    }
    const n = result?.n;
    if (n !== undefined) {
      if (n < limit && (n > 0 || offset === 0)) {
        // A short page ends the result: the total is exact whatever the estimate said.
        total = offset + n;
        totalExact = true;
      } else {
        total = Math.max(total, offset + n);
      }
    }
    const meta: ListMetaOut = {
      page: query.page,
      limit: query.limit,
      total,
      totalPages: Math.ceil(total / limit),
      totalExact,
    };
    if (query.metadataOnly) return `{"meta":${JSON.stringify(meta)}}`;
    return `{"data":${result?.rows ?? '[]'},"meta":${JSON.stringify(meta)}}`;
  }

  /** `limit=-1`: every visible row up to the ceiling, else a clear 400 (DESIGN section 4). */
  private async listAll(database: Database, actor: Actor, query: ListQuery): Promise<string> {
    const { where, projection, order } = this.parts(actor, query);
    const [result] = await database.read<{ total: number; rows: string }>(
      sql`select count(*)::int as total, coalesce(json_agg(p), '[]'::json)::text as rows
          from (select ${projection} from ${this.def.table} where ${where} order by ${order} limit ${sql.raw(String(this.ceiling + 1))}) p`,
      false,
      scopeOf(actor),
    );
    const total = result?.total ?? 0;
    if (total > this.ceiling) {
      throw badRequest(
        `limit=-1 matches more than ${this.ceiling} rows; ask for pages or narrow the filter`,
        [{ in: 'querystring', path: 'limit', message: `more than ${this.ceiling} rows match` }],
      );
    }
    const meta = { page: 1, limit: -1, total, totalPages: total === 0 ? 0 : 1, totalExact: true };
    return `{"data":${result?.rows ?? '[]'},"meta":${JSON.stringify(meta)}}`;
  }

  /**
   * A shared read inside a tenant (its own rows or the platform's) as two index walks, each stopping
   * after the page's last row, appended under the table's name so the projection and ORDER BY apply
   * unchanged. As one `or`, the scope column no longer leads an equality and PostgreSQL walks the
   * whole index of the filter instead (15 ms instead of 0.1 ms over 100,000 rows).
   */
  private sharedPage(actor: Actor, query: ListQuery, rows: number): SQL | undefined {
    if (!this.def.tenant?.shared || actor.tenantId === null || query.metadataOnly) return undefined;
    const { table } = this.def;
    const branch = (part: SharedPart) => {
      const { where, order } = this.parts(actor, query, part);
      return sql`(select * from ${table} where ${where} order by ${order} ${sql.raw(`limit ${rows}`)})`;
    };
    return sql`(${branch('tenant')} union all ${branch('platform')}) as ${table}`;
  }

  private compile(key: string, actor: Actor, query: ListQuery): CompiledList {
    const { table } = this.def;
    const { where, projection, order } = this.parts(actor, query);
    const limit = query.limit === -1 ? this.ceiling : query.limit;
    const offset = (query.page - 1) * limit;
    const matchingSql = sql`select 1 from ${table} where ${where}`;
    const countSql = sql`(select count(*)::int from (${matchingSql} limit ${COUNT_CAP}) c)`;
    // Limit and a zero offset are written as literals (validated integers, never request text): with them
    // as parameters the planner guesses 10% of the table and re-plans every call instead of caching a plan.
    const window =
      offset === 0 ? sql.raw(`limit ${limit}`) : sql`${sql.raw(`limit ${limit}`)} offset ${offset}`;
    const version = this.versionSql;
    const source = this.sharedPage(actor, query, offset + limit) ?? sql`${table} where ${where}`;
    const page = (total: SQL) =>
      toQuery(
        projection
          ? sql`select ${version} as version, ${total} as total, coalesce(json_agg(p), '[]'::json)::text as rows, count(*)::int as n
                from (select ${projection} from ${source} order by ${order} ${window}) p`
          : sql`select ${version} as version, ${total} as total`,
      );
    const matching = toQuery(matchingSql);
    const compiled: CompiledList = {
      counted: page(countSql),
      uncounted: page(sql`null::int`),
      matching,
      estimateKey: `${matching.sql}\u0000${JSON.stringify(matching.params)}`,
      limit,
      offset,
    };
    if (this.statements.size >= STATEMENT_CACHE_SIZE)
      this.statements.delete(this.statements.keys().next().value as string);
    this.statements.set(key, compiled);
    return compiled;
  }

  /**
   * Called after a committed write of `rows` rows: forgets this process's estimates and, once the
   * rows written since the last refresh reach 10% of the table (or it was never analysed), refreshes
   * the planner's statistics (db/migrate.ts, nexus_analyze) so estimated totals stay near the truth.
   */
  async afterWrite(database: Database, rows: number): Promise<void> {
    if (rows === 0) return;
    this.estimates.clear();
    this.writtenSinceAnalyze += rows;
    if (this.writtenSinceAnalyze < ANALYZE_MIN_ROWS) return;
    const table = getTableName(this.def.table);
    const [stats] = await database.read<{ tuples: number }>(
      sql`select reltuples::float8 as tuples from pg_class where oid = to_regclass(${table})`,
    );
    const tuples = Number(stats?.tuples ?? -1);
    if (tuples >= 0 && this.writtenSinceAnalyze < tuples * ANALYZE_SHARE) return;
    this.writtenSinceAnalyze = 0;
    await database.read(sql`select nexus_analyze(to_regclass(${table}))`);
  }

  /** The table's list version as text; the table name is a literal so the statement plans once. */
  private get versionSql(): SQL {
    const name = getTableName(this.def.table).replaceAll("'", "''");
    return sql.raw(`coalesce((select version from list_versions where table_name = '${name}'), 0)::text`);
  }

  private remember(key: string, version: string, total: number): void {
    if (this.counts.size >= STATEMENT_CACHE_SIZE)
      this.counts.delete(this.counts.keys().next().value as string);
    this.counts.set(key, { version, total });
  }

  private cachedEstimate(key: string): number | undefined {
    const cached = this.estimates.get(key);
    return cached && Date.now() - cached.at < ESTIMATE_TTL_MS ? cached.rows : undefined;
  }

  /** The planner's row estimate (as PostgREST's planned count), cached briefly per query and values. */
  private async estimate(database: Database, matching: BuiltQuery, key: string): Promise<number> {
    const now = Date.now();
    const [plan] = await database.read<{ 'QUERY PLAN': unknown }>({
      sql: `explain (format json) ${matching.sql}`,
      params: matching.params,
    });
    const raw = plan?.['QUERY PLAN'];
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }];
    const rows = Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
    if (this.estimates.size >= ESTIMATE_CACHE_SIZE)
      this.estimates.delete(this.estimates.keys().next().value as string);
    this.estimates.set(key, { at: now, rows });
    return rows;
  }

  /** One row as ready-made JSON, or a 404 (also for another tenant's row, which must not be confirmed). */
  async getOne(
    database: Database,
    actor: Actor,
    id: number,
    query: Pick<ListQuery, 'fields' | 'filterFields'>,
  ): Promise<string> {
    const where = and(
      sql`${this.id} = ${id}`,
      this.scope(actor, true),
      this.catalog.filter(query.filterFields),
    );
    const projection = this.catalog.projectionOf(query.fields);
    const [result] = await database.read<{ row: string }>(
      sql`select row_to_json(p)::text as row from (select ${projection} from ${this.def.table} where ${where}) p`,
      true,
      scopeOf(actor),
    );
    if (!result) throw notFound(`${this.def.entity} not found`);
    return `{"data":${result.row}}`;
  }

  private toRow(input: Row): Row {
    const { created_by: _c, modified_by: _m, deleted_by: _d, ...fields } = input;
    return this.def.toRow ? this.def.toRow(fields) : fields;
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
      if (this.def.tenant) {
        // A row `prepare` placed on the platform stays there (an enrolment in a platform program, made
        // inside a tenant); any other value is the caller's own scope, never one named by the body.
        const placed = this.def.tenant.ownPlatformRows && row[this.def.tenant.column.name] === null;
        row[this.def.tenant.column.name] = placed ? null : actor.tenantId;
      }
      return { ...row, created_by: actor.userId, modified_by: actor.userId };
    });
    const inserted = (await inScope(db, scopeOf(actor), async (tx) => {
      const out = (await tx
        .insert(this.def.table)
        .values(rows as never)
        .returning(this.returning)) as Row[];
      const label = out.length === 1 ? labelOf(out[0] as Row) : undefined;
      await this.recordChange(tx, actor, 'create', out, label ? { label } : undefined);
      return out;
    })) as Row[];
    return inserted;
  }

  async update(db: DbOrTx, actor: Actor, id: number, input: Row): Promise<Row> {
    const row = this.toRow(input);
    if (this.def.owner && !this.def.owner.exempt(actor) && row[this.def.owner.field] !== undefined) {
      this.stampOwner(actor, row);
    }
    const updated = (await inScope(db, scopeOf(actor), async (tx) => {
      const out = (await tx
        .update(this.def.table)
        .set({ ...row, modified_by: actor.userId, modified_at: sql`now()` } as never)
        .where(and(eq(this.id, id), this.scope(actor, false)))
        .returning(this.returning)) as Row[];
      const label = out[0] ? labelOf(out[0]) : undefined;
      if (out[0]) this.def.changed?.([id]);
      await this.recordChange(tx, actor, 'update', out, {
        fields: Object.keys(row).sort(),
        ...(label ? { label } : {}),
      });
      return out;
    })) as Row[];
    const [first] = updated;
    if (!first) throw notFound(`${this.def.entity} ${id} not found`);
    return first;
  }

  /** Soft delete (DESIGN section 4): is_deleted, deleted_by and deleted_at; the row leaves every list. */
  async remove(db: DbOrTx, actor: Actor, ids: number[]): Promise<Row[]> {
    const unique = [...new Set(ids)];
    const deleted = (await inScope(db, scopeOf(actor), async (tx) => {
      const out = (await tx
        .update(this.def.table)
        .set({
          is_deleted: true,
          deleted_by: actor.userId,
          deleted_at: sql`now()`,
          modified_by: actor.userId,
        } as never)
        .where(and(inArray(this.id, unique), this.scope(actor, false)))
        .returning(this.returning)) as Row[];
      // Thrown inside the transaction, so a partly found bulk delete writes nothing, its event included.
      if (out.length !== unique.length) {
        const found = new Set(out.map((row) => row[this.def.idColumn]));
        const missing = unique.filter((id) => !found.has(id));
        throw notFound(`${this.def.entity} not found: ${missing.join(', ')}`);
      }
      this.def.changed?.(unique);
      await this.recordChange(tx, actor, 'delete', out);
      return out;
    })) as Row[];
    return deleted;
  }

  /** The change's audit event (http/audit.ts); nothing when no row changed. */
  private async recordChange(
    tx: Tx,
    actor: Actor,
    action: AuditAction,
    rows: Row[],
    details?: Record<string, unknown>,
  ) {
    if (rows.length === 0 || this.def.audited === false) return;
    const ids = rows.map((row) => row[this.def.idColumn] as number);
    await recordAudit(tx, actor, { action, entity: getTableName(this.def.table), ids, details });
  }
}
