import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client';
import { conversationMembers, conversations, messages, users } from '../schema';

/** The two demo users of the demo conversation: they share Riverside Institute of Technology. */
export const DEMO_CONVERSATION_PEOPLE = ['teacher', 'student'] as const;

const LINES: { from: (typeof DEMO_CONVERSATION_PEOPLE)[number]; body: string }[] = [
  { from: 'teacher', body: 'Welcome to the course! Let me know if anything in the first module is unclear.' },
  { from: 'student', body: 'Thank you! Is the quiz at the end of the module graded?' },
  {
    from: 'teacher',
    body: 'It is a practice check: take it as often as you like before the real assessment.',
  },
];

/**
 * A short direct conversation between the demo teacher and student, so /messages shows something for
 * them (the last line is unread for the student). Idempotent: the pair's conversation is unique.
 */
export async function seedDemoConversation(tx: Tx): Promise<number> {
  const people = await tx
    .select({ user_id: users.user_id, username: users.username })
    .from(users)
    .where(inArray(users.username, [...DEMO_CONVERSATION_PEOPLE]));
  const idOf = new Map(people.map((row) => [row.username, row.user_id]));
  const teacher = idOf.get('teacher');
  const student = idOf.get('student');
  if (teacher === undefined || student === undefined) return 0;
  const directKey = [teacher, student].sort((a, b) => a - b).join(':');
  const [existing] = await tx
    .select({ id: conversations.conversation_id })
    .from(conversations)
    .where(eq(conversations.direct_key, directKey));
  if (existing) return 0;
  const [conversation] = await tx
    .insert(conversations)
    .values({ type: 'direct', direct_key: directKey, created_by: teacher })
    .returning();
  const conversationId = conversation?.conversation_id as number;
  const start = Date.now() - LINES.length * 15 * 60_000;
  const inserted = await tx
    .insert(messages)
    .values(
      LINES.map((line, index) => ({
        conversation_id: conversationId,
        sender_id: idOf.get(line.from) as number,
        body: line.body,
        created_at: new Date(start + index * 15 * 60_000),
      })),
    )
    .returning({ message_id: messages.message_id, created_at: messages.created_at });
  const ids = inserted.map((row) => row.message_id);
  await tx
    .update(conversations)
    .set({ last_message_at: inserted.at(-1)?.created_at ?? new Date() })
    .where(eq(conversations.conversation_id, conversationId));
  await tx.insert(conversationMembers).values([
    { conversation_id: conversationId, user_id: teacher, role: 'owner', last_read_message_id: ids[2] ?? 0 },
    { conversation_id: conversationId, user_id: student, role: 'member', last_read_message_id: ids[1] ?? 0 },
  ]);
  return 1;
}
