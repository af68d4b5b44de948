import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { KeptPages } from '../../db/kept-counts';
import { myCommunityIdsSql } from '../community';
import { blockedWithMe, myConnections, myTenants } from './post-readers';
import { POST_SQL, type PostRow, timeCursor, timePage } from './posts';

/** How many of everyone's newest posts the feed looks through before walking source by source. */
const FEED_WINDOW = 300;

/**
 * Feed pages kept per reader, page and size while nothing they are made of changed (the posts and
 * their reactions and shares, the reader's follows, connections, blocks, memberships and tenants, and
 * names), and for a few seconds at most: opening the home page again is then one small statement.
 */
const keptFeeds = new KeptPages<Awaited<ReturnType<typeof timePage>>>({
  tables: [
    'posts',
    'post_reactions',
    'community_posts',
    'communities',
    'community_members',
    'follows',
    'connections',
    'user_blocks',
    'user_roles',
    'users',
  ],
  maxAgeMs: 5_000,
});

export async function feed(database: Database, me: number, query: { cursor?: string; limit: number }) {
  const after = timeCursor(query.cursor);
  const pageKey = JSON.stringify([me, after?.at ?? null, after?.id ?? null, query.limit]);
  const version = await keptFeeds.currentVersion(database);
  return keptFeeds.readUnder(database, pageKey, version, () => readFeed(database, me, after, query.limit));
}

/**
 * The home feed: published posts of the people the caller follows or is connected to, their own, and
 * the posts shared to the communities they are an active member of; newest first, each post once,
 * paged by a keyset cursor (`published_at|post_id`), so a deep page costs what the first does.
 *
 * Each source is walked off its own index, at most a page of it: an author's newest readable posts
 * (partial index on author_id, published_at, post_id), a community's newest shares (partial index on
 * community_id, published_at, post_id); the pages are then merged and de-duplicated. The cost follows
 * the number of sources times the page size, never the number of posts. What the caller may read is
 * decided once per author (connected, blocked) and per community (a member reads its shares).
 */
async function readFeed(database: Database, me: number, after: ReturnType<typeof timeCursor>, limit: number) {
  const older = (alias: string) =>
    after
      ? sql`and (${sql.raw(alias)}.published_at, ${sql.raw(alias)}.post_id) < (${after.at}::timestamptz, ${after.id}::int)`
      : sql``;
  const readableBy = (alias: string) => {
    const p = sql.raw(alias);
    return sql`(a.id = ${me} or ${p}.visibility = 'public'
      or (${p}.visibility = 'connections' and a.connected)
      or (${p}.visibility = 'tenant' and ${p}.tenant_id in ${myTenants(me)}))`;
  };
  const blocked = blockedWithMe(me);
  const authors = sql`authors as (
    select a.id, bool_or(a.connected) as connected from (
      select ${me}::int as id, true as connected
      union all select cn.id, true from ${myConnections(me)} as cn(id)
      union all select followed_id, false from follows where follower_id = ${me}
    ) a
    where a.id = ${me} or a.id not in ${blocked}
    group by a.id
  ), mine as ${myCommunityIdsSql(me)}`;
  // Someone with many active sources finds a page among the newest posts of everyone: the partial
  // index on published_at, a bounded window. When the window holds a whole page it is the page (every
  // feed post newer than the window's oldest is in it).
  // Whether a window post is shared to one of the caller's communities is probed per post on the
  // shares' primary key (post_id first), in a lateral with `limit 1` the planner cannot flatten. As an
  // `exists` inside the `or` it became a hashed subplan: every share to every community of the caller
  // read and hashed on each request (100,000 shares: 350 ms against 1 ms for the probes).
  const newest = sql`select w.post_id, w.published_at from (
      select p.post_id, p.author_id, p.published_at, p.visibility, p.tenant_id from posts p
      where p.status = 'published' and p.is_deleted = false ${older('p')}
      order by p.published_at desc nulls last, p.post_id desc nulls last
      limit ${sql.raw(String(FEED_WINDOW))}
    ) w left join authors a on a.id = w.author_id
    left join lateral (
      select true as shared from community_posts cp
      where cp.post_id = w.post_id and cp.community_id in (select community_id from mine)
      limit 1
    ) s on true
    where (a.id is not null and ${readableBy('w')})
      or (w.author_id not in ${blocked} and s.shared)`;
  // Otherwise each source's newest readable posts, at most a page each, merged.
  const perSource = sql`select f.post_id, f.published_at from authors a
    cross join lateral (
      select p.post_id, p.published_at from posts p
      where p.author_id = a.id and p.status = 'published' and p.is_deleted = false
        and ${readableBy('p')} ${older('p')}
      order by p.published_at desc nulls last, p.post_id desc nulls last
      limit ${limit + 1}
    ) f
    union
    select s.post_id, s.published_at from mine m
    cross join lateral (
      select p.post_id, p.published_at from community_posts cp join posts p on p.post_id = cp.post_id
      where cp.community_id = m.community_id and cp.published_at is not null ${older('cp')}
        and p.status = 'published' and p.is_deleted = false and p.author_id not in ${blocked}
      order by cp.published_at desc nulls last, cp.post_id desc nulls last
      limit ${limit + 1}
    ) s`;
  // Prepared (four shapes: window or sources, with or without a cursor): the statement's planning
  // cost several times its execution on every request (1.2 ms against 0.2 ms on the bench data), and
  // PostgreSQL's generic plan keeps the same index walks and per-post probes. The window's size is
  // written into the text: as a parameter the generic plan costs it at a tenth of all posts, and
  // PostgreSQL kept planning each request anew.
  const page = (picked: SQL) =>
    database.read<PostRow & { sort_at: string }>(
      sql`with ${authors}, picked as (
            select distinct post_id, published_at from (${picked}) u
            order by 2 desc nulls last, 1 desc nulls last limit ${limit + 1}
          )
          select ${POST_SQL}, to_json(p.published_at) #>> '{}' as sort_at
          from picked k join posts p on p.post_id = k.post_id join users u on u.user_id = p.author_id
          order by p.published_at desc nulls last, p.post_id desc nulls last`,
      true,
    );
  let rows = await page(newest);
  if (rows.length <= limit) rows = await page(perSource);
  return timePage(database.db, me, rows, limit);
}
