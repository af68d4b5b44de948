import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { connections, follows, postComments, postReactions, posts, users } from '../schema';

/** The demo people of the network: connections, a request waiting, a follow and posts of each state. */
const PEOPLE = ['teacher', 'student', 'mentor', 'entrepreneur', 'investor'] as const;
type Person = (typeof PEOPLE)[number];

const CONNECTED: [Person, Person][] = [
  ['teacher', 'student'],
  ['mentor', 'student'],
  ['mentor', 'entrepreneur'],
];
/** Requests waiting for an answer: [from, to]. */
const PENDING: [Person, Person][] = [['entrepreneur', 'student']];
const FOLLOWING: [Person, Person][] = [
  ['investor', 'entrepreneur'],
  ['student', 'mentor'],
];

const HOUR = 3_600_000;

const POSTS: {
  by: Person;
  title: string;
  body: string;
  visibility: 'public' | 'connections';
  status: 'draft' | 'scheduled' | 'published';
  hoursAgo: number;
}[] = [
  {
    by: 'mentor',
    title: 'Three questions to ask before you build',
    body: '<p>Who has the problem, how do they solve it today, and what would make them switch? Answer these before writing a line of code.</p>',
    visibility: 'public',
    status: 'published',
    hoursAgo: 30,
  },
  {
    by: 'teacher',
    title: 'Office hours this week',
    body: '<p>I am holding extra office hours on Thursday for anyone working through the first module. Bring your questions!</p>',
    visibility: 'connections',
    status: 'published',
    hoursAgo: 6,
  },
  {
    by: 'student',
    title: 'My first prototype',
    body: '<p>Finished a paper prototype of our campus food-sharing app today. <strong>Feedback welcome.</strong></p>',
    visibility: 'public',
    status: 'published',
    hoursAgo: 2,
  },
  {
    by: 'entrepreneur',
    title: 'Looking for a technical co-founder',
    body: '<p>Notes for a post about what we are building and who we need.</p>',
    visibility: 'public',
    status: 'draft',
    hoursAgo: 1,
  },
  {
    by: 'teacher',
    title: 'Demo day is coming',
    body: '<p>Our cohort presents its projects next week. Everyone is welcome to watch.</p>',
    visibility: 'public',
    status: 'scheduled',
    hoursAgo: -72,
  },
];

/**
 * A small network among the demo users, so /network, the connection pages, the feed and /community/
 * my-posts show something: the student is connected with the teacher and the mentor and has a request
 * from the entrepreneur; posts in every state, one scheduled (published by the posts sweep when due).
 * Idempotent: nothing is added when the demo posts exist already.
 */
export async function seedDemoNetwork(tx: Tx): Promise<number> {
  const rows = await tx
    .select({ user_id: users.user_id, username: users.username })
    .from(users)
    .where(inArray(users.username, [...PEOPLE]));
  const idOf = new Map(rows.map((row) => [row.username, row.user_id]));
  if (PEOPLE.some((name) => !idOf.has(name))) return 0;
  const id = (name: Person) => idOf.get(name) as number;
  const [existing] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(posts)
    .where(inArray(posts.author_id, [...idOf.values()]));
  if ((existing?.n ?? 0) > 0) return 0;
  const pair = (from: Person, to: Person, status: 'pending' | 'accepted') => ({
    requester_id: id(from),
    addressee_id: id(to),
    user_low: Math.min(id(from), id(to)),
    user_high: Math.max(id(from), id(to)),
    status,
    accepted_at: status === 'accepted' ? new Date(Date.now() - 48 * HOUR) : null,
  });
  await tx
    .insert(connections)
    .values([
      ...CONNECTED.map(([a, b]) => pair(a, b, 'accepted')),
      ...PENDING.map(([a, b]) => ({
        ...pair(a, b, 'pending'),
        message: 'Would love to hear about your prototype.',
      })),
    ])
    .onConflictDoNothing();
  await tx
    .insert(follows)
    .values(FOLLOWING.map(([a, b]) => ({ follower_id: id(a), followed_id: id(b) })))
    .onConflictDoNothing();
  const inserted = await tx
    .insert(posts)
    .values(
      POSTS.map((post) => {
        const at = new Date(Date.now() - post.hoursAgo * HOUR);
        return {
          author_id: id(post.by),
          title: post.title,
          body: post.body,
          body_text: post.body
            .replace(/<[^>]*>/g, ' ')
            .replace(/\s+/g, ' ')
            .trim(),
          visibility: post.visibility,
          status: post.status,
          publish_at: post.status === 'scheduled' ? at : null,
          published_at: post.status === 'published' ? at : null,
          created_by: id(post.by),
          modified_by: id(post.by),
          created_at: post.status === 'scheduled' ? new Date() : at,
          modified_at: post.status === 'scheduled' ? new Date() : at,
        };
      }),
    )
    .returning({ post_id: posts.post_id, title: posts.title });
  const prototype = inserted.find((row) => row.title === 'My first prototype')?.post_id;
  if (prototype) {
    await tx.insert(postComments).values({
      post_id: prototype,
      author_id: id('mentor'),
      body: 'Great start! Try it with five students before changing anything.',
      created_by: id('mentor'),
      modified_by: id('mentor'),
    });
    await tx.insert(postReactions).values([
      { post_id: prototype, user_id: id('mentor'), reaction: 'celebrate' },
      { post_id: prototype, user_id: id('teacher'), reaction: 'like' },
    ]);
    await tx.execute(
      sql`update posts set comment_count = 1, reaction_count = 2 where post_id = ${prototype}`,
    );
  }
  return inserted.length;
}
