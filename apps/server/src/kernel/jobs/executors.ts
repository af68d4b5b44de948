import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { DbOrTx } from '../../db/client';

/** What pg-boss needs of a database (its `db` option): one statement, or a script without values. */
export interface Executor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** pg-boss wraps its maintenance scripts in BEGIN ... COMMIT and sends them as one text. */
const TRANSACTION_SCRIPT = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/i;

type Result = { rows: unknown[] };
const lastOf = (results: Result | Result[]): Result =>
  Array.isArray(results) ? (results[results.length - 1] ?? { rows: [] }) : results;

/**
 * pg-boss on the embedded database. PGlite's `query` takes one statement with values; scripts go
 * through `exec`. A BEGIN ... COMMIT script runs inside PGlite's own transaction instead, so a failure
 * half-way is rolled back at once: the single connection is shared with every request and must never
 * be left inside an aborted transaction.
 */
export function pgliteExecutor(client: PGlite): Executor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      const script = TRANSACTION_SCRIPT.exec(text);
      if (script) {
        const body = withoutIdleTimeout(script[1]!);
        return client.transaction(async (tx) => lastOf(await tx.exec(body)));
      }
      return lastOf(await client.exec(text));
    },
  };
}

const IDLE_TIMEOUT = /^\s*SET\s+LOCAL\s+idle_in_transaction_session_timeout\s*=\s*'[^']*'\s*;/gim;

/**
 * pg-boss's maintenance scripts end a session left idle in their transaction for 30 seconds, so a
 * stuck worker's connection cannot hold its lock for ever. PostgreSQL does that with a FATAL error,
 * and the embedded database has one session, the whole server's: PGlite's backend exits and every
 * query after it fails (db/embedded-guard.ts). With one session there is no other connection to
 * protect, so the timeout is left out; the lock timeout, an ordinary error, stays.
 */
export function withoutIdleTimeout(script: string): string {
  return script.replace(IDLE_TIMEOUT, '');
}

/**
 * pg-boss's statements with values, prepared once per connection under a name of their text: its
 * job insert (a join with the queue table into a partitioned table) costs about a millisecond to
 * plan afresh, three times what it costs to run, and every registration or post enqueues some.
 */
function prepared(text: string, values: unknown[]): pg.QueryConfig {
  return { name: `pgboss_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`, text, values };
}

/** pg-boss on a PostgreSQL pool; a transaction script gets a connection of its own and a rollback on failure. */
export function poolExecutor(pool: pg.Pool): Executor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return (await pool.query(prepared(text, values))) as unknown as Result;
      if (!TRANSACTION_SCRIPT.test(text)) {
        return lastOf((await pool.query(text, values)) as unknown as Result | Result[]);
      }
      const client = await pool.connect();
      try {
        return lastOf((await client.query(text)) as unknown as Result | Result[]);
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

/** pg-boss on one connection (the migrating one, which owns the tables). */
export function clientExecutor(client: pg.PoolClient): Executor {
  return {
    async executeSql(text, values) {
      return lastOf((await client.query(text, values)) as unknown as Result | Result[]);
    },
  };
}

/**
 * pg-boss inside a Drizzle transaction (or on the Drizzle database), whichever driver: the `$n`
 * placeholders of pg-boss's text become Drizzle parameters, so `send` runs on the transaction's own
 * connection and a rolled-back write leaves no job behind.
 */
export function drizzleExecutor(db: DbOrTx): Executor {
  // On node-postgres the transaction's own connection (or the pool) prepares the statement.
  const client = (db as unknown as { session?: { client?: { release?: unknown; totalCount?: unknown } } })
    .session?.client;
  const nodePostgres =
    client !== undefined && (typeof client.release === 'function' || typeof client.totalCount === 'number');
  return {
    async executeSql(text, values = []) {
      if (nodePostgres && values.length > 0) {
        return (await (client as unknown as pg.Pool).query(prepared(text, values))) as unknown as Result;
      }
      const chunks: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, match.index)));
        chunks.push(sql`${sql.param(values[Number(match[1]) - 1])}`);
        last = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const result = (await db.execute(sql.join(chunks, sql.raw('')))) as unknown as Result;
      return { rows: result.rows };
    },
  };
}
