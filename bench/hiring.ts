// `npm run hiring -w @nexus/bench`: the public job search behind /search-jobs (issue 20, "Tests and
// figures") over 100,000 postings, beside the platform ceiling (/readyz) in the same run, at 32
// connections, production settings, signed out as the page is:
//   - the defaults (open postings, newest first, first page of 20),
//   - a word in about 1% of the postings (full text), and
//   - filters: remote internships.
// A tenth of the postings are past their closing date and still marked open (no job has run), so the
// date condition of the query does the work. The data goes straight into the store before the product
// starts (an embedded database has one owner at a time).
//   DATABASE_URL  PostgreSQL (a database of its own beside it); unset: embedded database only.
//   BENCH_POSTINGS (100000)   BENCH_ORGS (50)   BENCH_PORT first port (18250)   BENCH_ONLY embedded|postgres

import { openDatabase } from '@nexus/server/db';
import { sql } from 'drizzle-orm';
import { analyzeTables, type Store } from './api/product';
import { runSearchBench } from './api/search-bench';

const POSTINGS = Number(process.env.BENCH_POSTINGS ?? 100_000);
const ORGS = Number(process.env.BENCH_ORGS ?? 50);
const BUDGET = { vsReady: 0.3, p99Ms: 50 };
const WORD = 'geophysics';

async function fill(store: Store): Promise<void> {
  const database = await openDatabase(
    store.env.DATABASE_URL ? { url: store.env.DATABASE_URL } : { dataDir: store.env.DATA_DIR },
  );
  try {
    const db = database.system;
    const stamp = Date.now().toString(36);
    await db.execute(sql`insert into tenants (tenant_type, tenant_name)
      select 'corporate', 'Bench employer ' || ${stamp} || ' ' || i from generate_series(1, ${ORGS}) i`);
    // Titles and descriptions from a small vocabulary; every hundredth posting names the searched word
    // (open ones: n % 10 = 0 are the expired tenth).
    await db.execute(sql`insert into job_postings (tenant_id, title, job_type, remote, city, country,
        description, description_text, skills, posted_at, closes_at)
      select o.tenant_id, t.title,
        (array['full_time','part_time','contract','temporary','internship'])[1 + n % 5],
        n % 3 = 0, case when n % 3 = 0 then null else (array['Pune','Berlin','Lagos','Lima','Oslo'])[1 + n % 5] end,
        (array['IN','DE','NG','PE','NO'])[1 + n % 5],
        '<p>' || t.title || ' joining a growing team.</p>', t.title || ' joining a growing team.',
        array[(array['SQL','React','Python','Sales','Design'])[1 + n % 5]],
        now() - (n || ' seconds')::interval,
        case when n % 10 = 0 then now() - interval '1 hour' else now() + interval '30 days' end
      from generate_series(1, ${POSTINGS}) n
      join lateral (select tenant_id from tenants where tenant_name = 'Bench employer ' || ${stamp} || ' ' || (1 + n % ${ORGS})) o on true
      join lateral (select case when n % 100 = 7 then 'Field ${sql.raw(WORD)} specialist ' || n
        else (array['Frontend','Backend','Data','Sales','Product','Marketing','Finance','Support'])[1 + n % 8]
          || ' ' || (array['engineer','analyst','manager','associate','lead','intern'])[1 + n % 6] || ' ' || n end as title) t on true`);
    await analyzeTables(store, db, ['job_postings', 'tenants']);
  } finally {
    await database.close();
  }
}

await runSearchBench(18250, {
  what: `${POSTINGS} postings of ${ORGS} organisations`,
  fill,
  budget: BUDGET,
  routes: (product) => {
    const api = `${product.base}/api/jobs/postings/getAll`;
    return [
      { name: `job search, defaults (${POSTINGS} postings)`, url: api, budget: 'job search defaults' },
      { name: `job search "${WORD}"`, url: `${api}?search=${WORD}`, budget: 'job search by word' },
      {
        name: 'job search, remote internships',
        url: `${api}?job_type=internship&remote=true`,
        budget: 'job search filtered',
      },
    ];
  },
});
