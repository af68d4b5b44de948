import type { CalendarItem } from '@nexus/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { courses, modules, programAuthors, programEnrollments, programs, units } from '../../db/schema';
import { inScope } from '../../db/scope';
import { type CalendarRange, overlaps } from './sources';

const HOUR = 3_600_000;
const DAY = 86_400_000;

interface LiveContent {
  starts_at?: unknown;
  ends_at?: unknown;
  schedule_id?: unknown;
  batch_id?: unknown;
}

const instant = (value: unknown): Date | null => {
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};
const positive = (value: unknown): number => (typeof value === 'number' && value > 0 ? value : 1);

/**
 * The user's programs: those they are enrolled in (published, not withdrawn) and those they own or
 * co-author. Read across every tenant on purpose: the calendar is one per person, and the feed has
 * no session; every row is tied to this user, so nobody else's programs come into it.
 */
async function programsOf(tx: Tx, userId: number) {
  const enrolled = await tx
    .select({ program_id: programEnrollments.program_id })
    .from(programEnrollments)
    .innerJoin(programs, eq(programs.program_id, programEnrollments.program_id))
    .where(
      and(
        eq(programEnrollments.user_id, userId),
        eq(programEnrollments.is_deleted, false),
        ne(programEnrollments.status, 'withdrawn'),
        eq(programs.status, 'published'),
      ),
    );
  const owned = await tx
    .select({ program_id: programs.program_id })
    .from(programs)
    .where(eq(programs.created_by, userId));
  const coAuthored = await tx
    .select({ program_id: programAuthors.program_id })
    .from(programAuthors)
    .where(eq(programAuthors.user_id, userId));
  return {
    learner: new Set(enrolled.map((row) => row.program_id)),
    teacher: new Set([...owned, ...coAuthored].map((row) => row.program_id)),
  };
}

function programDates(
  program: { program_id: number; program_name: string; start_date: Date | null; end_date: Date | null },
  range: CalendarRange,
): CalendarItem[] {
  const items: CalendarItem[] = [];
  const url = `/programs/overview/${program.program_id}`;
  const day = (date: Date) =>
    new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const add = (kind: 'program_start' | 'program_end', date: Date | null, title: string) => {
    if (!date) return;
    const start = day(date);
    const end = new Date(start.getTime() + DAY);
    if (!overlaps(start, end, range)) return;
    const uid = `${kind.replace('_', '-')}-${program.program_id}`;
    items.push({ uid, title, start: start.toISOString(), end: end.toISOString(), all_day: true, url, kind });
  };
  add('program_start', program.start_date, `${program.program_name} starts`);
  add('program_end', program.end_date, `${program.program_name} ends`);
  return items;
}

/**
 * Learning's contribution to the calendar: the live sessions of the user's programs (a learner's
 * item opens the unit; a teacher's opens the session's attendance sheet) and the programs' first
 * and last days as all-day items. A session without a start has no place in a calendar; one
 * without an end lasts an hour.
 */
export async function learningItems(
  database: Database,
  userId: number,
  range: CalendarRange,
): Promise<CalendarItem[]> {
  return inScope(database.db, 'all', async (tx) => {
    const mine = await programsOf(tx, userId);
    const ids = [...new Set([...mine.learner, ...mine.teacher])];
    if (ids.length === 0) return [];
    const programRows = await tx
      .select({
        program_id: programs.program_id,
        program_name: programs.program_name,
        start_date: programs.start_date,
        end_date: programs.end_date,
      })
      .from(programs)
      .where(and(inArray(programs.program_id, ids), eq(programs.is_deleted, false)));
    const live = await tx
      .select({
        unit_id: units.unit_id,
        unit_name: units.unit_name,
        content: units.content,
        program_id: courses.program_id,
      })
      .from(units)
      .innerJoin(modules, eq(modules.module_id, units.module_id))
      .innerJoin(courses, eq(courses.course_id, modules.course_id))
      .where(
        and(
          inArray(courses.program_id, ids),
          eq(units.unit_type, 'live_session'),
          eq(units.is_deleted, false),
          eq(modules.is_deleted, false),
          eq(courses.is_deleted, false),
        ),
      );
    const names = new Map(programRows.map((row) => [row.program_id, row.program_name]));
    const items = programRows.flatMap((program) => programDates(program, range));
    for (const unit of live) {
      const programName = names.get(unit.program_id);
      if (programName === undefined) continue;
      const content = (unit.content ?? {}) as LiveContent;
      const start = instant(content.starts_at);
      if (!start) continue;
      const ends = instant(content.ends_at);
      const end = ends && ends > start ? ends : new Date(start.getTime() + HOUR);
      if (!overlaps(start, end, range)) continue;
      const when = { start: start.toISOString(), end: end.toISOString(), all_day: false };
      const description = `Live session of ${programName}`;
      if (mine.learner.has(unit.program_id)) {
        items.push({
          uid: `live-session-${unit.unit_id}`,
          title: unit.unit_name,
          ...when,
          url: `/program-content/${unit.program_id}?unit=${unit.unit_id}`,
          kind: 'live_session',
          location: 'Online',
          description,
        });
      }
      if (mine.teacher.has(unit.program_id)) {
        const sheet = `${positive(content.schedule_id)}/${unit.unit_id}/${positive(content.batch_id)}`;
        items.push({
          uid: `attendance-${unit.unit_id}`,
          title: `Attendance: ${unit.unit_name}`,
          ...when,
          url: `/attendance/live_session/${sheet}`,
          kind: 'attendance',
          location: 'Online',
          description,
        });
      }
    }
    return items;
  });
}
