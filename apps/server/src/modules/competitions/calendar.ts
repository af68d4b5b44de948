import type { CalendarItem } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { inScope } from '../../db/scope';
import type { CalendarRange } from '../calendar';

/** How long before a deadline its calendar block starts: a deadline is an instant, a calendar wants a span. */
const DEADLINE_BLOCK_MS = 30 * 60_000;

/**
 * The calendar's competition deadlines: for each competition the user takes part in (a member of an
 * entry), the deadline of every round their entry has reached, linking to their submission page.
 * Read across tenants on purpose (one calendar per person); every row is this user's.
 */
export async function competitionDeadlines(
  database: Database,
  userId: number,
  range: CalendarRange,
): Promise<CalendarItem[]> {
  return inScope(database.db, 'all', async (tx) => {
    const result = (await tx.execute(
      sql`select r.round_id, r.name, r.submission_deadline, c.competition_id, c.title, c.summary
        from competition_entry_members m
        join competition_entries e on e.entry_id = m.entry_id
        join competitions c on c.competition_id = e.competition_id
        join competition_rounds r on r.competition_id = c.competition_id and r.position <= e.round_reached
        where m.user_id = ${userId} and m.status = 'member' and c.is_deleted = false
          and r.submission_deadline > ${range.start.toISOString()}::timestamptz
          and r.submission_deadline - interval '30 minutes' < ${range.end.toISOString()}::timestamptz
        order by r.submission_deadline`,
    )) as unknown as {
      rows: {
        round_id: number;
        name: string;
        submission_deadline: Date | string;
        competition_id: number;
        title: string;
        summary: string;
      }[];
    };
    return result.rows.map((row) => {
      const deadline = new Date(row.submission_deadline);
      return {
        uid: `competition-round-${row.round_id}`,
        title: `Deadline: ${row.title} (${row.name})`,
        start: new Date(deadline.getTime() - DEADLINE_BLOCK_MS).toISOString(),
        end: deadline.toISOString(),
        all_day: false,
        url: `/events/registered-competition/${row.competition_id}`,
        kind: 'competition_deadline' as const,
        location: null,
        description: row.summary || null,
      };
    });
  });
}
