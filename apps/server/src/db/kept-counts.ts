import { type SQL, sql } from 'drizzle-orm';
import type { Database } from './client';

interface Kept {
  version: string;
  total: number;
  at: number;
}

/**
 * Counts of one table's lists kept while the table's list version holds (db/maintenance.ts: a
 * statement-level trigger bumps it in every writing transaction) and for at most `maxAgeMs`, for
 * lists whose rows also leave with the clock (an event that ends, a posting that closes), which no
 * write announces. Per database: tests and benches open several in one process.
 */
export class KeptCounts {
  private readonly byDatabase = new WeakMap<Database, Map<string, Kept>>();
  /** The table's list version as text (the name a literal, so the statement plans once). */
  readonly versionSql: SQL;

  constructor(
    table: string,
    private readonly maxAgeMs: number,
    private readonly size = 500,
  ) {
    this.versionSql = sql.raw(
      `coalesce((select version from list_versions where table_name = '${table.replaceAll("'", "''")}'), 0)::text`,
    );
  }

  /** A count still young enough to reuse if the version read with the page matches. */
  fresh(database: Database, key: string): Kept | undefined {
    const kept = this.byDatabase.get(database)?.get(key);
    return kept && Date.now() - kept.at <= this.maxAgeMs ? kept : undefined;
  }

  remember(database: Database, key: string, version: string, total: number): void {
    let counts = this.byDatabase.get(database);
    if (!counts) {
      counts = new Map();
      this.byDatabase.set(database, counts);
    }
    if (counts.size >= this.size) counts.delete(counts.keys().next().value as string);
    counts.set(key, { version, total, at: Date.now() });
  }
}
