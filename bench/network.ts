// `npm run network -w @nexus/bench`: the network's two hot reads (issue 18, "Tests and figures"), each
// beside the platform ceiling (/readyz) in the same run, at 32 connections, production settings:
//   - the home feed of a person following 200 people (defaults: the first page, 10 posts), and
//   - full-text search over 100,000 posts (a word in about 1% of them, ranked, first page).
// The data goes straight into the store before the product starts (an embedded database has one owner
// at a time): 200 authors with 500 public published posts each, all followed by a demo learner.
//   DATABASE_URL  PostgreSQL (a database of its own beside it); unset: embedded database only.
//   BENCH_POSTS (100000)   BENCH_AUTHORS (200)   BENCH_PORT first port (18240)   BENCH_ONLY embedded|postgres

import { openDatabase } from '@nexus/server/db';
import { sql } from 'drizzle-orm';
import { budget, type Figure, interleaved, table } from './api/measure';
import {
  analyzeTables,
  embeddedStore,
  postgresStore,
  type Store,
  seedStore,
  signIn,
  startProduct,
} from './api/product';

const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const AUTHORS = Number(process.env.BENCH_AUTHORS ?? 200);
const BUDGET = { vsReady: 0.3, p99Ms: 50 };
/** A demo learner (db/seed/DEMO_ACCOUNTS.md) on the main platform. */
const READER = { email: 'individual@nexus.local', password: 'Nexus-Demo-2026!' };
const WORD = 'photosynthesis';

async function fill(store: Store): Promise<void> {
  const database = await openDatabase(
    store.env.DATABASE_URL ? { url: store.env.DATABASE_URL } : { dataDir: store.env.DATA_DIR },
  );
  try {
    const db = database.system;
    const stamp = Date.now().toString(36);
    await db.execute(sql`insert into users (username, email, first_name, last_name, email_verified)
      select 'bench_author_' || ${stamp} || '_' || i, 'bench-author-' || ${stamp} || '-' || i || '@nexus.local',
             'Author', 'Number ' || i, true
      from generate_series(1, ${AUTHORS}) i`);
    await db.execute(sql`insert into follows (follower_id, followed_id)
      select r.user_id, a.user_id from users r, users a
      where r.email = ${READER.email} and a.username like ${`bench_author_${stamp}_%`}`);
    // Words from a small vocabulary; every hundredth post mentions the searched word.
    await db.execute(sql`insert into posts (author_id, title, body, body_text, visibility, status, published_at,
        created_by, modified_by)
      select a.user_id, 'Update ' || n,
        '<p>' || t.text || '</p>', t.text, 'public', 'published',
        now() - (n || ' seconds')::interval, a.user_id, a.user_id
      from generate_series(1, ${POSTS}) n
      join lateral (select user_id from users where username = 'bench_author_' || ${stamp} || '_' || (1 + n % ${AUTHORS})) a on true
      join lateral (select case when n % 100 = 0 then 'Notes on ${sql.raw(WORD)} in the lab, week ' || n
        else (array['market','pitch','prototype','customer','investor','mentor','design','growth','team','funding'])[1 + n % 10]
          || ' and ' || (array['validation','interviews','roadmap','metrics','hiring','pricing','launch','feedback'])[1 + n % 8]
          || ' thoughts number ' || n end as text) t on true`);
    await analyzeTables(store, db, ['posts', 'follows', 'users']);
  } finally {
    await database.close();
  }
}

async function bench(store: Store, port: number): Promise<void> {
  try {
    seedStore(store);
    const started = Date.now();
    await fill(store);
    console.log(
      `\n${store.label}: ${POSTS} posts by ${AUTHORS} followed authors in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    const product = await startProduct(store, port, { NODE_ENV: 'production' });
    try {
      const reader = await signIn(product.base, READER);
      const [ready, feed, search] = (await interleaved(2, [
        { name: '/readyz (ceiling)', url: `${product.base}/readyz` },
        {
          name: 'home feed (200 followed)',
          url: `${product.base}/api/community/feed/getFeed`,
          headers: reader.headers,
        },
        {
          name: `search "${WORD}" over ${POSTS} posts`,
          url: `${product.base}/api/community/posts/searchPosts?search=${WORD}`,
          headers: reader.headers,
        },
      ])) as [Figure, Figure, Figure];
      table(`${store.label}, production settings (npm start)`, ready, [feed, search]);
      budget('home feed', feed, ready, BUDGET.vsReady, BUDGET.p99Ms);
      budget('post search', search, ready, BUDGET.vsReady, BUDGET.p99Ms);
    } finally {
      await product.stop();
    }
  } finally {
    await store.drop();
  }
}

const only = process.env.BENCH_ONLY;
const port = Number(process.env.BENCH_PORT ?? 18240);
if (only !== 'postgres') await bench(embeddedStore(), port);
if (process.env.DATABASE_URL && only !== 'embedded')
  await bench(await postgresStore(process.env.DATABASE_URL), port + 1);
else if (only !== 'embedded') console.log('\nDATABASE_URL is unset: PostgreSQL figures skipped.');
