// `npm run experts -w @nexus/bench`: /find-expert's search (issue 20, "Tests and figures") over
// 10,000 experts with weekly hours, beside the platform ceiling (/readyz) in the same run, at 32
// connections, production settings (started as `npm start` starts it, signed in for real):
//   - the default list (no filter: every visible expert, ordered by next free slot, first page), and
//   - one expertise tag and one language together, free within three days.
// The data goes straight into the store before the product starts (an embedded database has one owner
// at a time): 10,000 people, each an expert with hours on weekdays and a cached next free slot.
//   DATABASE_URL  PostgreSQL (a database of its own beside it); unset: embedded database only.
//   BENCH_EXPERTS (10000)   BENCH_PORT first port (18250)   BENCH_ONLY embedded|postgres

import { openDatabase } from '@nexus/server/db';
import { sql } from 'drizzle-orm';
import { analyzeTables, type Store } from './api/product';
import { runSearchBench } from './api/search-bench';

const EXPERTS = Number(process.env.BENCH_EXPERTS ?? 10_000);
const BUDGET = { vsReady: 0.3, p99Ms: 50 };
/** A demo learner (db/seed/DEMO_ACCOUNTS.md) on the main platform. */
const READER = { email: 'individual@nexus.local', password: 'Nexus-Demo-2026!' };

async function fill(store: Store): Promise<void> {
  const database = await openDatabase(
    store.env.DATABASE_URL ? { url: store.env.DATABASE_URL } : { dataDir: store.env.DATA_DIR },
  );
  try {
    const db = database.system;
    const stamp = Date.now().toString(36);
    await db.execute(sql`insert into users (username, email, first_name, last_name, email_verified)
      select 'bench_expert_' || ${stamp} || '_' || i, 'bench-expert-' || ${stamp} || '-' || i || '@nexus.local',
             'Expert', 'Number ' || i, true
      from generate_series(1, ${EXPERTS}) i`);
    // Tags from a small vocabulary; next free slots spread over the coming fortnight.
    await db.execute(sql`insert into expert_profiles (user_id, headline, expertise, languages, time_zone, next_free_at)
      select u.user_id, 'Helps founders with ' || (array['fundraising','product','marketing','legal','hiring'])[1 + n % 5],
        array[(array['fundraising','product','marketing','legal','hiring'])[1 + n % 5],
              (array['pitching','design','growth','finance','operations','sales','education'])[1 + n % 7]],
        array['en', (array['fr','de','es','pt','hi','ar'])[1 + n % 6]],
        (array['UTC','Europe/Paris','America/New_York','Asia/Kolkata'])[1 + n % 4],
        now() + ((n % 336) || ' hours')::interval
      from (select user_id, row_number() over (order by user_id) as n from users
            where username like ${`bench_expert_${stamp}_%`}) u`);
    await db.execute(sql`insert into expert_availability (expert_id, weekday, start_minute, end_minute)
      select p.user_id, d, 540, 1020 from expert_profiles p
      join users u on u.user_id = p.user_id and u.username like ${`bench_expert_${stamp}_%`},
      generate_series(1, 5) d`);
    await analyzeTables(store, db, ['expert_profiles', 'expert_programs', 'users']);
  } finally {
    await database.close();
  }
}

await runSearchBench(18250, {
  what: `${EXPERTS} experts with hours`,
  fill,
  reader: READER,
  budget: BUDGET,
  routes: (product, reader) => {
    const soon = encodeURIComponent(new Date(Date.now() + 3 * 86_400_000).toISOString());
    const api = `${product.base}/api/experts/experts/findExperts`;
    return [
      {
        name: `find-expert, defaults, ${EXPERTS} experts`,
        url: api,
        headers: reader?.headers,
        budget: 'find-expert (defaults)',
      },
      {
        name: 'find-expert, expertise + language + free in 3 days',
        url: `${api}?expertise=product&language=fr&free_before=${soon}`,
        headers: reader?.headers,
        budget: 'find-expert (filters)',
      },
    ];
  },
});
