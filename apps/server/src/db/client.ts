import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { type PgDatabase, PgDialect, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type EmbeddedFailure, guardEmbeddedBackend } from './embedded-guard';
import * as schema from './schema';
import { scopeSetting, type TenantScope } from './scope';

export type Schema = typeof schema;
/** One Drizzle API over both drivers (DESIGN section 1: one SQL dialect, two drivers). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export interface OpenDatabaseOptions {
  /** A PostgreSQL server; without it the embedded PGlite is used. */
  url?: string;
  /** Embedded files go under `$dataDir/pglite`. */
  dataDir?: string;
  /** Embedded and in memory (tests). */
  memory?: boolean;
  /** Start the embedded database from a dump (`dumpDataDir`), skipping initdb (tests). */
  loadDataDir?: Blob;
  /** Schema to use on a server (tests isolate each file in its own schema). */
  searchPath?: string;
  poolSize?: number;
  /** Called when an idle pooled connection fails (PostgreSQL restarted); the pool replaces it. */
  onPoolError?: (error: Error) => void;
  /**
   * Called once if the embedded database's backend stops (see `guardEmbeddedBackend`); every query
   * fails from then on, so a server should say why and exit.
   */
  onEmbeddedFailure?: (failure: EmbeddedFailure) => void;
}

export interface Database {
  db: Db;
  /**
   * The same database with row-level security opened to every tenant, for system paths that work
   * across tenants by design (seeding, metering, tests inspecting rows). Never for request handling.
   */
  system: Db;
  kind: 'pglite' | 'postgres';
  /** Schema the tables live in (`public` unless a test isolated itself). */
  schemaName: string;
  /**
   * Runs a read on the hot path. With `prepare`, PostgreSQL keeps the statement per connection
   * (named after its text), so a list shape is parsed and planned once, not on every request. With
   * `scope`, the row-level-security scope is set by the same statement (no extra round trip).
   */
  read<T>(query: SQL | BuiltQuery, prepare?: boolean, scope?: TenantScope): Promise<T[]>;
  /** True when `select 1` answers within two seconds. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const PING_TIMEOUT_MS = 2000;

/** The role the application's queries run as, so PostgreSQL row-level security applies to them. */
export const APP_ROLE = 'nexus_app';

/**
 * Switches a superuser connection to the application role (a superuser bypasses row-level security
 * even when it is forced). A non-superuser owner of the tables is already subject to it (FORCE).
 */
export const SET_APP_ROLE = `select set_config('role', '${APP_ROLE}', false)
  where current_setting('is_superuser') = 'on' and exists (select 1 from pg_roles where rolname = '${APP_ROLE}')`;
const dialect = new PgDialect();

export interface BuiltQuery {
  sql: string;
  params: unknown[];
}

/** The parameterised text of a query, as both drivers receive it. */
export function toQuery(query: SQL | BuiltQuery): BuiltQuery {
  return query instanceof SQL ? dialect.sqlToQuery(query) : query;
}
/**
 * The statement with its row-level-security scope set first, in the same round trip: `set_config(...,
 * true)` lasts for the statement's own transaction, and the lateral reference makes PostgreSQL run it
 * before it reads a row of the query. A second table joined in the query can be read earlier (a
 * pulled-up join, a hash build), before the scope is set: join such tables through a lateral
 * subquery kept apart with `offset 0`, or use `inScope`.
 */
function scoped(built: BuiltQuery, scope: TenantScope | undefined): BuiltQuery {
  if (scope === undefined) return built;
  const n = built.params.length + 1;
  return {
    sql: `select q.* from (select set_config('app.tenant_id', $${n}, true) as scope_set) s cross join lateral (select * from (${built.sql}) o where s.scope_set is not null) q`,
    params: [...built.params, scopeSetting(scope)],
  };
}

/** Distinct list shapes kept prepared per connection; beyond this, statements are planned each time. */
const MAX_PREPARED = 2000;

/**
 * How close a typed word must be to a word of a program name for the typo-tolerant search (the
 * `<%` operator of pg_trgm, whose index scan reads this setting): 0.5 lets a letter missing, added
 * or wrong through in words of five letters and more ("nexis" finds "Nexus"); pg_trgm's own 0.6
 * misses most of those. Set per connection, before the extension is loaded (a placeholder).
 */
const TRIGRAM_THRESHOLD = 'pg_trgm.word_similarity_threshold = 0.5';

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.url) return openPostgres(options.url, options);
  return openPglite(options);
}

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  let client: PGlite;
  // pg_trgm (typo-tolerant search, migration 0015) and btree_gin (filters inside a trigram index,
  // migration 0040) are loadable extensions in PGlite.
  const extensions = { btree_gin, pg_trgm };
  if (options.memory || !options.dataDir) {
    client = new PGlite(
      options.loadDataDir ? { loadDataDir: options.loadDataDir, extensions } : { extensions },
    );
  } else {
    const dir = join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { extensions });
  }
  await client.waitReady;
  guardEmbeddedBackend(client, options.onEmbeddedFailure ?? (() => {}));
  await client.exec(`set time zone 'UTC'; set ${TRIGRAM_THRESHOLD}`);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const system = drizzlePglite({ client: acrossTenants(client), schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    system,
    kind: 'pglite',
    schemaName: 'public',
    async read<T>(query: SQL | BuiltQuery, _prepare?: boolean, scope?: TenantScope) {
      const built = scoped(toQuery(query), scope);
      return (await client.query<T>(built.sql, built.params)).rows;
    },
    ping: () => pingWith(db),
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<Database> {
  const settings = [
    '-c TimeZone=UTC',
    '-c statement_timeout=15000',
    `-c ${TRIGRAM_THRESHOLD.replace(' = ', '=')}`,
  ];
  if (options.searchPath) settings.push(`-c search_path=${options.searchPath}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    options: settings.join(' '),
    onConnect: async (client) => {
      await client.query(SET_APP_ROLE);
    },
  });
  const report = options.onPoolError ?? (() => {});
  // An unhandled 'error' event would crash the process when PostgreSQL restarts: the pool drops the
  // broken client and opens a new one on the next request (issue 2, part 3).
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  // A small pool of its own whose connections keep the all-tenants scope for their whole session.
  const systemPool = new pg.Pool({
    connectionString: url,
    max: 2,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 10_000,
    options: settings.join(' '),
    onConnect: async (client) => {
      await client.query(SET_APP_ROLE);
      await client.query(`select set_config('app.tenant_id', '*', false)`);
    },
  });
  systemPool.on('error', report);
  systemPool.on('connect', (client) => client.on('error', report));
  const system = drizzleNodePg({ client: systemPool, schema }) as unknown as Db;
  const names = new Map<string, string>();
  let closed = false;
  return {
    db,
    system,
    kind: 'postgres',
    schemaName: options.searchPath ?? 'public',
    async read<T>(query: SQL | BuiltQuery, prepare = false, scope?: TenantScope) {
      const built = scoped(toQuery(query), scope);
      let name: string | undefined;
      if (prepare) {
        name = names.get(built.sql);
        if (!name && names.size < MAX_PREPARED) {
          name = `nexus_${createHash('sha1').update(built.sql).digest('hex').slice(0, 24)}`;
          names.set(built.sql, name);
        }
      }
      const result = await pool.query({ text: built.sql, values: built.params as unknown[], name });
      return result.rows as T[];
    },
    ping: () => pingWith(db),
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([pool.end(), systemPool.end()]);
    },
  };
}

const ALL_TENANTS = `select set_config('app.tenant_id', '*', true)`;

/**
 * The embedded database has a single connection: its all-tenants view runs every statement in a
 * transaction that opens the scope first, so the setting never outlives it.
 */
function acrossTenants(client: PGlite): PGlite {
  type Query = PGlite['query'];
  const query = ((text: string, params?: unknown[], options?: unknown) =>
    client.transaction(async (tx) => {
      await tx.query(ALL_TENANTS);
      return tx.query(text, params, options as never);
    })) as Query;
  const transaction = (<T>(work: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<T>) =>
    client.transaction(async (tx) => {
      await tx.query(ALL_TENANTS);
      return work(tx);
    })) as PGlite['transaction'];
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === 'query') return query;
      if (key === 'transaction') return transaction;
      const value = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function pingWith(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Rows of a raw query, whichever driver ran it. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
