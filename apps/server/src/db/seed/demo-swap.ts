import { inArray } from 'drizzle-orm';
import type { Tx } from '../client';
import { swapPosts, swapProposals, users } from '../schema';

interface DemoPost {
  user: string;
  kind: 'offer' | 'request';
  title: string;
  description: string;
  tags: string[];
}

const POSTS: DemoPost[] = [
  {
    user: 'mentor',
    kind: 'offer',
    title: 'Pitch deck reviews',
    description: 'Thirty minutes on your deck: story, numbers and the ask. Evenings work best.',
    tags: ['pitching', 'fundraising'],
  },
  {
    user: 'mentor',
    kind: 'request',
    title: 'A landing page for my mentoring',
    description: 'A simple one-page site with a booking link. I can pay back in mentoring hours.',
    tags: ['web-design'],
  },
  {
    user: 'entrepreneur',
    kind: 'request',
    title: 'Someone to rehearse our first investor pitch',
    description: 'We pitch in three weeks and want honest feedback on the deck and the delivery.',
    tags: ['pitching', 'fundraising', 'strategy'],
  },
  {
    user: 'teacher',
    kind: 'offer',
    title: 'Python lessons for beginners',
    description: 'An hour a week of Python basics, online, with small exercises.',
    tags: ['python', 'teaching'],
  },
  {
    user: 'student',
    kind: 'offer',
    title: 'Web design in Figma',
    description: 'I design clean landing pages and can hand them over as Figma files.',
    tags: ['web-design', 'figma'],
  },
  {
    user: 'student',
    kind: 'request',
    title: 'Help getting started with Python',
    description: 'I want to automate spreadsheets for a class project and need a patient guide.',
    tags: ['python'],
  },
  {
    user: 'investor',
    kind: 'request',
    title: 'Market research on rural fintech',
    description: 'A short scan of rural payment apps: who uses them and what they charge.',
    tags: ['research', 'fintech'],
  },
];

/**
 * Skill swap posts in the platform context (where most demo users are), so /swap shows offers and
 * requests and `student` sees matches (mentor's web-design request, teacher's Python offer);
 * `entrepreneur` proposed on mentor's pitch reviews, so `mentor` has a proposal to answer.
 * Idempotent by author and title.
 */
export async function seedDemoSwap(tx: Tx): Promise<void> {
  const people = await tx
    .select({ id: users.user_id, username: users.username })
    .from(users)
    .where(inArray(users.username, [...new Set(POSTS.map((p) => p.user)), 'entrepreneur']));
  const idOf = new Map(people.map((p) => [p.username, p.id]));
  const existing = await tx
    .select({ user: swapPosts.user_id, title: swapPosts.title })
    .from(swapPosts)
    .where(
      inArray(
        swapPosts.title,
        POSTS.map((p) => p.title),
      ),
    );
  const have = new Set(existing.map((row) => `${row.user}:${row.title}`));
  for (const { user, ...post } of POSTS) {
    const userId = idOf.get(user);
    if (!userId || have.has(`${userId}:${post.title}`)) continue;
    const [row] = await tx
      .insert(swapPosts)
      .values({ tenant_id: null, user_id: userId, ...post, created_by: userId, modified_by: userId })
      .returning({ id: swapPosts.post_id });
    const proposer = idOf.get('entrepreneur');
    if (row && proposer && post.title === 'Pitch deck reviews')
      await tx.insert(swapProposals).values({
        post_id: row.id,
        tenant_id: null,
        user_id: proposer,
        message: 'We would love a review before our pitch; in return I can share our market research.',
      });
  }
}
