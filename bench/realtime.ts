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
import { REALTIME_EVENT, REALTIME_PATH, type RealtimeMessage } from '@nexus/contracts';
import { io, type Socket } from 'socket.io-client';
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

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const EMITS = Number(process.env.BENCH_EMITS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 8133);
const P99_BUDGET_MS = 100;
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

interface Listener {
  socket: Socket;
  arrivals: Map<string, number>;
}

async function openSockets(base: string, who: SignedIn, count: number): Promise<Listener[]> {
  const listeners: Listener[] = [];
  // In batches, as page loads would arrive, rather than 1,000 handshakes in one tick.
  for (let start = 0; start < count; start += 100) {
    const batch = Array.from({ length: Math.min(100, count - start) }, () => {
      const socket = io(base, {
        path: REALTIME_PATH,
        transports: ['websocket'],
        extraHeaders: { cookie: who.headers.cookie ?? '', origin: base },
        reconnection: false,
        forceNew: true,
        timeout: 20_000,
      });
      const listener: Listener = { socket, arrivals: new Map() };
      socket.on(REALTIME_EVENT, (message: RealtimeMessage) => {
        if (message.type === 'privileges.changed')
          listener.arrivals.set(String(message.ids[0] ?? ''), performance.now());
      });
      return new Promise<Listener>((resolve, reject) => {
        socket.once('connect', () => resolve(listener));
        socket.once('connect_error', reject);
      });
    });
    listeners.push(...(await Promise.all(batch)));
  }
  return listeners;
}

/**
 * One emit per round: a custom role created on `writer` changes privileges, and the server tells
 * every signed-in socket. The role's id is not in the message, so rounds are told apart by order:
 * each waits until every socket has its message (or 5 s) before the next.
 */
interface Delays {
  /** From the write's response reaching the bench: the server emits once that response is sent. */
  fromEmit: number[];
  /** From the write's request leaving the bench: an upper bound, the write itself included. */
  fromRequest: number[];
  writeMs: number[];
}

async function fanOut(writer: string, who: SignedIn, listeners: Listener[]): Promise<Delays> {
  const delays: Delays = { fromEmit: [], fromRequest: [], writeMs: [] };
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
    const deadline = performance.now() + 5000;
    while (listeners.some((l) => l.arrivals.size === 0) && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    for (const listener of listeners) {
      const at = [...listener.arrivals.values()][0];
      delays.fromRequest.push(at === undefined ? Number.POSITIVE_INFINITY : at - sent);
      delays.fromEmit.push(at === undefined ? Number.POSITIVE_INFINITY : Math.max(0, at - responded));
    }
    // The change also makes every process re-read its sockets' sessions a second later; let it pass.
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
  return delays;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function report(label: string, delays: Delays, readyRps: number): boolean {
  const sorted = [...delays.fromEmit].sort((a, b) => a - b);
  const fromRequest = [...delays.fromRequest].sort((a, b) => a - b);
  const writes = [...delays.writeMs].sort((a, b) => a - b);
  const lost = sorted.filter((d) => !Number.isFinite(d)).length;
  const p99 = percentile(sorted, 99);
  const ok = lost === 0 && p99 < P99_BUDGET_MS;
  const cell = (value: number | undefined, width = 8) => (value ?? Number.NaN).toFixed(1).padStart(width);
  console.log(
    `${label.padEnd(34)} ${cell(percentile(sorted, 50))} ${cell(p99)} ${cell(sorted[sorted.length - 1])} ${cell(
      percentile(fromRequest, 99),
      10,
    )} ${cell(percentile(writes, 50), 9)} ${String(lost).padStart(5)} ${readyRps.toFixed(0).padStart(11)}  ${
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
  const listeners: Listener[] = [];
  try {
    const a = await startProduct(store, PORT, env);
    started.push(a);
    const b = twoProcesses ? await startProduct(store, PORT + 1, env) : a;
    if (twoProcesses) started.push(b);
    const ceiling = await measure({ name: '/readyz', url: `${a.base}/readyz` });
    const who = await signIn(a.base, ADMIN);
    listeners.push(...(await openSockets(a.base, who, SOCKETS)));
    const delays = await fanOut(b.base, who, listeners);
    return report(label, delays, ceiling.rps);
  } finally {
    for (const { socket } of listeners) socket.close();
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
