import { COMMUNITY_MESSAGES, type ListMeta, type TopicItem, type topicListQuery } from '@nexus/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { KeptPages } from '../../db/kept-counts';
import { forums, users } from '../../db/schema';
import { notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { type AccessColumns, mayRead, seenAccessOf } from './access';
import { communityOrDefault, displayName, iso, meta } from './listing';
import type { TopicRow } from './topic-access';

type Query = z.infer<typeof topicListQuery>;
type ListedRow = Omit<TopicRow, 'last_activity_at' | 'created_at'> & {
  last_activity_at: Date | string;
  created_at: Date | string;
  group_id: number | null;
  username: string;
  display_name: string;
};

/** Counting matches stops here: a search matching more says "more than" (`totalExact` false). */
const COUNT_CAP = 1000;
/** Counts kept per process; the oldest goes first once full. */
const COUNT_CACHE_SIZE = 500;
/**
 * A search walks the topics in their listed order, testing each, when at least one in this many of
 * the topics in scope matches (a page then costs a few pages of topics); rarer words are taken from
 * the text index and sorted instead.
 */
const WALK_WHEN_ONE_IN = 4;

/** The list versions (db/maintenance.ts) of the tables a search reads: a write to either recounts. */
const LIST_VERSION = sql.raw(
  `coalesce((select version from list_versions where table_name = 'forum_topics'), 0)::text || '.' ||
   coalesce((select version from list_versions where table_name = 'forum_posts'), 0)::text`,
);

/**
 * Pages of topics (a forum's list, or a search's), kept while no topic, post or name changed and for
 * a few seconds at most. What a page holds is the same for every reader who may read the community,
 * which the one statement that also reads the version checks on every request.
 */
const keptPages = new KeptPages<{ data: TopicItem[]; meta: ListMeta }>({
  tables: ['forum_topics', 'forum_posts', 'users'],
  maxAgeMs: 5_000,
});

/** The community as access needs it, the caller's membership and the kept pages' version, prepared. */
async function readableWithVersion(database: Database, actor: Actor, communityId: number) {
  const [row] = await database.read<AccessColumns & { activity_forum_id: number | null; version: string }>(
    sql`select c.tenant_id, c.visibility, c.activity_forum_id, m.role, m.status, ${keptPages.version} as version
      from communities c
      left join community_members m on m.community_id = c.community_id and m.user_id = ${actor.userId}
      where c.community_id = ${communityId} and c.is_deleted = false`,
    true,
  );
  if (!row || !mayRead(actor, seenAccessOf(row))) throw notFound(COMMUNITY_MESSAGES.notFound);
  return { activityForumId: row.activity_forum_id, version: row.version };
}

interface Counted {
  version: string;
  /** Topics in scope (the community, or one of its forums). */
  topics: number;
  /** Topics matching, counted up to COUNT_CAP + 1. */
  matched: number;
}
/** Per database: tests and the bench open several in one process. */
const countsOf = new WeakMap<Database, Map<string, Counted>>();

function remember(counts: Map<string, Counted>, key: string, counted: Counted): Counted {
  counts.delete(key);
  if (counts.size >= COUNT_CACHE_SIZE) counts.delete(counts.keys().next().value as string);
  counts.set(key, counted);
  return counted;
}

const columns = sql`t.topic_id, t.forum_id, t.community_id, t.title, t.author_id, t.opening_post_id, t.pinned,
  t.locked, t.accepted_post_id, t.reply_count, t.last_activity_at, t.created_at, f.group_id,
  ${users.username} as username, ${displayName} as display_name`;
const joins = sql`join ${forums} f on f.forum_id = t.forum_id join ${users} on ${users.user_id} = t.author_id`;

function toItem(row: ListedRow): TopicItem {
  return {
    topic_id: row.topic_id,
    forum_id: row.forum_id,
    community_id: row.community_id,
    group_id: row.group_id,
    title: row.title,
    author: { user_id: row.author_id, username: row.username, display_name: row.display_name },
    opening_post_id: row.opening_post_id,
    pinned: row.pinned,
    locked: row.locked,
    accepted_post_id: row.accepted_post_id,
    reply_count: row.reply_count,
    last_activity_at: iso(row.last_activity_at)!,
    created_at: iso(row.created_at)!,
  };
}

/** Topics of a forum (the community's own by default), pinned first, then latest activity; `search`: full text. */
export async function listTopics(
  database: Database,
  actor: Actor,
  query: Query,
): Promise<{ data: TopicItem[]; meta: ListMeta }> {
  const db = database.db;
  const forumId = query.forum_id;
  let communityId = query.community_id;
  if (forumId !== undefined) {
    const [place] = await db.select().from(forums).where(eq(forums.forum_id, forumId));
    if (!place || (communityId !== undefined && place.community_id !== communityId))
      throw notFound(COMMUNITY_MESSAGES.notFound);
    communityId = place.community_id;
  }
  communityId = (await communityOrDefault(db, actor, communityId)) ?? undefined;
  if (communityId === undefined) return { data: [], meta: meta(query.page, query.limit, 0) };
  const readable = await readableWithVersion(database, actor, communityId);
  const search = query.search?.trim();
  const listed = forumId ?? readable.activityForumId ?? undefined;
  const pageKey = JSON.stringify([
    communityId,
    search ? (forumId ?? null) : (listed ?? null),
    search ?? null,
    query.page,
    query.limit,
  ]);
  return keptPages.readUnder(database, pageKey, readable.version, () =>
    search
      ? searchTopics(database, communityId!, forumId, search, query)
      : topicPage(database, communityId!, listed, query),
  );
}

async function topicPage(
  database: Database,
  communityId: number,
  forumId: number | undefined,
  query: Query,
): Promise<{ data: TopicItem[]; meta: ListMeta }> {
  const rows = await database.read<ListedRow & { total: number }>(
    sql`select ${columns}, count(*) over ()::int as total from forum_topics t ${joins}
      where t.community_id = ${communityId} and t.is_deleted = false
        ${forumId !== undefined ? sql`and t.forum_id = ${forumId}` : sql``}
      order by t.pinned desc, t.last_activity_at desc, t.topic_id desc
      limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    true,
  );
  return { data: rows.map(toItem), meta: meta(query.page, query.limit, rows[0]?.total ?? 0) };
}

/**
 * Full text over a community's topics (or one forum's): titles (weight A) and the bodies of visible
 * posts (weight D, the stored `search_vector`, migration 0041). Topics whose title matches come first
 * by rank; topics matched by a post follow in the forum's order (pinned, latest activity), so that
 * part is a walk of forum_topics_community_idx that stops after a page when matches are common, or a
 * sort of the few topics the text index names when they are rare: the count, kept under the tables'
 * list versions, decides which. The caller may read the community (listTopics checked), and what a
 * search finds there is the same for every reader, so the count is kept per community and words.
 */
async function searchTopics(
  database: Database,
  communityId: number,
  forumId: number | undefined,
  search: string,
  query: Query,
): Promise<{ data: TopicItem[]; meta: ListMeta }> {
  const words = sql`websearch_to_tsquery('simple', ${search})`;
  const scope = sql`t.community_id = ${communityId} and t.is_deleted = false
    ${forumId !== undefined ? sql`and t.forum_id = ${forumId}` : sql``}`;
  const titled = sql`to_tsvector('simple', t.title) @@ ${words}`;
  const postsMatching = sql`select p.topic_id from forum_posts p
    where p.community_id = ${communityId} and p.status = 'visible' and p.search_vector @@ ${words}`;
  let counts = countsOf.get(database);
  if (!counts) {
    counts = new Map();
    countsOf.set(database, counts);
  }
  const key = `${communityId}\u0000${forumId ?? ''}\u0000${search}`;
  const count = async () => {
    const [row] = await database.read<Counted>(
      sql`select ${LIST_VERSION} as version,
        (select count(*)::int from forum_topics t where ${scope}) as topics,
        (select count(*)::int from (select 1 from forum_topics t
          where ${scope} and (${titled} or t.topic_id in (${postsMatching})) limit ${COUNT_CAP + 1}) c) as matched`,
      true,
    );
    return remember(counts, key, row!);
  };
  let counted = counts.get(key) ?? (await count());
  const offset = (query.page - 1) * query.limit;
  // Topics matched by a post are ordered "nulls last" as forum_topics_community_idx is built (the
  // columns are never null), so a walk reads the index in order and stops after the page.
  const page = (walk: boolean): SQL => {
    const byPost = walk
      ? sql`exists (select 1 from forum_posts p where p.topic_id = t.topic_id and p.status = 'visible'
          and p.search_vector @@ ${words})`
      : sql`t.topic_id in (${postsMatching})`;
    return sql`select ${LIST_VERSION} as version, (select coalesce(json_agg(x), '[]'::json)::text from (
        select ${columns} from (
          select m.* from (
            (select t.topic_id, ts_rank(setweight(to_tsvector('simple', t.title), 'A'), ${words}) as rank,
               t.pinned, t.last_activity_at from forum_topics t where ${scope} and ${titled})
            union all
            (select t.topic_id, 0::real, t.pinned, t.last_activity_at from forum_topics t
              where ${scope} and not (${titled}) and ${byPost}
              order by t.pinned desc nulls last, t.last_activity_at desc nulls last, t.topic_id desc nulls last
              limit ${offset + query.limit})
          ) m
          order by m.rank desc, m.pinned desc, m.last_activity_at desc, m.topic_id desc
          limit ${query.limit} offset ${offset}
        ) m join forum_topics t on t.topic_id = m.topic_id ${joins}
        order by m.rank desc, m.pinned desc, m.last_activity_at desc, m.topic_id desc) x) as rows`;
  };
  const walks = (known: Counted) => known.matched * WALK_WHEN_ONE_IN >= known.topics;
  let [result] = await database.read<{ version: string; rows: string }>(page(walks(counted)), true);
  if (result?.version !== counted.version) {
    // Something was written since the count: count again, and read the page by the new count's plan.
    counted = await count();
    [result] = await database.read<{ version: string; rows: string }>(page(walks(counted)), true);
  }
  const rows = JSON.parse(result?.rows ?? '[]') as ListedRow[];
  const exact = counted.matched <= COUNT_CAP;
  // A short page ends the result, so its total is known whatever the count says.
  const ended = rows.length < query.limit && (rows.length > 0 || offset === 0);
  const total = ended
    ? offset + rows.length
    : Math.max(Math.min(counted.matched, COUNT_CAP), offset + rows.length);
  return {
    data: rows.map(toItem),
    meta: {
      page: query.page,
      limit: query.limit,
      total,
      totalPages: Math.max(Math.ceil(total / query.limit), ended || exact ? 0 : query.page + 1),
      totalExact: ended || exact,
    },
  };
}
