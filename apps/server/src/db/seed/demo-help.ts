import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../client';
import {
  diaryEntries,
  faqs,
  notes,
  privacyPolicies,
  supportReplies,
  supportRequests,
  tenants,
  users,
} from '../schema';

const DAY = 86_400_000;
const INSTITUTE = 'Riverside Institute of Technology';

const NOTES = [
  {
    title: 'Pitch deck outline',
    body: '<p>Problem, solution, <strong>market size</strong>, traction, team, ask.</p>',
    tags: ['pitch', 'startup'],
  },
  {
    title: 'Questions for my mentor',
    body: '<ul><li>Pricing for schools?</li><li>First pilot partner?</li></ul>',
    tags: ['mentor'],
  },
  { title: 'Reading list', body: '<p>The Mom Test; Lean Startup; Zero to One.</p>', tags: ['reading'] },
];

/** The platform administrator's own, so their /notes and /dairy show what the tools do too. */
const ADMIN_NOTES = [
  {
    title: 'Platform launch checklist',
    body: '<ul><li>Review every hub before it is published</li><li>Check each organisation has a plan</li></ul>',
    tags: ['launch', 'admin'],
  },
  {
    title: 'Ideas for the next hub',
    body: '<p>A <strong>climate hub</strong>: energy reports, the solar case study and clean-tech funding calls.</p>',
    tags: ['hubs'],
  },
];

const DIARY = [
  {
    daysAgo: 0,
    title: 'Demo day prep',
    body: '<p>Rehearsed the pitch twice. Timing is now under five minutes.</p>',
  },
  { daysAgo: 1, title: '', body: '<p>Met the incubator team; they liked the classroom pilot idea.</p>' },
  {
    daysAgo: 3,
    title: 'First survey results',
    body: '<p>23 teachers answered; most want offline access.</p>',
  },
];

const ADMIN_DIARY = [
  {
    daysAgo: 0,
    title: 'Hub review',
    body: '<p>Walked through the idea hub with the incubator team; they want a pitching block first.</p>',
  },
  { daysAgo: 2, title: '', body: '<p>Two new organisations asked for the free plan.</p>' },
];

type NoteSeed = (typeof NOTES)[number];
type DiarySeed = (typeof DIARY)[number];

/** A person's notes and diary, written only while they have none. */
async function seedPersonal(tx: Tx, owner: number, ownNotes: NoteSeed[], ownDiary: DiarySeed[]) {
  const haveNotes = await tx
    .select({ id: notes.note_id })
    .from(notes)
    .where(eq(notes.user_id, owner))
    .limit(1);
  if (haveNotes.length === 0) {
    for (const note of ownNotes) {
      await tx.insert(notes).values({
        user_id: owner,
        tenant_id: null,
        ...note,
        body_text: note.body
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
        created_by: owner,
        modified_by: owner,
      });
    }
  }
  const haveDiary = await tx
    .select({ id: diaryEntries.entry_id })
    .from(diaryEntries)
    .where(eq(diaryEntries.user_id, owner))
    .limit(1);
  if (haveDiary.length === 0) {
    for (const entry of ownDiary) {
      await tx.insert(diaryEntries).values({
        user_id: owner,
        tenant_id: null,
        entry_date: new Date(Date.now() - entry.daysAgo * DAY).toISOString().slice(0, 10),
        title: entry.title,
        body: entry.body,
        created_by: owner,
        modified_by: owner,
      });
    }
  }
}

const FAQS = [
  {
    category: 'Account',
    question: 'How do I change my password?',
    answer:
      '<p>Open <strong>Settings</strong>, then <em>Change password</em>. A code is mailed to you first.</p>',
  },
  {
    category: 'Account',
    question: 'Can I belong to more than one organisation?',
    answer: '<p>Yes. Switch between them from the organisation menu at the top of the page.</p>',
  },
  {
    category: 'Learning',
    question: 'Where do I find my certificates?',
    answer:
      '<p>Finished programs issue a certificate you can download from <em>My library</em> and share by link.</p>',
  },
  {
    category: 'Privacy',
    question: 'Who can read my notes and diary?',
    answer: '<p>Only you. Not even administrators can open them.</p>',
  },
];

const POLICY_BODY = `<h2>What we collect</h2><p>Your account details, what you choose to share on your profile, and
the records of your learning and activity on Nexus.</p><h2>Cookies</h2><p>Essential cookies keep you signed in.
Performance and analytics cookies are optional and only set when you allow them.</p><h2>Your rights</h2><p>You can
download or erase your account at any time from Settings.</p>`;

/**
 * Demo content for the personal tools and help pages (issue 22): the student's and the platform
 * administrator's notes and diaries, the student's two support requests (one answered), the platform FAQs, and version 1 of the privacy policy.
 * Idempotent: each part is written only while its rows are missing.
 */
export async function seedDemoHelp(tx: Tx): Promise<void> {
  const people = await tx
    .select({ id: users.user_id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['student', 'institute-admin', 'admin']));
  const id = new Map(people.map((p) => [p.username, p.id]));
  const student = id.get('student');
  const [institute] = await tx
    .select({ id: tenants.tenant_id })
    .from(tenants)
    .where(eq(tenants.tenant_name, INSTITUTE));

  if (student) {
    await seedPersonal(tx, student, NOTES, DIARY);
    const haveRequests = await tx
      .select({ id: supportRequests.request_id })
      .from(supportRequests)
      .where(eq(supportRequests.requester_id, student))
      .limit(1);
    if (haveRequests.length === 0) {
      const [answered] = await tx
        .insert(supportRequests)
        .values({
          tenant_id: null,
          requester_id: student,
          subject: 'My certificate shows the wrong name',
          body: 'The certificate for Design Thinking reads "Stela" instead of "Stella".',
          category: 'learning',
          status: id.get('admin') ? 'answered' : 'open',
          created_by: student,
          modified_by: student,
        })
        .returning({ id: supportRequests.request_id });
      const admin = id.get('admin');
      if (answered && admin) {
        await tx.insert(supportReplies).values({
          request_id: answered.id,
          tenant_id: null,
          author_id: admin,
          body: 'Thanks for telling us. Correct your name in Settings and the certificate is issued again.',
          from_staff: true,
          created_by: admin,
          modified_by: admin,
        });
      }
      if (institute) {
        await tx.insert(supportRequests).values({
          tenant_id: institute.id,
          requester_id: student,
          subject: 'Lab access on weekends',
          body: 'Can students book the maker lab on Saturdays?',
          category: 'other',
          created_by: student,
          modified_by: student,
        });
      }
    }
  }
  const platformAdmin = id.get('admin');
  if (platformAdmin) await seedPersonal(tx, platformAdmin, ADMIN_NOTES, ADMIN_DIARY);

  const haveFaqs = await tx
    .select({ id: faqs.faq_id })
    .from(faqs)
    .where(and(isNull(faqs.tenant_id), eq(faqs.is_deleted, false)))
    .limit(1);
  if (haveFaqs.length === 0) {
    for (const [position, faq] of FAQS.entries()) {
      await tx.insert(faqs).values({
        tenant_id: null,
        ...faq,
        answer_text: faq.answer
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
        position,
      });
    }
  }

  const havePolicy = await tx.select({ id: privacyPolicies.policy_id }).from(privacyPolicies).limit(1);
  if (havePolicy.length === 0) {
    await tx.insert(privacyPolicies).values({
      version: 1,
      effective_date: '2026-01-01',
      summary: 'First published version',
      body: POLICY_BODY.replace(/\n/g, ' '),
      published_by: id.get('admin') ?? null,
    });
  }
}
