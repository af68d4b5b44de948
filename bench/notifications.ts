// `npm run notifications -w @nexus/bench`: the inbox list (GET /api/notifications/notifications/
// getNotifications, its defaults) at 32 connections beside the same process's /readyz, interleaved in
// one run (issue 16: at least 40% of the ceiling, p99 under 50 ms). The product as `npm start` runs
// it; the inbox is filled the way users fill it: enrolments recorded as domain events.
//   BENCH_DURATION  seconds per measured run (10)     BENCH_PORT  port (18230)
//   BENCH_INBOX     notifications in the inbox (500)  BENCH_ONLY  embedded | postgres

import { budget, type Figure, interleaved, table } from './api/measure';
import {
  ADMIN,
  call,
  embeddedStore,
  postgresStore,
  type Store,
  seedStore,
  signIn,
  startProduct,
} from './api/product';

const INBOX = Number(process.env.BENCH_INBOX ?? 500);
const BUDGET = { listVsReady: 0.4, p99Ms: 50 };
/** A demo learner (db/seed/DEMO_ACCOUNTS.md) on the main platform. */
const LEARNER = { email: 'individual@nexus.local', password: 'Nexus-Demo-2026!' };
const BATCH = 100;

async function fillInbox(base: string): Promise<void> {
  const admin = await signIn(base, ADMIN);
  const learner = await signIn(base, LEARNER);
  for (let start = 0; start < INBOX; start += BATCH) {
    const count = Math.min(BATCH, INBOX - start);
    const created = await call<{ data: { program_id: number }[] }>(
      base,
      admin,
      'POST',
      '/api/program/programs/createMany',
      Array.from({ length: count }, (_, i) => ({
        program_name: `Inbox program ${start + i}`,
        status: 'published',
      })),
    );
    // Each enrolment records learning.enrolled; its handler puts one notification in the inbox.
    await call(
      base,
      learner,
      'POST',
      '/api/program/programs-enrolled/createMany',
      created.data.map((program) => ({ program_id: program.program_id })),
    );
  }
}

async function bench(store: Store, port: number): Promise<void> {
  try {
    seedStore(store);
    const product = await startProduct(store, port, { NODE_ENV: 'production' });
    try {
      const started = Date.now();
      await fillInbox(product.base);
      const learner = await signIn(product.base, LEARNER);
      const counts = await call<{ data: { unseen: number } }>(
        product.base,
        learner,
        'GET',
        '/api/notifications/notifications/getUnseenCount',
      );
      console.log(
        `\n${store.label}: ${counts.data.unseen} notifications in the inbox after ${((Date.now() - started) / 1000).toFixed(0)} s of enrolments`,
      );
      const [ready, list, unread, count] = (await interleaved(2, [
        { name: '/readyz (ceiling)', url: `${product.base}/readyz` },
        {
          name: 'inbox list (defaults)',
          url: `${product.base}/api/notifications/notifications/getNotifications`,
          headers: learner.headers,
        },
        {
          name: 'inbox list, unread, page 3',
          url: `${product.base}/api/notifications/notifications/getNotifications?state=unread&page=3&limit=20`,
          headers: learner.headers,
        },
        {
          name: 'bell count',
          url: `${product.base}/api/notifications/notifications/getUnseenCount`,
          headers: learner.headers,
        },
      ])) as [Figure, Figure, Figure, Figure];
      table(`${store.label}, production settings (npm start)`, ready, [list, unread, count]);
      budget('inbox list', list, ready, BUDGET.listVsReady, BUDGET.p99Ms);
      budget('inbox list, unread', unread, ready, BUDGET.listVsReady, BUDGET.p99Ms);
      budget('bell count', count, ready, BUDGET.listVsReady, BUDGET.p99Ms);
    } finally {
      await product.stop();
    }
  } finally {
    await store.drop();
  }
}

const only = process.env.BENCH_ONLY;
const port = Number(process.env.BENCH_PORT ?? 18230);
if (only !== 'postgres') await bench(embeddedStore(), port);
if (process.env.DATABASE_URL && only !== 'embedded')
  await bench(await postgresStore(process.env.DATABASE_URL), port + 1);
else if (only !== 'embedded') console.log('\nDATABASE_URL is unset: PostgreSQL figures skipped.');
