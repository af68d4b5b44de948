import { inArray, sql } from 'drizzle-orm';
import { freeSlots, refreshNextFree } from '../../modules/experts';
import type { Tx } from '../client';
import {
  expertAvailability,
  expertEngagements,
  expertFeedback,
  expertNotes,
  expertProfiles,
  expertPrograms,
  expertSessions,
  users,
} from '../schema';

const DAY = 86_400_000;

/** The demo experts: who they are, when they work (their own zone) and what they offer. */
const EXPERTS = [
  {
    username: 'mentor',
    headline: 'Product discovery and first customers for early-stage founders',
    bio: 'Ten years of taking products from a sketch to their first hundred customers.',
    expertise: ['product', 'customer discovery', 'pitching'],
    languages: ['en', 'fr'],
    time_zone: 'Europe/Paris',
    hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start_minute: 9 * 60, end_minute: 17 * 60 })),
    program: { title: 'From idea to first customers', session_count: 4 },
  },
  {
    username: 'investor',
    headline: 'Fundraising: pre-seed and seed rounds, term sheets',
    bio: 'Angel investor; I help founders prepare a round and read a term sheet.',
    expertise: ['fundraising', 'finance', 'pitching'],
    languages: ['en'],
    time_zone: 'America/New_York',
    hours: [1, 3].map((weekday) => ({ weekday, start_minute: 10 * 60, end_minute: 14 * 60 })),
    program: { title: 'Get ready for your seed round', session_count: 3 },
  },
  {
    username: 'teacher',
    headline: 'Teaching and learning design',
    bio: 'I design courses and coach new teachers.',
    expertise: ['education', 'learning design'],
    languages: ['en', 'es'],
    time_zone: 'Asia/Kolkata',
    hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_minute: 8 * 60, end_minute: 12 * 60 })),
    program: null,
  },
] as const;

/**
 * Experts (issue 20 point 3): three experts with hours and programs; the student takes the mentor's
 * program with a past (rated) session, a booked one and a shared note; the entrepreneur has a single
 * session booked with the investor. Sessions are taken from the experts' real free slots.
 */
export async function seedDemoExperts(tx: Tx): Promise<number> {
  const names = [...EXPERTS.map((e) => e.username), 'student', 'entrepreneur'];
  const rows = await tx
    .select({ user_id: users.user_id, username: users.username })
    .from(users)
    .where(inArray(users.username, names));
  const idOf = new Map(rows.map((row) => [row.username, row.user_id]));
  if (names.some((name) => !idOf.has(name))) return 0;
  const [existing] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(expertProfiles)
    .where(inArray(expertProfiles.user_id, [...idOf.values()]));
  if ((existing?.n ?? 0) > 0) return 0;
  const now = new Date();
  const programOf = new Map<string, number>();
  const firstSlots = new Map<string, Date[]>();
  for (const expert of EXPERTS) {
    const userId = idOf.get(expert.username)!;
    const calendar = {
      time_zone: expert.time_zone,
      session_minutes: 60,
      buffer_minutes: 15,
      weekly: expert.hours,
      exceptions: [],
    };
    const slots = freeSlots(calendar, [], { from: now, to: new Date(now.getTime() + 21 * DAY), now });
    firstSlots.set(
      expert.username,
      slots.map((slot) => slot.starts_at).filter((start) => start.getTime() > now.getTime() + 2 * DAY),
    );
    await tx.insert(expertProfiles).values({
      user_id: userId,
      headline: expert.headline,
      bio: expert.bio,
      expertise: [...expert.expertise],
      languages: [...expert.languages],
      time_zone: expert.time_zone,
      next_free_at: slots[0]?.starts_at ?? null,
    });
    await tx.insert(expertAvailability).values(expert.hours.map((rule) => ({ expert_id: userId, ...rule })));
    if (expert.program) {
      const [program] = await tx
        .insert(expertPrograms)
        .values({
          expert_id: userId,
          title: expert.program.title,
          session_count: expert.program.session_count,
        })
        .returning({ id: expertPrograms.expert_program_id });
      programOf.set(expert.username, program!.id);
    }
  }
  const mentor = idOf.get('mentor')!;
  const student = idOf.get('student')!;
  const [engagement] = await tx
    .insert(expertEngagements)
    .values({ expert_program_id: programOf.get('mentor')!, mentee_id: student })
    .returning({ id: expertEngagements.engagement_id });
  // A past session (before any hours-check: it is history) and its ratings.
  const pastStart = new Date(Math.floor((now.getTime() - 7 * DAY) / 3_600_000) * 3_600_000);
  const [past] = await tx
    .insert(expertSessions)
    .values({
      expert_id: mentor,
      mentee_id: student,
      engagement_id: engagement!.id,
      starts_at: pastStart,
      ends_at: new Date(pastStart.getTime() + 3_600_000),
      topic: 'Who has the problem?',
    })
    .returning({ id: expertSessions.session_id });
  await tx.insert(expertFeedback).values([
    { session_id: past!.id, author_id: student, rating: 5, comment: 'Clear next steps, thank you!' },
    { session_id: past!.id, author_id: mentor, rating: 4, comment: 'Well prepared.' },
  ]);
  const mentorNext = firstSlots.get('mentor')![0]!;
  await tx.insert(expertSessions).values({
    expert_id: mentor,
    mentee_id: student,
    engagement_id: engagement!.id,
    starts_at: mentorNext,
    ends_at: new Date(mentorNext.getTime() + 3_600_000),
    topic: 'Interview script review',
  });
  await tx.insert(expertNotes).values({
    engagement_id: engagement!.id,
    author_id: mentor,
    body: 'Before next time: talk to five people who have the problem, and write down their words.',
  });
  const investorNext = firstSlots.get('investor')![0]!;
  await tx.insert(expertSessions).values({
    expert_id: idOf.get('investor')!,
    mentee_id: idOf.get('entrepreneur')!,
    starts_at: investorNext,
    ends_at: new Date(investorNext.getTime() + 3_600_000),
    topic: 'Is my deck ready?',
  });
  // The cached first free slots now step past the seeded bookings.
  for (const expert of EXPERTS) await refreshNextFree(tx, idOf.get(expert.username)!, now);
  return EXPERTS.length;
}
