import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client';
import {
  communities,
  communityGroups,
  communityMembers,
  forumPosts,
  forums,
  forumTopics,
  groupMembers,
  tenants,
  users,
} from '../schema';

type Role = 'owner' | 'moderator' | 'member';

const PLATFORM = {
  name: 'Founders Circle',
  description: 'A public community for everyone building something: ask, share what worked, meet peers.',
  owner: 'mentor',
  members: [
    ['entrepreneur', 'moderator'],
    ['startup', 'member'],
    ['investor', 'member'],
    ['student', 'member'],
    ['teacher', 'member'],
  ] as [string, Role][],
  topics: [
    {
      by: 'entrepreneur',
      title: 'How did you find your first ten customers?',
      body: '<p>We have a working prototype and no customers yet. What worked for you?</p>',
      replies: [
        {
          by: 'mentor',
          body: '<p>Talk to twenty people a week who have the problem. Sell before you scale.</p>',
        },
        {
          by: 'startup',
          body: '<p>Our first ten came from one LinkedIn post and a lot of follow-up calls.</p>',
          parent: 0,
        },
        {
          by: 'investor',
          body: '<p>@entrepreneur the ones who pay early teach you the most. Charge from day one.</p>',
        },
      ],
    },
    {
      by: 'mentor',
      title: 'Welcome! Introduce yourself here',
      body: '<p>Say who you are, what you are building and what help you need.</p>',
      pinned: true,
      replies: [
        { by: 'student', body: '<p>Hi! I am a student at Riverside, building a study-planner app.</p>' },
      ],
    },
  ],
  group: {
    name: 'Fundraising',
    description: 'Decks, term sheets and investor meetings.',
    members: ['entrepreneur', 'investor'],
  },
};

const TENANT = {
  tenant: 'Riverside Institute of Technology',
  name: 'Riverside Makers Lab',
  description: 'The private community of the Riverside makers lab: projects, equipment and lab hours.',
  owner: 'teacher',
  members: [
    ['institute-admin', 'moderator'],
    ['student', 'member'],
  ] as [string, Role][],
  topics: [
    {
      by: 'teacher',
      title: 'Lab hours this term',
      body: '<p>The lab is open Monday to Thursday, 14:00 to 18:00. Book the 3D printer in advance.</p>',
      replies: [
        { by: 'student', body: '<p>Thank you! Can we use the laser cutter without supervision?</p>' },
      ],
    },
  ],
};

/**
 * Demo content of the community area (issue 18 point 6): a public platform community with topics and
 * replies and a group, and a private community of Riverside. Idempotent: skipped when the platform
 * community exists already.
 */
export async function seedDemoCommunity(tx: Tx): Promise<number> {
  const [existing] = await tx
    .select({ id: communities.community_id })
    .from(communities)
    .where(eq(communities.name, PLATFORM.name));
  if (existing) return 0;
  const names = [
    PLATFORM.owner,
    TENANT.owner,
    ...PLATFORM.members.map(([n]) => n),
    ...TENANT.members.map(([n]) => n),
  ];
  const people = await tx
    .select({ id: users.user_id, username: users.username })
    .from(users)
    .where(inArray(users.username, names));
  const idOf = new Map(people.map((row) => [row.username, row.id]));
  const [riverside] = await tx
    .select({ id: tenants.tenant_id })
    .from(tenants)
    .where(eq(tenants.tenant_name, TENANT.tenant));
  let created = 0;
  for (const spec of [
    { ...PLATFORM, tenantId: null as number | null, visibility: 'public' as const },
    { ...TENANT, tenantId: riverside?.id ?? null, visibility: 'private' as const, group: undefined },
  ]) {
    const owner = idOf.get(spec.owner);
    if (owner === undefined || (spec.visibility === 'private' && spec.tenantId === null)) continue;
    const [community] = await tx
      .insert(communities)
      .values({
        tenant_id: spec.tenantId,
        name: spec.name,
        description: spec.description,
        visibility: spec.visibility,
        owner_user_id: owner,
        created_by: owner,
        modified_by: owner,
      })
      .returning();
    const communityId = community!.community_id;
    const [forum] = await tx.insert(forums).values({ community_id: communityId }).returning();
    await tx
      .update(communities)
      .set({ activity_forum_id: forum!.forum_id })
      .where(eq(communities.community_id, communityId));
    const members: [number, Role][] = [[owner, 'owner']];
    for (const [name, role] of spec.members) {
      const id = idOf.get(name);
      if (id !== undefined) members.push([id, role]);
    }
    await tx.insert(communityMembers).values(
      members.map(([user_id, role]) => ({
        community_id: communityId,
        user_id,
        role,
        status: 'active' as const,
        joined_at: new Date(),
      })),
    );
    const start = Date.now() - 3 * 86_400_000;
    for (const [index, topicSpec] of spec.topics.entries()) {
      const author = idOf.get(topicSpec.by) ?? owner;
      const at = new Date(start + index * 3_600_000);
      const [topic] = await tx
        .insert(forumTopics)
        .values({
          forum_id: forum!.forum_id,
          community_id: communityId,
          title: topicSpec.title,
          author_id: author,
          pinned: 'pinned' in topicSpec ? Boolean(topicSpec.pinned) : false,
          reply_count: topicSpec.replies.length,
          created_at: at,
          last_activity_at: new Date(at.getTime() + topicSpec.replies.length * 600_000),
          created_by: author,
          modified_by: author,
        })
        .returning();
      const [opening] = await tx
        .insert(forumPosts)
        .values({
          topic_id: topic!.topic_id,
          community_id: communityId,
          author_id: author,
          body: topicSpec.body,
          created_at: at,
        })
        .returning();
      await tx
        .update(forumTopics)
        .set({ opening_post_id: opening!.post_id })
        .where(eq(forumTopics.topic_id, topic!.topic_id));
      const ids: number[] = [];
      for (const [replyIndex, reply] of topicSpec.replies.entries()) {
        const parent = 'parent' in reply && typeof reply.parent === 'number' ? ids[reply.parent] : undefined;
        const [post] = await tx
          .insert(forumPosts)
          .values({
            topic_id: topic!.topic_id,
            community_id: communityId,
            author_id: idOf.get(reply.by) ?? owner,
            parent_post_id: parent ?? null,
            body: reply.body,
            created_at: new Date(at.getTime() + (replyIndex + 1) * 600_000),
          })
          .returning();
        ids.push(post!.post_id);
      }
    }
    if (spec.group) {
      const [group] = await tx
        .insert(communityGroups)
        .values({
          community_id: communityId,
          name: spec.group.name,
          description: spec.group.description,
          owner_user_id: owner,
        })
        .returning();
      const [groupForum] = await tx
        .insert(forums)
        .values({ community_id: communityId, group_id: group!.group_id })
        .returning();
      await tx
        .update(communityGroups)
        .set({ forum_id: groupForum!.forum_id })
        .where(eq(communityGroups.group_id, group!.group_id));
      const groupPeople = [
        owner,
        ...spec.group.members.map((name) => idOf.get(name)).filter((id): id is number => id !== undefined),
      ];
      await tx.insert(groupMembers).values(
        groupPeople.map((user_id) => ({
          group_id: group!.group_id,
          user_id,
          role: user_id === owner ? ('owner' as const) : ('member' as const),
        })),
      );
    }
    created += 1;
  }
  return created;
}
