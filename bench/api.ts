// `npm run bench:api`: the product as `npm start` runs it (scripts/start.mjs, a process of its own),
// signed in through /api/auth/signin, loaded through createMany, measured from outside with every
// route as a share of the same process's /readyz (issue 13). Once with default settings and once with
// NODE_ENV=production, then a production run at LOG_LEVEL=warn for what request logging costs.
// Embedded database by default; PostgreSQL too when DATABASE_URL is set (a database of its own beside it).
//   BENCH_DURATION  seconds per measured run (10)      BENCH_ROWS  menus and programs (100000)
//   BENCH_ONLY      embedded | postgres                 BENCH_PORT  first port (18181)
//   BENCH_MODES     default,production (both)           BENCH_ROUTES=learning  the tree and search only

import { type Loaded, loadData } from './api/load';
import {
  budget,
  type Figure,
  interleaved,
  measure,
  type Route,
  type SetupRequest,
  table,
} from './api/measure';
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
  TENANT_MEMBER,
} from './api/product';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const MODES = (process.env.BENCH_MODES ?? 'default,production').split(',');
const BUDGET = {
  listVsReady: 0.5,
  p99Ms: 50,
  profileVsReady: 0.6,
  profileP99Ms: 30,
  // Metering and menu-privilege checks cost at most 10% of the settings list's req/s.
  tenantVsMain: 0.9,
  treeVsReady: 0.2,
  searchVsReady: 0.4,
};

interface People {
  admin: SignedIn;
  member: SignedIn;
}

async function signInBoth(product: Product, loaded?: Loaded): Promise<People> {
  const admin = await signIn(product.base, ADMIN);
  const member = await signIn(product.base, TENANT_MEMBER);
  if (loaded) member.headers['x-tenant-id'] = String(loaded.tenantId);
  return { admin, member };
}

function routes(base: string, people: People, loaded: Loaded) {
  const list = new URLSearchParams({
    page: '1',
    limit: '10',
    filterFields: JSON.stringify({ menu_parent_id: loaded.parentId }),
    sortField: 'sort_order',
    sortOrder: 'desc',
  });
  const settings = new URLSearchParams({
    page: '1',
    limit: '10',
    filterFields: JSON.stringify({ theme: 'dark' }),
  });
  const listUrl = `${base}/operations/system/customMenus/getMenu?${list}`;
  const settingsUrl = `${base}/operations/user/userSettings/getUserSetting?${settings}`;
  const treeUrl = `${base}/api/program/programs/getCompleteProgram/${loaded.treeId}`;
  // A search never made before: 200 subjects x 10 page sizes in turn, so each comes back only after
  // 2,000 others, once the answer cache (1,000 answers) has let it go. No budget: it shows a miss.
  let sent = 0;
  const freshSearch: SetupRequest = (request) => {
    sent++;
    const limit = 10 + (Math.floor(sent / 200) % 10);
    return {
      ...request,
      path: `/api/program/programs/searchPrograms?search=subject${sent % 200}&limit=${limit}`,
    };
  };
  const { admin, member } = people;
  return {
    ready: { name: '/readyz (ceiling)', url: `${base}/readyz` },
    listAdmin: { name: 'list, platform admin', url: listUrl, headers: admin.headers },
    listMember: { name: 'list, tenant member', url: listUrl, headers: member.headers },
    profile: { name: '/auth/profile (session)', url: `${base}/auth/profile`, headers: member.headers },
    settingsMain: { name: 'settings, main platform', url: settingsUrl, headers: admin.headers },
    settingsTenant: { name: 'settings, tenant (metered)', url: settingsUrl, headers: member.headers },
    // As browsers load it (gzip), and as a client that refuses compression.
    tree: {
      name: 'program tree 10x10x10, gzip',
      url: treeUrl,
      headers: { ...member.headers, 'accept-encoding': 'gzip, deflate, br' },
    },
    treePlain: { name: 'program tree, uncompressed', url: treeUrl, headers: member.headers },
    search: {
      name: 'searchPrograms (repeated)',
      url: `${base}/api/program/programs/searchPrograms?search=subject17&limit=10`,
      headers: member.headers,
    },
    searchFresh: {
      name: 'searchPrograms, never repeated',
      url: `${base}/api/program/programs/searchPrograms`,
      headers: member.headers,
      setupRequest: freshSearch,
    },
  } satisfies Record<string, Route>;
}

async function measureProduct(title: string, product: Product, loaded: Loaded): Promise<void> {
  const people = await signInBoth(product, loaded);
  const r = routes(product.base, people, loaded);
  const learning = [
    await measure(r.tree),
    await measure(r.treePlain),
    await measure(r.search),
    await measure(r.searchFresh),
  ];
  if (process.env.BENCH_ROUTES === 'learning') {
    const ready = await measure(r.ready);
    table(title, ready, learning);
    learningBudgets(ready, learning);
    return;
  }
  const [ready, listAdmin, listMember] = (await interleaved(2, [r.ready, r.listAdmin, r.listMember])) as [
    Figure,
    Figure,
    Figure,
  ];
  const profile = await measure(r.profile);
  const [settingsMain, settingsTenant] = (await interleaved(2, [r.settingsMain, r.settingsTenant])) as [
    Figure,
    Figure,
  ];
  table(title, ready, [listAdmin, listMember, profile, settingsMain, settingsTenant, ...learning]);
  budget('list, platform admin', listAdmin, ready, BUDGET.listVsReady, BUDGET.p99Ms);
  budget('list, tenant member', listMember, ready, BUDGET.listVsReady, BUDGET.p99Ms);
  budget('/auth/profile', profile, ready, BUDGET.profileVsReady, BUDGET.profileP99Ms);
  budget('metering + privileges', settingsTenant, settingsMain, BUDGET.tenantVsMain);
  learningBudgets(ready, learning);
}

function learningBudgets(ready: Figure, [tree, treePlain, search, fresh]: Figure[]): void {
  budget('program tree, gzip', tree!, ready, BUDGET.treeVsReady, BUDGET.p99Ms);
  budget('program tree, uncompressed', treePlain!, ready, BUDGET.treeVsReady, BUDGET.p99Ms);
  budget('searchPrograms', search!, ready, BUDGET.searchVsReady, BUDGET.p99Ms);
  console.log(
    `searchPrograms never repeated (no budget): ${((fresh!.rps / ready.rps) * 100).toFixed(0)}% of /readyz, p99 ${fresh!.p99} ms`,
  );
}

/** What a client paging by totalPages sees right after the load (issue 13 point 4). */
async function printTotals(product: Product, people: People, loaded: Loaded): Promise<void> {
  for (const [label, filter] of [
    ['all menus', {}],
    ['menus of one parent', { menu_parent_id: loaded.parentId }],
  ] as const) {
    const query = new URLSearchParams({ metadataOnly: 'true', filterFields: JSON.stringify(filter) });
    const response = await fetch(`${product.base}/operations/system/customMenus/getMenu?${query}`, {
      headers: people.admin.headers,
    });
    console.log(
      `meta right after the load, ${label}: ${JSON.stringify(((await response.json()) as { meta: unknown }).meta)}`,
    );
  }
}

async function bench(store: Store, port: number): Promise<void> {
  try {
    seedStore(store);
    const loader = await startProduct(store, port, {});
    let loaded: Loaded;
    try {
      const people = await signInBoth(loader);
      const started = Date.now();
      loaded = await loadData(loader.base, people.admin, people.member, ROWS);
      console.log(
        `\n${store.label}: loaded ${ROWS} menus, ${ROWS} programs, ${(2 * ROWS) / 5} settings through createMany in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
      await printTotals(loader, await signInBoth(loader, loaded), loaded);
    } finally {
      await loader.stop();
    }
    for (const mode of MODES) {
      const env: Record<string, string> = mode === 'production' ? { NODE_ENV: 'production' } : {};
      const product = await startProduct(store, port, env);
      try {
        const before = product.logBytes();
        await measureProduct(`${store.label}, ${mode} settings (npm start)`, product, loaded);
        console.log(
          `log written during the runs: ${((product.logBytes() - before) / 1e6).toFixed(1)} MB (${product.logFile})`,
        );
      } finally {
        await product.stop();
      }
    }
    if (process.env.BENCH_ROUTES !== 'learning') await loggingCost(store, port, loaded);
  } finally {
    await store.drop();
  }
}

/** Request logging's cost: the list at LOG_LEVEL=info and at warn (no request lines), interleaved by process. */
async function loggingCost(store: Store, port: number, loaded: Loaded): Promise<void> {
  const runs: Record<string, Figure[]> = { info: [], warn: [] };
  for (let round = 0; round < 2; round++) {
    for (const level of ['info', 'warn']) {
      const product = await startProduct(store, port, { NODE_ENV: 'production', LOG_LEVEL: level });
      try {
        const r = routes(product.base, await signInBoth(product, loaded), loaded);
        runs[level]!.push(await measure(r.listAdmin));
      } finally {
        await product.stop();
      }
    }
  }
  const mean = (figures: Figure[]) => figures.reduce((sum, f) => sum + f.rps, 0) / figures.length;
  const info = mean(runs.info!);
  const warn = mean(runs.warn!);
  console.log(
    `request logging (production, list as platform admin): ${info.toFixed(0)} req/s at LOG_LEVEL=info, ${warn.toFixed(0)} at warn: one JSON line per request costs ${(((warn - info) / warn) * 100).toFixed(0)}% of req/s`,
  );
}

const only = process.env.BENCH_ONLY;
const firstPort = Number(process.env.BENCH_PORT ?? 18181);
if (only !== 'postgres') await bench(embeddedStore(), firstPort);
if (process.env.DATABASE_URL && only !== 'embedded')
  await bench(await postgresStore(process.env.DATABASE_URL), firstPort + 1);
else if (only !== 'embedded')
  console.log('\nDATABASE_URL is unset: PostgreSQL figures skipped (set it to measure the budget).');
