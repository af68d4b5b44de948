// `npm run ecosystem -w @nexus/bench`: startup search (issue 19, "Tests and figures") beside the
// platform ceiling (/readyz) in the same run, at 32 connections, production settings (npm start):
//   - a name word with a sector and stage filter over 100,000 startups (the word in about 1% of them),
//   - a sector and country filter alone, and
//   - the directory's defaults (newest first, no filter).
// The startups go straight into the store before the product starts (an embedded database has one
// owner at a time), spread over every sector, stage and country of the vocabularies.
//   DATABASE_URL  PostgreSQL (a database of its own beside it); unset: embedded database only.
//   BENCH_STARTUPS (100000)   BENCH_PORT first port (18184)   BENCH_ONLY embedded|postgres

import { COUNTRY_CODES, ECOSYSTEM_SECTORS, STARTUP_STAGES } from '@nexus/contracts';
import { openDatabase } from '@nexus/server/db';
import { sql } from 'drizzle-orm';
import { analyzeTables, type Store } from './api/product';
import { runSearchBench } from './api/search-bench';

const STARTUPS = Number(process.env.BENCH_STARTUPS ?? 100_000);
const BUDGET = { vsReady: 0.3, p99Ms: 50 };
/** A demo founder (db/seed/DEMO_ACCOUNTS.md). */
const READER = { email: 'startup@nexus.local', password: 'Nexus-Demo-2026!' };
const WORD = 'solar';
const FILL_BATCH = 10_000;

const list = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`);

/** Fills the store; answers a sector and stage that startups named with the word have. */
async function fill(store: Store): Promise<{ sector: string; stage: string }> {
  const database = await openDatabase(
    store.env.DATABASE_URL ? { url: store.env.DATABASE_URL } : { dataDir: store.env.DATA_DIR },
  );
  try {
    const db = database.system;
    const sectors = ECOSYSTEM_SECTORS.values;
    const stages = STARTUP_STAGES.values;
    // Sector, stage and country vary independently; every hundredth startup has the searched word.
    // In batches: each startup goes straight into the two trigram indexes (no pending list, migration
    // 0046), which for all 100,000 at once outlasts the 15 s statement timeout of the product's pool.
    for (let from = 1; from <= STARTUPS; from += FILL_BATCH) {
      const to = Math.min(from + FILL_BATCH - 1, STARTUPS);
      await db.execute(sql`insert into startups (owner_id, name, tagline, sector, stage, country, created_by, modified_by)
        select o.user_id,
          case when n % 100 = 0 then 'Bright ${sql.raw(WORD)} ' || n else 'Venture ' || n end,
          'Startup number ' || n,
          (${list(sectors)})[1 + n % ${sectors.length}],
          (${list(stages)})[1 + (n / ${sectors.length}) % ${stages.length}],
          (${list(COUNTRY_CODES)})[1 + (n / ${sectors.length * stages.length}) % ${COUNTRY_CODES.length}],
          o.user_id, o.user_id
        from generate_series(${from}::int, ${to}::int) n, (select user_id from users where email = ${READER.email}) o`);
    }
    await analyzeTables(store, db, ['startups', 'users']);
    // The filters of the word round name a pair its startups have, so the round pages real matches.
    const pair = (await db.execute(sql`select sector, stage, count(*)::int as n from startups
      where name like ${`Bright ${WORD} %`} group by 1, 2 order by 3 desc limit 1`)) as unknown as {
      rows: { sector: string; stage: string }[];
    };
    const found = pair.rows[0];
    if (!found) throw new Error(`no startup is named with "${WORD}"`);
    return found;
  } finally {
    await database.close();
  }
}

/** The sector and stage of the word round, found by the fill of the store being measured. */
let pair = { sector: '', stage: '' };

await runSearchBench(18184, {
  what: `${STARTUPS} startups`,
  fill: async (store) => {
    pair = await fill(store);
  },
  reader: READER,
  budget: BUDGET,
  routes: (product, reader) => {
    const base = `${product.base}/api/ecosystem/getStartups`;
    return [
      {
        name: `"${WORD}" in ${pair.sector} at ${pair.stage}`,
        url: `${base}?search=${WORD}&sector=${pair.sector}&stage=${pair.stage}`,
        headers: reader?.headers,
        budget: 'word and filters',
      },
      {
        name: 'fintech in Kenya',
        url: `${base}?sector=fintech&country=KE`,
        headers: reader?.headers,
        budget: 'filters',
      },
      { name: 'defaults (newest first)', url: base, headers: reader?.headers, budget: 'defaults' },
    ];
  },
});
