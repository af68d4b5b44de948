// Run by embedded-guard.test.ts in a process of its own: if the guard fails, PGlite spins forever in
// this process, and the test kills it instead of hanging.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';

const reports: { error: string; statement: string | undefined }[] = [];
const database = await openDatabase({
  memory: true,
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
const before = await outcome(() => database.db.execute(sql`select 41 + 1 as answer`));
// 'z' is no frontend message type: PostgreSQL ends the session (FATAL), as it does when it loses
// the protocol's thread, and PGlite's loop would call the dead backend again forever.
const fatal = await outcome(() => client.execProtocolRaw(new Uint8Array([0x7a, 0, 0, 0, 4])));
const after = await outcome(() => database.db.execute(sql`select 1`));
const ping = await database.ping();
await database.close();
console.log(JSON.stringify({ before, fatal, after, ping, reports }));
