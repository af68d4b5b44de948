import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client';
import { eventRegistrations, eventsTable, tenants, users } from '../schema';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A day `days` from now at `hour`:00 UTC. */
const at = (days: number, hour: number) => {
  const date = new Date(Date.now() + days * DAY);
  date.setUTCHours(hour, 0, 0, 0);
  return date;
};

type Status = 'confirmed' | 'waiting';

/**
 * Demo events (issue 17 point 5), so /event-block and the event pages show something to the demo
 * users: a public online event of the platform, an in-person evening of Riverside Institute with
 * questions and three seats (full, with one person waiting), and a past workshop. Idempotent: an
 * event whose title exists is left as it is.
 */
export async function seedDemoEvents(tx: Tx): Promise<number> {
  const people = await tx
    .select({ user_id: users.user_id, username: users.username, admin: users.is_platform_admin })
    .from(users)
    .where(
      inArray(users.username, [
        'admin',
        'individual',
        'student',
        'teacher',
        'mentor',
        'entrepreneur',
        'institute-admin',
      ]),
    );
  const idOf = new Map(people.map((row) => [row.username, row.user_id]));
  const [riverside] = await tx
    .select({ id: tenants.tenant_id })
    .from(tenants)
    .where(eq(tenants.tenant_name, 'Riverside Institute of Technology'));
  const demo = [
    {
      title: 'Nexus Community Demo Day',
      tenant_id: null,
      created_by: idOf.get('admin') ?? null,
      summary: 'Startups from across the platform show what they built this season.',
      description:
        '<p>Ten startups, five minutes each, then open questions. Bring your curiosity; the link is sent to registered people.</p>',
      mode: 'online' as const,
      online_url: 'https://meet.example.org/nexus-demo-day',
      venue: null,
      starts_at: at(5, 16),
      ends_at: at(5, 18),
      time_zone: 'Europe/London',
      capacity: 200,
      questions: [],
      registrations: [
        ['individual', 'confirmed'],
        ['student', 'confirmed'],
        ['mentor', 'confirmed'],
      ] as [string, Status][],
    },
    {
      title: 'Riverside Open Lab Evening',
      tenant_id: riverside?.id ?? null,
      created_by: idOf.get('institute-admin') ?? null,
      summary: 'Tour the labs, meet the teams and try the prototypes.',
      description:
        '<p>The doors open at 18:00. Tell us your role so we can match you with a guide.</p><ul><li>Robotics lab</li><li>Maker space</li></ul>',
      mode: 'in_person' as const,
      online_url: null,
      venue: 'Riverside Institute of Technology, Building C, 12 River Road',
      starts_at: at(9, 17),
      ends_at: at(9, 20),
      time_zone: 'Europe/Paris',
      capacity: 3,
      questions: [
        {
          question_id: 'role',
          label: 'What brings you?',
          kind: 'choice' as const,
          required: true,
          choices: ['Student', 'Founder', 'Investor', 'Just curious'],
        },
        { question_id: 'diet', label: 'Dietary needs', kind: 'text' as const, required: false, choices: [] },
      ],
      registrations: [
        ['student', 'confirmed'],
        ['teacher', 'confirmed'],
        ['individual', 'confirmed'],
        ['entrepreneur', 'waiting'],
      ] as [string, Status][],
    },
    {
      title: 'Pitch Clinic (recorded)',
      tenant_id: null,
      created_by: idOf.get('admin') ?? null,
      summary: 'Mentors reviewed five pitches live; the recording is on the event page.',
      description: '<p>A past session, kept for its notes.</p>',
      mode: 'online' as const,
      online_url: 'https://meet.example.org/pitch-clinic',
      venue: null,
      starts_at: at(-12, 15),
      ends_at: at(-12, 16),
      time_zone: 'UTC',
      capacity: null,
      questions: [],
      registrations: [['individual', 'confirmed']] as [string, Status][],
    },
  ];
  const existing = await tx
    .select({ title: eventsTable.title })
    .from(eventsTable)
    .where(
      inArray(
        eventsTable.title,
        demo.map((event) => event.title),
      ),
    );
  const have = new Set(existing.map((row) => row.title));
  let created = 0;
  for (const { registrations, ...event } of demo) {
    if (have.has(event.title)) continue;
    const seated = registrations.filter(([name, status]) => status === 'confirmed' && idOf.has(name));
    const [row] = await tx
      .insert(eventsTable)
      .values({
        ...event,
        last_ends_at: event.ends_at,
        visibility: 'public',
        status: 'published',
        seats_taken: seated.length,
        modified_by: event.created_by,
      })
      .returning({ id: eventsTable.event_id });
    const eventId = row!.id;
    const rows = registrations
      .filter(([name]) => idOf.has(name))
      .map(([name, status], index) => ({
        event_id: eventId,
        tenant_id: event.tenant_id,
        user_id: idOf.get(name) as number,
        status,
        answers: event.questions.length > 0 ? { role: index % 2 === 0 ? 'Student' : 'Just curious' } : {},
        ticket_code: status === 'confirmed' ? randomBytes(24).toString('base64url') : null,
        confirmed_at: status === 'confirmed' ? new Date(Date.now() - HOUR) : null,
        waiting_since: status === 'waiting' ? new Date(Date.now() - HOUR + index * 1000) : null,
      }));
    if (rows.length > 0) await tx.insert(eventRegistrations).values(rows);
    created += 1;
  }
  return created;
}
