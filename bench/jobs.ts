// `npm run jobs -w @nexus/bench`: job throughput of the product as `npm start` runs it (issue 15 point 2),
// on PostgreSQL (DATABASE_URL; a database of its own beside it), printed beside the same process's
// /readyz ceiling. The product works the queue (JOBS=on); the bench adds BENCH_JOBS no-op `jobs.ping`
// jobs straight into pg-boss's tables, as any number of API processes would, and times until every
// one is completed. Budget: at least 500 jobs/s.
//   BENCH_JOBS  jobs to run (20000)   BENCH_PORT  port (18191)   BENCH_DURATION  seconds for /readyz (10)
import PgBoss from 'pg-boss';
import { type Figure, measure, table } from './api/measure';
import { ADMIN, postgresStore, startProduct } from './api/product';

const JOBS = Number(process.env.BENCH_JOBS ?? 20_000);
const PORT = Number(process.env.BENCH_PORT ?? 18_191);
const BUDGET_JOBS_PER_S = 500;
const QUEUE = 'jobs.ping';

async function main() {
  if (!process.env.DATABASE_URL) {
    console.log('DATABASE_URL is unset: the job throughput is measured on PostgreSQL only (set it).');
    return;
  }
  const store = await postgresStore(process.env.DATABASE_URL);
  const product = await startProduct(store, PORT, {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_ADMIN_EMAIL: ADMIN.email,
    SEED_ADMIN_PASSWORD: ADMIN.password,
  });
  const boss = new PgBoss({ connectionString: store.env.DATABASE_URL, max: 4, migrate: false });
  boss.on('error', (error) => console.error(error));
  try {
    const ready = await measure({ name: '/readyz (ceiling)', url: `${product.base}/readyz` });
    await boss.start();
    const count = async () => {
      const rows = await boss
        .getDb()
        .executeSql(`select count(*)::int as n from pgboss.job where name = $1 and state = 'completed'`, [
          QUEUE,
        ]);
      return Number((rows.rows[0] as { n: number }).n);
    };
    const before = await count();
    const started = performance.now();
    for (let sent = 0; sent < JOBS; sent += 1000) {
      const batch = Array.from({ length: Math.min(1000, JOBS - sent) }, (_, i) => ({
        name: QUEUE,
        data: { n: sent + i },
      }));
      await boss.insert(batch);
    }
    const inserted = performance.now();
    const deadline = started + 300_000;
    while ((await count()) - before < JOBS) {
      if (performance.now() > deadline) throw new Error('the jobs were not all worked within 5 minutes');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seconds = (performance.now() - started) / 1000;
    const perSecond = JOBS / seconds;
    const jobs: Figure = { name: `${QUEUE} jobs worked (jobs/s)`, rps: perSecond, p50: 0, p99: 0, errors: 0 };
    table('PostgreSQL, NODE_ENV=production', ready, [jobs]);
    console.log(
      `\n${JOBS} jobs: enqueued in ${((inserted - started) / 1000).toFixed(2)} s, all completed after ${seconds.toFixed(2)} s`,
    );
    const ok = perSecond >= BUDGET_JOBS_PER_S;
    console.log(
      `${ok ? 'ok  ' : 'FAIL'} job throughput ${perSecond.toFixed(0)} jobs/s (budget >= ${BUDGET_JOBS_PER_S} jobs/s)`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await boss.stop({ graceful: false, wait: true }).catch(() => {});
    await product.stop();
    await store.drop();
  }
}

await main();
