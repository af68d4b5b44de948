// `npm run messaging -w @nexus/bench`: a message to a 100-member group (issue 16, "Tests and figures").
// Every member has a socket (socket.io-client, signed in by a session cookie); each round one member
// posts to the group through the API and the time until every member's socket has the emit is
// measured from the moment the write's response arrives (and, as an upper bound, from its request).
// Once on one process, and once with the sockets on process A and the writes made on process B, both on
// one PostgreSQL and one Redis. Senders rotate, so the per-sender flood limit is never what is measured.
//   DATABASE_URL  PostgreSQL for the two-process run (a database of its own beside it); unset: embedded
//                 database, one process only.     REDIS_URL  Redis for the two-process run.
//   BENCH_MEMBERS (100)   BENCH_MESSAGES (30)   BENCH_PORT first port (8140)

import { performance } from 'node:perf_hooks';
import { AUTH_COOKIE, CONVERSATIONS_API, MESSAGES_API, type RealtimeMessage } from '@nexus/contracts';
import { createSession } from '@nexus/server/auth/sessions';
import { openDatabase } from '@nexus/server/db';
import { tenants, userRoles, users } from '@nexus/server/db/schema';
import { eq } from 'drizzle-orm';
import {
  embeddedStore,
  type Product,
  postgresStore,
  type Store,
  seedStore,
  startProduct,
  TENANT_NAME,
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

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 8140);
const P99_BUDGET_MS = 150;
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

interface Member {
  userId: number;
  cookie: string;
}

/**
 * The group's members straight into the store before the product starts (an embedded database has one
 * owner at a time): users of the demo institute, each with a session as a sign-in would make it.
 */
async function makeMembers(store: Store): Promise<Member[]> {
  const database = await openDatabase(
    store.env.DATABASE_URL ? { url: store.env.DATABASE_URL } : { dataDir: store.env.DATA_DIR },
  );
  try {
    const [tenant] = await database.system.select().from(tenants).where(eq(tenants.tenant_name, TENANT_NAME));
    if (!tenant) throw new Error(`the demo tenant ${TENANT_NAME} is missing`);
    const stamp = Date.now().toString(36);
    const rows = await database.system
      .insert(users)
      .values(
        Array.from({ length: MEMBERS }, (_, i) => ({
          username: `bench_member_${stamp}_${i}`,
          email: `bench-member-${stamp}-${i}@nexus.local`,
          first_name: 'Bench',
          last_name: `Member ${i}`,
          email_verified: true,
        })),
      )
      .returning({ user_id: users.user_id });
    await database.system
      .insert(userRoles)
      .values(rows.map((row) => ({ user_id: row.user_id, role_id: 15, tenant_id: tenant.tenant_id })));
    const members: Member[] = [];
    for (const row of rows) {
      const session = await createSession(database.system, row.user_id, {});
      members.push({ userId: row.user_id, cookie: `${AUTH_COOKIE}=${session.token}` });
    }
    return members;
  } finally {
    await database.close();
  }
}

async function post(base: string, member: Member, path: string, body: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { cookie: member.cookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as { data: Record<string, number> };
}

async function rounds(writer: string, members: Member[], listeners: Listener<number>[]): Promise<Delays> {
  const owner = members[0] as Member;
  const group = await post(writer, owner, `${CONVERSATIONS_API}/createConversation`, {
    type: 'group',
    title: 'Bench group',
    member_ids: members.slice(1).map((member) => member.userId),
  });
  const conversationId = group.data.conversation_id;
  const delays = newDelays();
  for (let round = 0; round < MESSAGES; round++) {
    const sender = members[round % members.length] as Member;
    const sent = performance.now();
    const created = await post(writer, sender, `${MESSAGES_API}/createMessage`, {
      conversation_id: conversationId,
      body: `Bench message ${round}`,
    });
    const responded = performance.now();
    delays.writeMs.push(responded - sent);
    const messageId = created.data.message_id as number;
    await waitForAll(listeners, (l) => l.arrivals.has(messageId), 2);
    for (const listener of listeners)
      recordArrival(delays, listener.arrivals.get(messageId), sent, responded);
  }
  return delays;
}

function report(label: string, delays: Delays): boolean {
  const summary = summarize(delays);
  // The budget holds for the whole path, the write included.
  const ok = summary.lost === 0 && summary.requestP99 < P99_BUDGET_MS;
  console.log(
    `${label.padEnd(34)} ${deliveryCells(summary)}  ${ok ? 'ok' : `OVER (p99 < ${P99_BUDGET_MS} ms)`}`,
  );
  return ok;
}

async function run(label: string, store: Store, env: Record<string, string>, twoProcesses: boolean) {
  const started: Product[] = [];
  const listeners: Listener<number>[] = [];
  try {
    const members = await makeMembers(store);
    const a = await startProduct(store, PORT, env);
    started.push(a);
    const b = twoProcesses ? await startProduct(store, PORT + 1, env) : a;
    if (twoProcesses) started.push(b);
    const messageCreated = (message: RealtimeMessage) =>
      message.type === 'message.created' ? Number(message.ids[1]) : undefined;
    listeners.push(
      ...(await openSockets(
        a.base,
        members.map((member) => member.cookie),
        messageCreated,
      )),
    );
    return report(label, await rounds(b.base, members, listeners));
  } finally {
    closeSockets(listeners);
    for (const product of started.reverse()) await product.stop();
  }
}

console.log(
  `group message fan-out: ${MEMBERS} members, one socket each, ${MESSAGES} messages (${MEMBERS * MESSAGES} deliveries)`,
);
console.log('delivery from the write\'s response; "req p99": from its request, the write included (budget)');
console.log(`${'run'.padEnd(34)}   p50 ms   p99 ms   max ms  req p99 ms  write ms  lost`);
let allOk = true;
const oneStore = databaseUrl ? await postgresStore(databaseUrl) : embeddedStore();
try {
  seedStore(oneStore);
  allOk = (await run(`one process (${oneStore.label})`, oneStore, {}, false)) && allOk;
  if (databaseUrl && redisUrl) {
    allOk =
      (await run('two processes + Redis (write on B)', oneStore, { REDIS_URL: redisUrl }, true)) && allOk;
  } else {
    console.log('two processes + Redis: skipped (set DATABASE_URL and REDIS_URL)');
  }
} finally {
  await oneStore.drop();
}
process.exit(allOk ? 0 : 1);
