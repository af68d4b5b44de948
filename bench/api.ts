// `npm run bench:api`: the proven list endpoint against two ceilings measured in the same run — a route
// that returns a constant, and a route that runs `select 1` through the same database pool (issue 2).
// Runs on the embedded database and, when DATABASE_URL is set, on PostgreSQL too.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const CONNECTIONS = 32;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const BUDGET = { listVsSelect1: 0.5, p99Ms: 50, profileVsSelect1: 0.6, profileP99Ms: 30 };

interface Figure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function startServer(
  database: 'embedded' | 'postgres',
  port: number,
): Promise<{ child: ChildProcess; sessionToken: string }> {
  const env = { ...process.env, BENCH_PORT: String(port), BENCH_DATABASE: database };
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('server.ts', import.meta.url))],
    {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout?.setEncoding('utf8');
  for await (const chunk of child.stdout!) {
    output += chunk;
    process.stdout.write(chunk);
    if (output.includes('BENCH READY')) {
      const sessionToken = /BENCH SESSION (\S+)/.exec(output)?.[1] ?? '';
      return { child, sessionToken };
    }
  }
  throw new Error('the bench server stopped before it was ready');
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Figure> {
  // A short warm-up fills the pool, JIT and the database caches before the measured run.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function run(database: 'embedded' | 'postgres', port: number): Promise<void> {
  const { child: server, sessionToken } = await startServer(database, port);
  try {
    const base = `http://127.0.0.1:${port}`;
    const list = new URLSearchParams({
      page: '1',
      limit: '10',
      filterFields: JSON.stringify({ menu_parent_id: 7 }),
      sortField: 'sort_order',
      sortOrder: 'desc',
    });
    const figures = [
      await measure('constant', `${base}/bench/constant`),
      await measure('select 1', `${base}/bench/select1`),
      await measure('list (filter, sort, total)', `${base}/operations/system/customMenus/getMenu?${list}`),
      await measure('/auth/profile (session)', `${base}/auth/profile`, {
        cookie: `nexus_sid=${sessionToken}`,
      }),
    ];
    const [constant, select1, listFigure, profileFigure] = figures as [Figure, Figure, Figure, Figure];
    console.log(`\n${database}: ${CONNECTIONS} connections, ${DURATION_S} s each`);
    console.log('route                          req/s      p50 ms   p99 ms   errors');
    for (const f of figures) {
      console.log(
        `${f.name.padEnd(30)} ${f.rps.toFixed(0).padStart(8)} ${String(f.p50).padStart(8)} ${String(f.p99).padStart(8)} ${String(f.errors).padStart(8)}`,
      );
    }
    const ratio = listFigure.rps / select1.rps;
    console.log(
      `list / select 1: ${(ratio * 100).toFixed(0)}%   list / constant: ${((listFigure.rps / constant.rps) * 100).toFixed(0)}%`,
    );
    const profileRatio = profileFigure.rps / select1.rps;
    console.log(`/auth/profile / select 1: ${(profileRatio * 100).toFixed(0)}%`);
    if (database === 'postgres') {
      const ok = ratio >= BUDGET.listVsSelect1 && listFigure.p99 < BUDGET.p99Ms && listFigure.errors === 0;
      console.log(
        `budget on PostgreSQL (list >= ${BUDGET.listVsSelect1 * 100}% of select 1, p99 < ${BUDGET.p99Ms} ms): ${ok ? 'within' : 'MISSED'}`,
      );
      const profileOk =
        profileRatio >= BUDGET.profileVsSelect1 &&
        profileFigure.p99 < BUDGET.profileP99Ms &&
        profileFigure.errors === 0;
      console.log(
        `budget on PostgreSQL (/auth/profile >= ${BUDGET.profileVsSelect1 * 100}% of select 1, p99 < ${BUDGET.profileP99Ms} ms): ${profileOk ? 'within' : 'MISSED'}`,
      );
    }
  } finally {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
}

// BENCH_ONLY=postgres|embedded runs one database alone (quicker while tuning).
const only = process.env.BENCH_ONLY;
if (only !== 'postgres') await run('embedded', 18181);
if (process.env.DATABASE_URL && only !== 'embedded') await run('postgres', 18182);
else console.log('\nDATABASE_URL is unset: PostgreSQL figures skipped (set it to measure the budget).');
