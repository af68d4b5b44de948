// Run by embedded-guard.test.ts in a process of its own: if the guard fails, PGlite spins forever in
// this process, and the test kills it instead of hanging.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../db/client';

const dataDir = mkdtempSync(join(tmpdir(), 'nexus-backend-exit-'));
const reports: { error: string; statement: string | undefined }[] = [];
const database = await openDatabase({
  dataDir,
  onEmbeddedFailure: ({ error, statement }) =>
    reports.push({ error: (error as { name?: string }).name ?? String(error), statement }),
});
const outcome = async (work: () => Promise<unknown>) =>
  work().then(
    () => 'answered',
    // Drizzle wraps a driver's error in its own ("Failed query: ..."), the driver's as its cause.
    (error: Error) => ((error.cause as Error | undefined) ?? error).message,
  );
const client = (
  database.db as unknown as { $client: { execProtocolRaw(message: Uint8Array): Promise<unknown> } }
).$client;
await database.db.execute(sql`create table kept (value text)`);
const before = await outcome(() => database.db.execute(sql`insert into kept values ('written before')`));
// 'z' is no frontend message type: PostgreSQL ends the session (FATAL), as it does when it loses
// the protocol's thread, and PGlite's loop would call the dead backend again forever.
const fatal = await outcome(() => client.execProtocolRaw(new Uint8Array([0x7a, 0, 0, 0, 4])));
const after = await outcome(() => database.db.execute(sql`select 1`));
const ping = await database.ping();
await database.close();
// Started again on the same files, as a supervisor would: what was committed is there.
const again = await openDatabase({ dataDir });
const kept = await queryRows<{ value: string }>(again.db, sql`select value from kept`);
await again.close();
rmSync(dataDir, { recursive: true, force: true });
console.log(JSON.stringify({ before, fatal, after, ping, reports, kept: kept.map((row) => row.value) }));
