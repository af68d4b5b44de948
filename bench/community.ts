// `npm run community -w @nexus/bench`: the forums' hot reads (issue 18, "Tests and figures"), each
// beside the platform ceiling (/readyz) in the same run, at 32 connections, production settings, as a
// demo learner signed in for real who is a member of 200 communities:
//   - a topic with 10,000 replies paged: its first page (defaults, 50 posts) and page 150 (by the
//     cursor of page 149, as the web reads on),
//   - the learner's communities (`getCommunities?view=mine`, the hubs' "your communities" block; the
//     product has no feed across communities: the home feed is the network's, bench/network.ts), and
//   - a forum search over 100,000 posts of one community (a word in about 1% of them).
// The data goes straight into the store before the product starts (an embedded database has one owner
// at a time).
//   DATABASE_URL  PostgreSQL (a database of its own beside it); unset: embedded database only.
//   BENCH_POSTS (100000)   BENCH_REPLIES (10000)   BENCH_COMMUNITIES (200)
//   BENCH_PORT first port (18270)   BENCH_ONLY embedded|postgres

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
const REPLIES = Number(process.env.BENCH_REPLIES ?? 10_000);
const COMMUNITIES = Number(process.env.BENCH_COMMUNITIES ?? 200);
const BUDGET = { vsReady: 0.3, p99Ms: 50 };
/** A demo learner (db/seed/DEMO_ACCOUNTS.md) on the main platform. */
const READER = { email: 'individual@nexus.local', password: 'Nexus-Demo-2026!' };
const WORD = 'photosynthesis';
const PER_TOPIC = 100;

interface Filled {
  communityId: number;
  topicId: number;
}

async function fill(store: Store): Promise<Filled> {
  const database = await openDatabase(
    store.env.DATABASE_URL ? { url: store.env.DATABASE_URL } : { dataDir: store.env.DATA_DIR },
  );
  try {
    const db = database.system;
    const prefix = `Bench community ${Date.now().toString(36)} `;
    const like = `${prefix}%`;
    // Public platform communities owned by the first administrator, the learner a member of all.
    await db.execute(sql`insert into communities (tenant_id, name, description, visibility, owner_user_id,
        created_by, modified_by)
      select null, ${prefix} || i, 'A bench community about topic ' || i, 'public', a.user_id, a.user_id, a.user_id
      from generate_series(1, ${COMMUNITIES}) i
      cross join (select user_id from users where is_platform_admin order by user_id limit 1) a`);
    await db.execute(sql`insert into forums (community_id)
      select community_id from communities where name like ${like}`);
    await db.execute(sql`update communities c set activity_forum_id = f.forum_id
      from forums f where f.community_id = c.community_id and c.name like ${like}`);
    await db.execute(sql`insert into community_members (community_id, user_id, role, status, joined_at)
      select c.community_id, c.owner_user_id, 'owner', 'active', now() from communities c where c.name like ${like}
      union all
      select c.community_id, r.user_id, 'member', 'active', now() from communities c, users r
      where c.name like ${like} and r.email = ${READER.email}`);
    // The first community holds every post: the long topic (its opening post and REPLIES replies),
    // then topics of PER_TOPIC posts up to POSTS; one post in a hundred names the searched word.
    const others = Math.max(0, Math.ceil((POSTS - REPLIES - 1) / PER_TOPIC));
    await db.execute(sql`insert into forum_topics (forum_id, community_id, title, author_id, reply_count,
        last_activity_at, created_by, modified_by)
      select c.activity_forum_id, c.community_id,
        case when n = 0 then 'The long thread' else 'Discussion ' || n end,
        r.user_id, case when n = 0 then ${REPLIES}::int else ${PER_TOPIC - 1}::int end,
        now() - (n || ' minutes')::interval, r.user_id, r.user_id
      from generate_series(0, ${others}::int) n
      cross join (select community_id, activity_forum_id from communities where name = ${`${prefix}1`}) c
      cross join (select user_id from users where email = ${READER.email}) r`);
    await db.execute(sql`insert into forum_posts (topic_id, community_id, author_id, body, created_at)
      select t.topic_id, t.community_id, t.author_id,
        '<p>' || case when p.n % 100 = 0 then 'Notes on ${sql.raw(WORD)} in the lab, post ' || p.n
          else (array['market','pitch','prototype','customer','investor','mentor','design','growth'])[1 + p.n % 8]
            || ' and ' || (array['validation','interviews','roadmap','metrics','hiring','pricing'])[1 + p.n % 6]
            || ', post ' || p.n end || '</p>',
        now() - interval '30 days' + (p.n || ' seconds')::interval
      from forum_topics t
      cross join lateral (select t.topic_id * 1000000 + i as n
        from generate_series(0, case when t.title = 'The long thread' then ${REPLIES}::int else ${PER_TOPIC - 1}::int end) i) p
      where t.community_id = (select community_id from communities where name = ${`${prefix}1`})`);
    await db.execute(sql`update forum_topics t set opening_post_id = (select min(post_id) from forum_posts p
        where p.topic_id = t.topic_id)
      where t.community_id = (select community_id from communities where name = ${`${prefix}1`})`);
    await analyzeTables(store, db, [
      'communities',
      'community_members',
      'forums',
      'forum_topics',
      'forum_posts',
    ]);
    const [row] = (
      (await db.execute(sql`select t.topic_id, t.community_id from forum_topics t
        join communities c on c.community_id = t.community_id
        where c.name = ${`${prefix}1`} and t.title = 'The long thread'`)) as {
        rows: { topic_id: number; community_id: number }[];
      }
    ).rows;
    return { communityId: row!.community_id, topicId: row!.topic_id };
  } finally {
    await database.close();
  }
}

async function bench(store: Store, port: number): Promise<void> {
  try {
    seedStore(store);
    const started = Date.now();
    const { communityId, topicId } = await fill(store);
    console.log(
      `\n${store.label}: ${COMMUNITIES} communities, ${POSTS} posts, one topic of ${REPLIES} replies in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    const product = await startProduct(store, port, { NODE_ENV: 'production' });
    try {
      const reader = await signIn(product.base, READER);
      const api = `${product.base}/api/community`;
      // Three quarters of the way through (page 150 of 201 at full size): what a deep read costs. The
      // web reads on by the cursor of the page before, as a reader pressing "Load more" gets there.
      const later = Math.max(2, Math.floor(((REPLIES + 1) / 50) * 0.75));
      let cursor = '';
      for (let page = 1; page < later; page += 1) {
        const answer = (await (
          await fetch(`${api}/replies/getReplies?topic_id=${topicId}${cursor ? `&cursor=${cursor}` : ''}`, {
            headers: reader.headers,
          })
        ).json()) as { meta: { next_cursor: string | null } };
        cursor = answer.meta.next_cursor ?? '';
      }
      const laterUrl = `${api}/replies/getReplies?topic_id=${topicId}&cursor=${cursor}`;
      const probe = (await (await fetch(laterUrl, { headers: reader.headers })).json()) as {
        data: unknown[];
        meta: { page: number };
      };
      const found = (await (
        await fetch(`${api}/topics/getTopics?community_id=${communityId}&search=${WORD}`, {
          headers: reader.headers,
        })
      ).json()) as { data: unknown[] };
      console.log(
        `page ${probe.meta.page} (cursor ${cursor}): ${probe.data.length} posts; search: ${found.data.length} topics on its first page`,
      );
      const [ready, first, paged, mine, search] = (await interleaved(2, [
        { name: '/readyz (ceiling)', url: `${product.base}/readyz` },
        {
          name: `topic of ${REPLIES} replies, page 1`,
          url: `${api}/replies/getReplies?topic_id=${topicId}`,
          headers: reader.headers,
        },
        {
          name: `topic of ${REPLIES} replies, page ${later} (cursor)`,
          url: laterUrl,
          headers: reader.headers,
        },
        {
          name: `my communities (${COMMUNITIES})`,
          url: `${api}/communities/getCommunities?view=mine`,
          headers: reader.headers,
        },
        {
          name: `forum search "${WORD}" (${POSTS} posts)`,
          url: `${api}/topics/getTopics?community_id=${communityId}&search=${WORD}`,
          headers: reader.headers,
        },
      ])) as [Figure, Figure, Figure, Figure, Figure];
      table(`${store.label}, production settings (npm start)`, ready, [first, paged, mine, search]);
      budget('replies page 1', first, ready, BUDGET.vsReady, BUDGET.p99Ms);
      budget(`replies page ${later}`, paged, ready, BUDGET.vsReady, BUDGET.p99Ms);
      budget('my communities', mine, ready, BUDGET.vsReady, BUDGET.p99Ms);
      budget('forum search', search, ready, BUDGET.vsReady, BUDGET.p99Ms);
    } finally {
      await product.stop();
    }
    await homeFeedRound(store, port);
  } finally {
    await store.drop();
  }
}

/**
 * The home feed of a person in 200 communities (issue 18 point 4): POSTS posts shared to the learner's
 * bench communities (a community-only post each, by someone the learner neither follows nor knows),
 * written with the product stopped, then the feed's first page and a page 5,000 posts deep (keyset
 * cursor) beside /readyz of a fresh start.
 */
async function homeFeedRound(store: Store, port: number): Promise<void> {
  const database = await openDatabase(
    store.env.DATABASE_URL ? { url: store.env.DATABASE_URL } : { dataDir: store.env.DATA_DIR },
  );
  let deep = '';
  try {
    const db = database.system;
    const mine = sql`(select m.community_id, row_number() over (order by m.community_id) - 1 as k
      from community_members m join users r on r.user_id = m.user_id join communities c on c.community_id = m.community_id
      where r.email = ${READER.email} and m.status = 'active' and c.name like 'Bench community %')`;
    await db.execute(sql`insert into posts (author_id, body, body_text, visibility, status, published_at,
        created_by, modified_by)
      select a.user_id, '<p>Bench feed post ' || i || '</p>', 'Bench feed post ' || i, 'community', 'published',
        now() - (i || ' seconds')::interval, a.user_id, a.user_id
      from generate_series(1, ${POSTS}::int) i
      cross join (select user_id from users where is_platform_admin order by user_id limit 1) a`);
    await db.execute(sql`insert into community_posts (post_id, community_id, shared_by, published_at)
      select p.post_id, c.community_id, p.author_id, p.published_at from posts p
      join ${mine} c on c.k = p.post_id % (select count(*) from ${mine} n)
      where p.body_text like 'Bench feed post %'`);
    await analyzeTables(store, db, ['posts', 'community_posts']);
    const [row] = (
      (await db.execute(sql`select to_json(published_at) #>> '{}' as at, post_id from posts
        where body_text like 'Bench feed post %' order by published_at desc, post_id desc offset 4999 limit 1`)) as {
        rows: { at: string; post_id: number }[];
      }
    ).rows;
    deep = encodeURIComponent(`${row!.at}|${row!.post_id}`);
  } finally {
    await database.close();
  }
  const product = await startProduct(store, port, { NODE_ENV: 'production' });
  try {
    const reader = await signIn(product.base, READER);
    const url = `${product.base}/api/community/feed/getFeed?limit=10`;
    const probe = (await (await fetch(`${url}&cursor=${deep}`, { headers: reader.headers })).json()) as {
      data: { excerpt: string }[];
    };
    console.log(`home feed, 5,000 posts deep: ${probe.data.length} posts, first "${probe.data[0]?.excerpt}"`);
    const [ready, first, later] = (await interleaved(2, [
      { name: '/readyz (ceiling)', url: `${product.base}/readyz` },
      { name: `home feed, ${COMMUNITIES} communities, page 1`, url, headers: reader.headers },
      { name: 'home feed, 5,000 posts deep', url: `${url}&cursor=${deep}`, headers: reader.headers },
    ])) as [Figure, Figure, Figure];
    table(`${store.label}, home feed over ${POSTS} shared posts`, ready, [first, later]);
    budget('home feed page 1', first, ready, BUDGET.vsReady, BUDGET.p99Ms);
    budget('home feed deep page', later, ready, BUDGET.vsReady, BUDGET.p99Ms);
  } finally {
    await product.stop();
  }
}

const only = process.env.BENCH_ONLY;
const port = Number(process.env.BENCH_PORT ?? 18270);
if (only !== 'postgres') await bench(embeddedStore(), port);
if (process.env.DATABASE_URL && only !== 'embedded')
  await bench(await postgresStore(process.env.DATABASE_URL), port + 1);
else if (only !== 'embedded') console.log('\nDATABASE_URL is unset: PostgreSQL figures skipped.');
