import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client';
import { announcements, roles, tenants, users } from '../schema';

const HOUR = 3_600_000;
const INSTITUTE = 'Riverside Institute of Technology';

/**
 * Demo announcements (issue 22): one pinned for everyone on the platform, one for students, and one
 * of Riverside's to its members, so /announcements and the hubs' announcement blocks show what they
 * do. Published as the platform admin (Riverside's by its admin). Written only while none exists.
 */
export async function seedDemoAnnouncements(tx: Tx): Promise<void> {
  const [any] = await tx.select({ id: announcements.announcement_id }).from(announcements).limit(1);
  if (any) return;
  const people = await tx
    .select({ id: users.user_id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['admin', 'institute-admin']));
  const id = new Map(people.map((person) => [person.username, person.id]));
  const admin = id.get('admin');
  if (!admin) return;
  const [student] = await tx.select({ id: roles.role_id }).from(roles).where(eq(roles.role_name, 'student'));
  const [institute] = await tx
    .select({ id: tenants.tenant_id })
    .from(tenants)
    .where(and(eq(tenants.tenant_name, INSTITUTE), eq(tenants.tenant_type, 'institute')));
  const now = Date.now();
  const published = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
  const rows = [
    {
      tenant_id: null,
      role_id: null,
      title: 'Demo Day is on 6 December',
      body: '<p>Founders pitch live at the <strong>Nexus Community Demo Day</strong>. Register on the events page to get the online link.</p>',
      pinned: true,
      by: admin,
      hoursAgo: 2,
    },
    ...(student
      ? [
          {
            tenant_id: null,
            role_id: student.id,
            title: 'Internships for students are open',
            body: '<p>Acme Corporate Labs takes interns for the summer. Find them under <em>Jobs and internships</em>.</p>',
            pinned: false,
            by: admin,
            hoursAgo: 26,
          },
        ]
      : []),
    ...(institute
      ? [
          {
            tenant_id: institute.id,
            role_id: null,
            title: 'The maker lab opens on Saturdays',
            body: '<p>From this week the maker lab in Building C is open on Saturdays from 10:00 to 16:00.</p>',
            pinned: false,
            by: id.get('institute-admin') ?? admin,
            hoursAgo: 50,
          },
        ]
      : []),
  ];
  for (const { by, hoursAgo, ...row } of rows) {
    await tx.insert(announcements).values({
      ...row,
      status: 'published',
      published_by: by,
      published_at: published(hoursAgo),
      created_by: by,
      modified_by: by,
    });
  }
}
