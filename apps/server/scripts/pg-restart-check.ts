// Shows the API surviving a PostgreSQL restart under load (issue 2 part 3). It builds the real app on
// DATABASE_URL in this process (with a test actor, since sign-in does not exist yet, so the list route
// really reads the database), drives steady load at /readyz and the menus list, restarts the local
// cluster, and prints a timeline of answers per half second.
// Run: npx tsx apps/server/scripts/pg-restart-check.ts
import { exec } from 'node:child_process';
import { promisify } from 'node:util';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nexus_dev';
const restart = process.env.PG_RESTART ?? 'pg_ctlcluster --skip-systemctl-redirect 15 main restart';
const port = Number(process.env.PORT ?? 8095);
const base = `http://127.0.0.1:${port}`;

let poolErrors = 0;
const database = await openDatabase({ url, onPoolError: () => poolErrors++ });
await migrate(database);
const app = await buildApp({
  database,
  resolveActor: () => ({ userId: 1, tenantId: null, isPlatformAdmin: true, roles: [] }),
});
await app.listen({ port, host: '127.0.0.1' });

const t0 = Date.now();
const slot = () => Math.floor((Date.now() - t0) / 500);
const buckets = new Map<number, Map<string, number>>();
async function hit(path: string, label: string) {
  let code = 0;
  try {
    const response = await fetch(base + path, { signal: AbortSignal.timeout(5000) });
    await response.arrayBuffer();
    code = response.status;
  } catch {
    code = 0;
  }
  const bucket = buckets.get(slot()) ?? new Map<string, number>();
  buckets.set(slot(), bucket);
  const key = `${label} ${code}`;
  bucket.set(key, (bucket.get(key) ?? 0) + 1);
}
let stop = false;
async function worker(path: string, label: string) {
  while (!stop) await hit(path, label);
}
const workers = [
  ...Array.from({ length: 4 }, () => worker('/readyz', 'readyz')),
  ...Array.from({ length: 4 }, () => worker('/operations/system/customMenus/getMenu?limit=5', 'list')),
];

await new Promise((r) => setTimeout(r, 2000));
const restartSlot = slot();
// Asynchronous on purpose: the server keeps answering while the cluster restarts.
await promisify(exec)(restart);
const returnedSlot = slot();
await new Promise((r) => setTimeout(r, 4000));
stop = true;
await Promise.all(workers);

console.log('time   answers (status: count)');
let firstBad: number | undefined;
let lastBad: number | undefined;
for (const [index, bucket] of [...buckets.entries()].sort((a, b) => a[0] - b[0])) {
  const bad = [...bucket.keys()].some((key) => !key.endsWith(' 200'));
  if (bad) {
    firstBad ??= index;
    lastBad = index;
  }
  const marks = `${index === restartSlot ? ' <- restart begins' : ''}${index === returnedSlot ? ' <- restart command returned' : ''}`;
  const line = [...bucket.entries()].map(([key, n]) => `${key}: ${n}`).join(', ');
  console.log(`${(index / 2).toFixed(1).padStart(5)}s ${line}${marks}`);
}
const alive = (await fetch(`${base}/readyz`)).status === 200;
console.log(
  `\npool connection errors handled: ${poolErrors}; process alive and ready after: ${alive};` +
    (firstBad === undefined
      ? ' no failed answers'
      : ` failures from ${(firstBad / 2).toFixed(1)}s to ${((lastBad! + 1) / 2).toFixed(1)}s (restart began at ${(restartSlot / 2).toFixed(1)}s)`),
);
await app.close();
await database.close();
