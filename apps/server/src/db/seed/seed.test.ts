import { TEMP_ROLE_DISPLAY_NAME, TEMP_ROLE_ID, TEMP_ROLE_NAME } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestDatabase } from '../../test/make-app';
import type { Database } from '../client';
import { seed } from './index';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await makeTestDatabase());
});
afterAll(async () => drop());

async function counts() {
  const result = await database.system.execute<{ name: string; n: number }>(sql`
    select 'users' as name, count(*)::int as n from users
    union all select 'roles', count(*)::int from roles
    union all select 'tenants', count(*)::int from tenants
    union all select 'user_roles', count(*)::int from user_roles
    union all select 'custom_menus', count(*)::int from custom_menus
    union all select 'user_settings', count(*)::int from user_settings
    union all select 'tenant_subscriptions', count(*)::int from tenant_subscriptions
    union all select 'programs', count(*)::int from programs
    union all select 'units', count(*)::int from units
    union all select 'assessments', count(*)::int from assessments
    union all select 'assessment_questions', count(*)::int from assessment_questions
    union all select 'conversations', count(*)::int from conversations
    union all select 'messages', count(*)::int from messages
    union all select 'communities', count(*)::int from communities
    union all select 'forum_topics', count(*)::int from forum_topics
    union all select 'forum_posts', count(*)::int from forum_posts
    union all select 'events', count(*)::int from events
    union all select 'event_registrations', count(*)::int from event_registrations
    union all select 'connections', count(*)::int from connections
    union all select 'posts', count(*)::int from posts
    union all select 'readiness_results', count(*)::int from readiness_results
    union all select 'readiness_reviews', count(*)::int from readiness_reviews
    union all select 'stat_modules', count(*)::int from stat_modules
    union all select 'startups', count(*)::int from startups
    union all select 'projects', count(*)::int from projects
    union all select 'innovation_centers', count(*)::int from innovation_centers
    union all select 'open_cohorts', count(*)::int from cohorts where now() between opens_at and closes_at
    union all select 'investors', count(*)::int from investors
    union all select 'open_calls', count(*)::int from funding_calls where closes_at > now()
    union all select 'organisation_locations', count(*)::int from organisation_locations
    union all select 'notes', count(*)::int from notes
    union all select 'diary_entries', count(*)::int from diary_entries
    union all select 'announcements', count(*)::int from announcements where status = 'published'`);
  const rows = (result as unknown as { rows?: { name: string; n: number }[] }).rows ?? (result as never);
  return Object.fromEntries(rows.map((row) => [row.name, row.n]));
}

describe('demo seed', () => {
  const options = { adminEmail: 'Admin@Example.test', adminPassword: 'a-long-admin-password' };

  it('is idempotent: a second run adds nothing', async () => {
    await seed(database, options);
    const first = await counts();
    expect(first.users).toBeGreaterThan(10);
    expect(first.tenant_subscriptions).toBe(first.tenants);
    // One published platform program for a new learner to enrol in, closed by a two-question quiz,
    // and one holding a live session for the calendar.
    expect(first.programs).toBe(2);
    expect(first.units).toBe(6);
    // Plus the four readiness surveys: 3 + 1 + 6 + 6 questions, one per dimension.
    expect(first.assessments).toBe(5);
    expect(first.assessment_questions).toBe(18);
    // A demo conversation between the teacher and the student of Riverside, its last line unread.
    expect(first.conversations).toBe(1);
    expect(first.messages).toBe(3);
    // A public platform community (two topics, a group) and Riverside's private one (one topic).
    expect(first.communities).toBe(2);
    expect(first.forum_topics).toBe(3);
    expect(first.forum_posts).toBe(8);
    // Demo events: a platform online day, Riverside's full evening with one waiting, a past clinic.
    expect(first.events).toBe(3);
    expect(first.event_registrations).toBe(8);
    // A small network: three connections and a request waiting, five posts (a draft, a scheduled one).
    expect(first.connections).toBe(4);
    expect(first.posts).toBe(5);
    // Readiness history of the two demo founders, one answered review and one waiting for the mentor.
    expect(first.readiness_results).toBe(11);
    expect(first.readiness_reviews).toBe(2);
    expect(first.stat_modules).toBe(2);
    // The ecosystem: startups, projects, three centers each with an open cohort, two investors with
    // three open calls (and a closed one), and the four demo organisations on the map.
    expect(first.startups).toBe(6);
    expect(first.projects).toBe(3);
    expect(first.innovation_centers).toBe(3);
    expect(first.open_cohorts).toBe(3);
    expect(first.investors).toBe(2);
    expect(first.open_calls).toBe(3);
    expect(first.organisation_locations).toBe(4);
    // Personal tools: the student's three notes and diary days, the platform admin's two of each.
    expect(first.notes).toBe(5);
    expect(first.diary_entries).toBe(5);
    // Announcements: a pinned one for everyone, one for students, one of Riverside's.
    expect(first.announcements).toBe(3);
    const quiz = await database.system.execute(
      sql`select status, max_attempts, show_correct_answers from assessments where kind = 'quiz'`,
    );
    // Retakes on the demo data: a learner who fails the quiz can still finish the program.
    expect((quiz as unknown as { rows: unknown[] }).rows).toEqual([
      { status: 'published', max_attempts: 3, show_correct_answers: true },
    ]);
    await seed(database, options);
    expect(await counts()).toEqual(first);
  });

  it('seeds the temp role with its fixed id and every registration role type of spec section 6', async () => {
    const result = await database.system.execute<{
      role_id: number;
      role_name: string;
      display_name: string;
    }>(sql`select role_id, role_name, display_name from roles`);
    const rows = (
      result as unknown as { rows: { role_id: number; role_name: string; display_name: string }[] }
    ).rows;
    expect(rows.find((row) => row.role_id === TEMP_ROLE_ID)).toMatchObject({
      role_name: TEMP_ROLE_NAME,
      display_name: TEMP_ROLE_DISPLAY_NAME,
    });
    const names = new Set(rows.map((row) => row.role_name));
    for (const type of [
      'investor',
      'entrepreneur',
      'startup',
      'incubator',
      'accelerator',
      'startup-hub',
      'government-body',
      'industry-body',
      'diaspora',
      'volunteer',
      'individual',
    ]) {
      expect(names).toContain(type);
    }
  });

  it('creates a platform admin with a hashed password and tenants of several types', async () => {
    const admin = await database.system.execute<{ password_hash: string; is_platform_admin: boolean }>(
      sql`select password_hash, is_platform_admin from users where email = 'admin@example.test'`,
    );
    const [row] = (admin as unknown as { rows: { password_hash: string; is_platform_admin: boolean }[] })
      .rows;
    expect(row?.is_platform_admin).toBe(true);
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const types = await database.system.execute<{ n: number }>(
      sql`select count(distinct tenant_type)::int as n from tenants`,
    );
    expect((types as unknown as { rows: { n: number }[] }).rows[0]?.n).toBeGreaterThan(1);
  });
});
