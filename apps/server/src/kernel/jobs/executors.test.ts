import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteExecutor, withoutIdleTimeout } from './executors';

// pg-boss's own wrapper of its maintenance commands, so the test follows the installed version.
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  locked(schema: string, query: string): string;
};
const client = new PGlite();
afterAll(() => client.close());

describe('pg-boss on the embedded database', () => {
  it('runs a maintenance script without its idle-in-transaction timeout, keeping its lock timeout', async () => {
    const script = plans.locked(
      'pgboss',
      `select current_setting('idle_in_transaction_session_timeout') as idle, current_setting('lock_timeout') as lock`,
    );
    expect(script).toMatch(/idle_in_transaction_session_timeout = '30s'/);
    const kept = withoutIdleTimeout(script);
    expect(kept).not.toMatch(/idle_in_transaction_session_timeout =/);
    expect(kept).toMatch(/SET LOCAL lock_timeout = '30s';/);
    expect(kept).toMatch(/pg_advisory_xact_lock/);

    const result = await pgliteExecutor(client).executeSql(script);
    expect(result.rows).toEqual([{ idle: '0', lock: '30s' }]);
    // The transaction's settings end with it.
    const after = await client.query<{ lock: string }>(`select current_setting('lock_timeout') as lock`);
    expect(after.rows).toEqual([{ lock: '0' }]);
  });
});
