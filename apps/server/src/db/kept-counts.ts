import { type SQL, sql } from 'drizzle-orm';
import type { Database } from './client';
import type { TenantScope } from './scope';

/** The text of a list version: the tables' counters (db/maintenance.ts) joined, as one value. */
export function listVersionSql(tables: readonly string[]): SQL {
  return sql.raw(
    tables
      .map((table) => `coalesce((select version from list_versions where table_name = '${table}'), 0)::text`)
      .join(` || '.' || `),
  );
}

interface Kept {
  version: string;
  total: number;
  at: number;
}

export interface KeptCountsOptions {
  /** The list's tables: a write to any of them (a new list version) voids the counts. */
  tables: readonly string[];
  /** Rows also leave a list with time (a closing date passing), which no write announces. */
  maxAgeMs?: number;
  /** The scope every statement runs in (the public searches read across tenants). */
  scope: TenantScope;
  size?: number;
  /**
   * Keeps pages too (see `keptPage`), at most this long: a kept page still costs the version's round
   * trip, but PostgreSQL no longer reads, joins and encodes the page's rows for every request.
   */
  keepPagesMs?: number;
}

export interface CountedPage<T> {
  rows: T[];
  /** The kept or fresh count (capped, as the count statement caps it). */
  counted: number;
  /** The list version the page was read under. */
  version: string;
}

/**
 * Counts of a search kept while the list version of its tables holds, so a repeated search costs
 * its page alone: the page statement reads the version, and only a changed one costs a second round
 * trip to count again. Kept per database, since tests and benches open several in one process.
 */
export class KeptCounts {
  private readonly byDatabase = new WeakMap<Database, Map<string, Kept>>();
  private readonly pages: KeptPages<{ rows: string; counted: number }>;
  private readonly versionSql: SQL;

  constructor(private readonly options: KeptCountsOptions) {
    this.versionSql = listVersionSql(options.tables);
    this.pages = new KeptPages({
      tables: options.tables,
      maxAgeMs: options.keepPagesMs ?? 0,
      size: options.size,
    });
  }

  /** A count made for `key` that is still young enough; its version is checked by `page`. */
  known(database: Database, key: string): Kept | undefined {
    const kept = this.countsOf(database).get(key);
    if (kept && Date.now() - kept.at > (this.options.maxAgeMs ?? Number.POSITIVE_INFINITY)) return undefined;
    return kept;
  }

  /** Counts now (with the version it was made under) and keeps it. */
  async count(database: Database, key: string, countSql: SQL): Promise<Kept> {
    const [row] = await database.read<{ version: string; total: number }>(
      sql`select ${this.versionSql} as version, ${countSql} as total`,
      true,
      this.options.scope,
    );
    return this.remember(database, key, row?.version ?? '', row?.total ?? 0);
  }

  /**
   * The page (its rows as JSON, in one round trip with the version and, unless a kept count is still
   * valid, the count) and the count it goes with.
   */
  async page<T>(database: Database, key: string, countSql: SQL, pageSql: SQL): Promise<CountedPage<T>> {
    const read = await this.pageText(database, key, countSql, pageSql);
    return { rows: JSON.parse(read.rows) as T[], counted: read.counted, version: read.version };
  }

  /** `page` with its rows as the JSON text PostgreSQL made of them. */
  private async pageText(
    database: Database,
    key: string,
    countSql: SQL,
    pageSql: SQL,
  ): Promise<{ rows: string; counted: number; version: string }> {
    let known = this.known(database, key);
    const run = async (counting: boolean) => {
      const [row] = await database.read<{ version: string; total: number | null; rows: string }>(
        sql`select ${this.versionSql} as version, ${counting ? countSql : sql`null::int`} as total,
          (select coalesce(json_agg(x), '[]'::json)::text from (${pageSql}) x) as rows`,
        true,
        this.options.scope,
      );
      return row;
    };
    let result = await run(!known);
    if (known && result?.version !== known.version) {
      known = undefined;
      result = await run(true);
    }
    if (!known) known = this.remember(database, key, result?.version ?? '', result?.total ?? 0);
    return { rows: result?.rows ?? '[]', counted: known.total, version: known.version };
  }

  /**
   * `page`, answered from a page kept under the same list version when there is one young enough:
   * a write to any of the tables voids it at once (the version statement sees the new counter in the
   * same snapshot a fresh page would), time voids it after `keepPagesMs`. `pageKey` names the page:
   * whatever decides its rows (the count's key, the window, who may see what).
   */
  async keptPage<T>(
    database: Database,
    key: string,
    pageKey: string,
    countSql: SQL,
    pageSql: SQL,
  ): Promise<CountedPage<T>> {
    const kept = await this.pages.read(database, pageKey, async () => {
      const read = await this.pageText(database, key, countSql, pageSql);
      return { version: read.version, value: { rows: read.rows, counted: read.counted } };
    });
    return { rows: JSON.parse(kept.value.rows) as T[], counted: kept.value.counted, version: kept.version };
  }

  private countsOf(database: Database): Map<string, Kept> {
    let counts = this.byDatabase.get(database);
    if (!counts) {
      counts = new Map();
      this.byDatabase.set(database, counts);
    }
    return counts;
  }

  private remember(database: Database, key: string, version: string, total: number): Kept {
    const counts = this.countsOf(database);
    if (counts.size >= (this.options.size ?? 500)) counts.delete(counts.keys().next().value as string);
    const kept = { version, total, at: Date.now() };
    counts.set(key, kept);
    return kept;
  }
}

/**
 * The list meta of a page counted up to `cap`: a short page ends the list, so its total is exact
 * whatever a kept count says; past the cap the total is a lower bound (`totalExact` false).
 */
export function cappedMeta(page: number, limit: number, rows: number, counted: number, cap: number) {
  const offset = (page - 1) * limit;
  const ended = rows < limit && (rows > 0 || offset === 0);
  const total = ended ? offset + rows : Math.min(Math.max(counted, offset + rows), cap);
  const exact = ended || counted <= cap;
  return {
    page,
    limit,
    total,
    totalPages: Math.max(Math.ceil(total / limit), exact ? 0 : page),
    totalExact: exact,
  };
}

export interface KeptPagesOptions {
  /** The tables whose list versions the pages are read under. */
  tables: readonly string[];
  /** How long a page is kept at most (rows may leave or change with time alone). */
  maxAgeMs: number;
  size?: number;
}

/**
 * Pages of a list kept with the list version they were read under. A kept page still costs one
 * round trip, for the version, but PostgreSQL no longer reads, joins and encodes its rows for every
 * request: the version statement sees a write's new counter in the same snapshot a fresh page would,
 * so a write voids the page at once; time voids it after `maxAgeMs`. Kept per database, since tests
 * and benches open several in one process.
 */
export class KeptPages<V> {
  private readonly byDatabase = new WeakMap<
    Database,
    Map<string, { version: string; at: number; value: V }>
  >();
  private readonly versionSql: SQL;

  constructor(private readonly options: KeptPagesOptions) {
    this.versionSql = listVersionSql(options.tables);
  }

  /** The version text to read with a fresh page, in the same statement. */
  get version(): SQL {
    return this.versionSql;
  }

  /**
   * The page kept under `pageKey` when it is young and its version still holds, else `fresh()`'s
   * (kept for next time). `pageKey` names whatever decides the page's rows: its filters, its window
   * and who may see what.
   */
  async read(
    database: Database,
    pageKey: string,
    fresh: () => Promise<{ version: string; value: V }>,
  ): Promise<{ version: string; value: V }> {
    const kept = this.young(database, pageKey);
    if (kept && (await this.currentVersion(database)) === kept.version)
      return { version: kept.version, value: kept.value };
    const read = await fresh();
    this.keep(database, pageKey, read.version, read.value);
    return read;
  }

  /** The tables' list version now, for `readUnder` when nothing else is read before the page. */
  async currentVersion(database: Database): Promise<string> {
    // list_versions has no row-level security: the version needs no scope of its own.
    const [row] = await database.read<{ version: string }>(sql`select ${this.versionSql} as version`, true);
    return row?.version ?? '';
  }

  /**
   * `read` for a caller that read the version already, in a statement it needed anyway (an access
   * check): a fresh page read after it is kept under that version, which can only be older than the
   * page, so a write in between voids the page at the next request instead of hiding it.
   */
  async readUnder(database: Database, pageKey: string, version: string, fresh: () => Promise<V>): Promise<V> {
    const kept = this.young(database, pageKey);
    if (kept && kept.version === version) return kept.value;
    const value = await fresh();
    this.keep(database, pageKey, version, value);
    return value;
  }

  private young(database: Database, pageKey: string) {
    const kept = this.pagesOf(database).get(pageKey);
    return kept && Date.now() - kept.at <= this.options.maxAgeMs ? kept : undefined;
  }

  private keep(database: Database, pageKey: string, version: string, value: V): void {
    if (this.options.maxAgeMs <= 0) return;
    const pages = this.pagesOf(database);
    if (!pages.has(pageKey) && pages.size >= (this.options.size ?? 500))
      pages.delete(pages.keys().next().value as string);
    pages.set(pageKey, { version, value, at: Date.now() });
  }

  private pagesOf(database: Database) {
    let pages = this.byDatabase.get(database);
    if (!pages) {
      pages = new Map();
      this.byDatabase.set(database, pages);
    }
    return pages;
  }
}
