// `npm run realtime -w @nexus/bench`: socket fan-out (issue 15 point 3). 1,000 sockets opened with
// socket.io-client on the product as `npm start` runs it, signed in through /api/auth/signin; one emit
// reaches all of them, and the delivery time of each socket is measured from the moment the write
// that emits is sent (so the figure includes that request). Once on one process, and once with the
// sockets on process A and the write made on process B, both on one PostgreSQL and one Redis.
// Beside it, the same process's /readyz req/s (the platform ceiling), as bench/api.ts prints it.
//   DATABASE_URL  PostgreSQL for the two-process run (a database of its own beside it); unset: embedded
//                 database, one process only.     REDIS_URL  Redis for the two-process run.
//   BENCH_SOCKETS (1000)   BENCH_EMITS (10)   BENCH_PORT first port (8133)

import { performance } from 'node:perf_hooks';
import type { RealtimeMessage } from '@nexus/contracts';
import { measure } from './api/measure';
import {
  ADMIN,
  embeddedStore,
  type Product,
  postgresStore,
  type SignedIn,
  type Store,
  seedStore,
  signIn,
  startProduct,
} from './api/product';
import {
  closeSockets,
  type Delays,
  deliveryCells,
  type Listener,
  newDelays,
  openSockets,
  recordArrival,
  summarize,
  waitForAll,
} from './api/sockets';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const EMITS = Number(process.env.BENCH_EMITS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 8133);
const P99_BUDGET_MS = 100;
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

/**
 * One emit per round: a custom role created on `writer` changes privileges, and the server tells
 * every signed-in socket. The role's id is not in the message, so rounds are told apart by order:
 * each waits until every socket has its message (or 5 s) before the next.
 */
async function fanOut(writer: string, who: SignedIn, listeners: Listener<string>[]): Promise<Delays> {
  const delays = newDelays();
  for (let round = 0; round < EMITS; round++) {
    for (const listener of listeners) listener.arrivals.clear();
    const sent = performance.now();
    const response = await fetch(`${writer}/operations/user/customRole/create`, {
      method: 'POST',
      headers: { ...who.headers, origin: writer, 'content-type': 'application/json' },
      body: JSON.stringify({ role_name: `fan-${Date.now()}-${round}`, display_name: 'Fan-out bench' }),
    });
    const responded = performance.now();
    if (response.status !== 201) throw new Error(`write failed: ${response.status} ${await response.text()}`);
    delays.writeMs.push(responded - sent);
    await waitForAll(listeners, (l) => l.arrivals.size > 0, 5);
    for (const listener of listeners) {
      recordArrival(delays, [...listener.arrivals.values()][0], sent, responded);
    }
    // The change also makes every process re-read its sockets' sessions a second later; let it pass.
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
  return delays;
}

function report(label: string, delays: Delays, readyRps: number): boolean {
  const summary = summarize(delays);
  const ok = summary.lost === 0 && summary.p99 < P99_BUDGET_MS;
  console.log(
    `${label.padEnd(34)} ${deliveryCells(summary)} ${readyRps.toFixed(0).padStart(11)}  ${
      ok ? 'ok' : `OVER (p99 < ${P99_BUDGET_MS} ms)`
    }`,
  );
  return ok;
}

async function run(
  label: string,
  store: Store,
  env: Record<string, string>,
  twoProcesses: boolean,
): Promise<boolean> {
  const started: Product[] = [];
  const listeners: Listener<string>[] = [];
  try {
    const a = await startProduct(store, PORT, env);
    started.push(a);
    const b = twoProcesses ? await startProduct(store, PORT + 1, env) : a;
    if (twoProcesses) started.push(b);
    const ceiling = await measure({ name: '/readyz', url: `${a.base}/readyz` });
    const who = await signIn(a.base, ADMIN);
    // In batches of 100, as page loads would arrive, rather than 1,000 handshakes in one tick.
    const cookies = Array.from({ length: SOCKETS }, () => who.headers.cookie ?? '');
    const privilegesChanged = (message: RealtimeMessage) =>
      message.type === 'privileges.changed' ? String(message.ids[0] ?? '') : undefined;
    listeners.push(...(await openSockets(a.base, cookies, privilegesChanged, 100)));
    const delays = await fanOut(b.base, who, listeners);
    return report(label, delays, ceiling.rps);
  } finally {
    closeSockets(listeners);
    for (const product of started.reverse()) await product.stop();
  }
}

console.log(`socket fan-out: one emit to ${SOCKETS} sockets, ${EMITS} emits (${SOCKETS * EMITS} deliveries)`);
console.log(
  'delivery from the emit (the write\'s response); "req p99": from the write\'s request, write included',
);
console.log(`${'run'.padEnd(34)}   p50 ms   p99 ms   max ms  req p99 ms  write ms  lost  /readyz r/s`);
let allOk = true;
const oneStore = databaseUrl ? await postgresStore(databaseUrl) : embeddedStore();
try {
  seedStore(oneStore);
  allOk = (await run(`one process (${oneStore.label})`, oneStore, {}, false)) && allOk;
  if (databaseUrl && redisUrl) {
    allOk =
      (await run('two processes + Redis (emit on B)', oneStore, { REDIS_URL: redisUrl }, true)) && allOk;
  } else {
    console.log('two processes + Redis: skipped (set DATABASE_URL and REDIS_URL)');
  }
} finally {
  await oneStore.drop();
}
process.exit(allOk ? 0 : 1);
