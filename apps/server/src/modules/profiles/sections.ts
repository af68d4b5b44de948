import {
  PROFILE_SECTIONS,
  type ProfileSection,
  type ProfileSectionRecord,
  SECTION_SCHEMAS,
  scoreSelfAssessment,
} from '@nexus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { profileSections } from '../../db/schema';
import { badRequest } from '../../http/app-error';

type Row = Pick<typeof profileSections.$inferSelect, 'section' | 'data' | 'modified_at'>;

/** A stored section as it leaves the server: `show_on_profile` lives in the data but travels beside it. */
export function toSectionRecord(row: Row): ProfileSectionRecord {
  const { show_on_profile, ...data } = (row.data ?? {}) as Record<string, unknown>;
  return {
    section: row.section as ProfileSection,
    data,
    show_on_profile: show_on_profile === true,
    modified_at: row.modified_at.toISOString(),
  };
}

/**
 * Validates a section body with its own schema and answers a 400 naming each field, in the same
 * shape the request validator uses (`Invalid body: stage: ...`).
 */
export function parseSection(section: ProfileSection, body: unknown): Record<string, unknown> {
  const schema: z.ZodType = SECTION_SCHEMAS[section];
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => ({
      in: 'body',
      path: issue.path.join('.'),
      message: issue.message,
    }));
    const named = details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)).join('; ');
    throw badRequest(`Invalid body: ${named}`, details);
  }
  const data = parsed.data as Record<string, unknown>;
  if (section === 'self-assessment') {
    // The score is computed here, never taken from the client.
    return { ...data, score: scoreSelfAssessment(data.ratings as Record<string, { score: number }>) };
  }
  return data;
}

const rowColumns = {
  section: profileSections.section,
  data: profileSections.data,
  modified_at: profileSections.modified_at,
};

export async function findSection(
  db: DbOrTx,
  userId: number,
  section: ProfileSection,
): Promise<ProfileSectionRecord | null> {
  const [row] = await db
    .select(rowColumns)
    .from(profileSections)
    .where(
      and(
        eq(profileSections.user_id, userId),
        eq(profileSections.section, section),
        eq(profileSections.is_deleted, false),
      ),
    )
    .limit(1);
  return row ? toSectionRecord(row) : null;
}

/** Every live section of a user, in the order of PROFILE_SECTIONS. */
export async function sectionsOf(db: DbOrTx, userId: number): Promise<ProfileSectionRecord[]> {
  const rows = await db
    .select(rowColumns)
    .from(profileSections)
    .where(and(eq(profileSections.user_id, userId), eq(profileSections.is_deleted, false)));
  const order = (record: ProfileSectionRecord) => PROFILE_SECTIONS.indexOf(record.section);
  return rows
    .map(toSectionRecord)
    .filter((record) => order(record) >= 0)
    .sort((a, b) => order(a) - order(b));
}

/** Creates or replaces the caller's section (one per user and section; a deleted one comes back). */
export async function saveSection(
  db: DbOrTx,
  userId: number,
  section: ProfileSection,
  data: Record<string, unknown>,
): Promise<ProfileSectionRecord> {
  const [row] = await db
    .insert(profileSections)
    .values({ user_id: userId, section, data, created_by: userId, modified_by: userId })
    .onConflictDoUpdate({
      target: [profileSections.user_id, profileSections.section],
      set: {
        data,
        modified_by: userId,
        modified_at: sql`now()`,
        is_deleted: false,
        deleted_at: null,
        deleted_by: null,
      },
    })
    .returning(rowColumns);
  return toSectionRecord(row!);
}

/** Fields of the sections that say what a person knows or cares about. */
const INTEREST_FIELDS = [
  'skills',
  'cofounder_skills',
  'causes',
  'sector',
  'sectors',
  'interests',
  'field',
  'title',
];

function interestWords(value: unknown, into: string[]): void {
  if (typeof value === 'string' && value.trim() !== '') into.push(value.trim());
  else if (Array.isArray(value)) for (const item of value) interestWords(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value))
      if (INTEREST_FIELDS.includes(key)) interestWords(inner, into);
  }
}

/**
 * What the person's own sections say they know or care about (skills, causes, sectors, fields of
 * study, job titles), for suggestions: the person's own data only.
 */
export async function profileKeywords(db: DbOrTx, userId: number): Promise<string[]> {
  const words: string[] = [];
  for (const record of await sectionsOf(db, userId)) {
    const data = record.data as Record<string, unknown>;
    for (const key of INTEREST_FIELDS) interestWords(data[key], words);
    interestWords(data.education, words);
    interestWords(data.experience, words);
  }
  return [...new Set(words)].slice(0, 60);
}
