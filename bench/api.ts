// `npm run bench:api`: the proven list endpoint against two ceilings measured in the same run — a route
// that returns a constant, and a route that runs `select 1` through the same database pool (issue 2).
// Runs on the embedded database and, when DATABASE_URL is set, on PostgreSQL too.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const CONNECTIONS = 32;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const BUDGET = {
  listVsSelect1: 0.5,
  p99Ms: 50,
  profileVsSelect1: 0.6,
  profileP99Ms: 30,
  // Issue 4: metering and menu-privilege checks cost at most 10% of the list's req/s.
  tenantVsMain: 0.9,
  // Issue 5: the 10 x 10 x 10 program tree (four round trips) and searchPrograms over 100,000 programs.
  treeVsSelect1: 0.2,
  searchVsSelect1: 0.4,
};

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
): Promise<{ child: ChildProcess; sessionToken: string; treeId: string }> {
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
      const treeId = /BENCH TREE (\d+)/.exec(output)?.[1] ?? '';
      return { child, sessionToken, treeId };
    }
  }
  throw new Error('the bench server stopped before it was ready');
}

type SetupRequest = (request: { path?: string }) => { path?: string };

async function measure(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  setupRequest?: SetupRequest,
): Promise<Figure> {
  const requests = setupRequest ? [{ setupRequest }] : undefined;
  // A short warm-up fills the pool, JIT and the database caches before the measured run.
  await autocannon({ url, headers, requests, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, headers, requests, connections: CONNECTIONS, duration: DURATION_S });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const PAIR_ROUNDS = 3;

/**
 * Two variants of one endpoint, measured in alternating rounds and averaged: a ratio of a few percent
 * would otherwise drown in the drift of a shared machine between two consecutive runs.
 */
async function measurePair(...variants: [string, string, Record<string, string>][]): Promise<Figure[]> {
  const rounds = variants.map(() => [] as Figure[]);
  for (let round = 0; round < PAIR_ROUNDS; round++) {
    for (const [index, [name, url, headers]] of variants.entries()) {
      rounds[index]!.push(await measure(name, url, headers));
    }
  }
  return rounds.map((figures) => ({
    name: figures[0]!.name,
    rps: figures.reduce((sum, f) => sum + f.rps, 0) / figures.length,
    p50: Math.max(...figures.map((f) => f.p50)),
    p99: Math.max(...figures.map((f) => f.p99)),
    errors: figures.reduce((sum, f) => sum + f.errors, 0),
  }));
}

function report(database: string, figures: Figure[]): void {
  console.log(`\n${database}: ${CONNECTIONS} connections, ${DURATION_S} s each`);
  console.log('route                          req/s      p50 ms   p99 ms   errors');
  for (const f of figures) {
    console.log(
      `${f.name.padEnd(30)} ${f.rps.toFixed(0).padStart(8)} ${String(f.p50).padStart(8)} ${String(f.p99).padStart(8)} ${String(f.errors).padStart(8)}`,
    );
  }
}

/** Issue 5's budgets, printed for both databases (they bind on PostgreSQL). */
function budgets(
  select1: Figure,
  tree: Figure,
  treeUncompressed: Figure,
  search: Figure,
  freshSearch: Figure,
): void {
  for (const [figure, share, label] of [
    [tree, BUDGET.treeVsSelect1, 'program tree, gzip'],
    [treeUncompressed, BUDGET.treeVsSelect1, 'program tree, uncompressed'],
    [search, BUDGET.searchVsSelect1, 'searchPrograms'],
  ] as const) {
    const within = figure.rps / select1.rps >= share && figure.p99 < BUDGET.p99Ms && figure.errors === 0;
    console.log(
      `budget (${label} >= ${share * 100}% of select 1, p99 < ${BUDGET.p99Ms} ms): ${((figure.rps / select1.rps) * 100).toFixed(0)}%, ${within ? 'within' : 'MISSED'}`,
    );
  }
  console.log(
    `searchPrograms never repeated (no budget): ${((freshSearch.rps / select1.rps) * 100).toFixed(0)}% of select 1, p99 ${freshSearch.p99} ms`,
  );
}

async function run(database: 'embedded' | 'postgres', port: number): Promise<void> {
  const { child: server, sessionToken, treeId } = await startServer(database, port);
  try {
    const base = `http://127.0.0.1:${port}`;
    const list = new URLSearchParams({
      page: '1',
      limit: '10',
      filterFields: JSON.stringify({ menu_parent_id: 7 }),
      sortField: 'sort_order',
      sortOrder: 'desc',
    });
    const settings = new URLSearchParams({
      page: '1',
      limit: '10',
      filterFields: JSON.stringify({ theme: 'dark' }),
    });
    const settingsUrl = `${base}/operations/user/userSettings/getUserSetting?${settings}`;
    // A search never made before: 200 subjects x 10 page sizes (first pages), in turn, so each comes
    // back only after 2,000 others, after the answer cache (1,000 answers) has let it go. No budget: it
    // shows what a cache miss costs beside the repeated search the budget is set for.
    let sent = 0;
    const freshSearch: SetupRequest = (request) => {
      sent++;
      const limit = 10 + (Math.floor(sent / 200) % 10);
      return {
        ...request,
        path: `/api/program/programs/searchPrograms?search=subject${sent % 200}&limit=${limit}`,
      };
    };
    const treeUrl = `${base}/api/program/programs/getCompleteProgram/${treeId}`;
    const learning = async () => [
      // As browsers load it (every one sends Accept-Encoding: the answer is the cached gzip, 7.5 KB),
      // and as a client that refuses compression (166 KB, the bench client then reading most bytes).
      await measure('program tree 10x10x10, gzip', treeUrl, { 'accept-encoding': 'gzip, deflate, br' }),
      await measure('program tree, uncompressed', treeUrl),
      await measure(
        'searchPrograms (100k)',
        `${base}/api/program/programs/searchPrograms?search=subject17&limit=10`,
      ),
      await measure(
        'searchPrograms, never repeated',
        `${base}/api/program/programs/searchPrograms`,
        {},
        freshSearch,
      ),
    ];
    // BENCH_ROUTES=learning measures select 1, the tree and the search alone (quicker while tuning).
    if (process.env.BENCH_ROUTES === 'learning') {
      const figures = [await measure('select 1', `${base}/bench/select1`), ...(await learning())];
      report(database, figures);
      budgets(figures[0]!, figures[1]!, figures[2]!, figures[3]!, figures[4]!);
      return;
    }
    const figures = [
      await measure('constant', `${base}/bench/constant`),
      await measure('select 1', `${base}/bench/select1`),
      await measure('list (filter, sort, total)', `${base}/operations/system/customMenus/getMenu?${list}`),
      await measure('/auth/profile (session)', `${base}/auth/profile`, {
        cookie: `nexus_sid=${sessionToken}`,
      }),
      ...(await measurePair(
        ['settings, main platform', settingsUrl, { 'x-bench-actor': 'platform-admin' }],
        ['settings, tenant (metered)', settingsUrl, { 'x-bench-actor': 'tenant-member' }],
      )),
      ...(await learning()),
    ];
    const [
      constant,
      select1,
      listFigure,
      profileFigure,
      mainFigure,
      tenantFigure,
      treeFigure,
      treeUncompressedFigure,
      searchFigure,
      freshSearchFigure,
    ] = figures as [Figure, Figure, Figure, Figure, Figure, Figure, Figure, Figure, Figure, Figure];
    report(database, figures);
    const ratio = listFigure.rps / select1.rps;
    console.log(
      `list / select 1: ${(ratio * 100).toFixed(0)}%   list / constant: ${((listFigure.rps / constant.rps) * 100).toFixed(0)}%`,
    );
    const profileRatio = profileFigure.rps / select1.rps;
    console.log(`/auth/profile / select 1: ${(profileRatio * 100).toFixed(0)}%`);
    const tenantRatio = tenantFigure.rps / mainFigure.rps;
    console.log(
      `settings list with metering and menu privileges / without: ${(tenantRatio * 100).toFixed(0)}%`,
    );
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
      const tenantOk =
        tenantRatio >= BUDGET.tenantVsMain && tenantFigure.errors === 0 && mainFigure.errors === 0;
      console.log(
        `budget on PostgreSQL (metering + privileges cost <= ${Math.round((1 - BUDGET.tenantVsMain) * 100)}% of the list's req/s): ${tenantOk ? 'within' : 'MISSED'}`,
      );
    }
    budgets(select1, treeFigure, treeUncompressedFigure, searchFigure, freshSearchFigure);
  } finally {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
}

// BENCH_ONLY=postgres|embedded runs one database alone (quicker while tuning).
const only = process.env.BENCH_ONLY;
// BENCH_PORT moves the two servers (18181 and 18182 by default) when those ports are taken.
const firstPort = Number(process.env.BENCH_PORT ?? 18181);
if (only !== 'postgres') await run('embedded', firstPort);
if (process.env.DATABASE_URL && only !== 'embedded') await run('postgres', firstPort + 1);
else console.log('\nDATABASE_URL is unset: PostgreSQL figures skipped (set it to measure the budget).');
