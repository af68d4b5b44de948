import { z } from 'zod';
import { MAX_ROW_ID, pathId } from '../path-params';

export const ATTENDANCE_API = '/api/attendance';
/** The kinds of content attendance is taken for; a live-session unit today. */
export const ATTENDANCE_TYPES = ['live_session'] as const;
export const ATTENDANCE_STATUSES = ['present', 'absent', 'excused'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
/** Check-in opens this long before the session starts. */
export const CHECK_IN_EARLY_MINUTES = 15;

export const ATTENDANCE_MESSAGES = {
  notFound: 'Session not found',
  wrongCode: 'That code is not right. Check it with your instructor.',
  closed: 'Check-in is open only during the session.',
  notEnrolled: 'Enrol in the program first.',
  notOnRoster: 'is not enrolled in this program.',
  mustAttend: 'Attend the live session to complete it: check in with the code your instructor shows.',
} as const;

const id = z.coerce.number().int().positive().max(MAX_ROW_ID);

/** /attendance/{type}/{scheduleId}/{contentId}/{batchId}: contentId is the live-session unit. */
export const attendanceParams = z.object({
  type: z.enum(ATTENDANCE_TYPES),
  scheduleId: pathId,
  contentId: pathId,
  batchId: pathId,
});
export type AttendanceParams = z.infer<typeof attendanceParams>;

export const checkInBody = z
  .object({ code: z.string().trim().min(4, 'Enter the code your instructor shows.').max(12) })
  .strict();

export const markAttendanceBody = z
  .object({
    records: z
      .array(z.object({ user_id: id, status: z.enum(ATTENDANCE_STATUSES) }).strict())
      .min(1)
      .max(1000),
  })
  .strict();

export interface AttendanceRecord {
  user_id: number;
  name: string;
  status: AttendanceStatus | null;
  method: 'code' | 'instructor' | null;
  marked_at: string | null;
}

/** What the attendance page loads; `code` and `roster` only for the session's instructors. */
export interface AttendanceSheet {
  unit_id: number;
  unit_name: string;
  program_id: number;
  program_name: string;
  schedule_id: number;
  batch_id: number;
  starts_at: string | null;
  ends_at: string | null;
  window_open: boolean;
  instructor: boolean;
  my_status: AttendanceStatus | null;
  code: string | null;
  roster: AttendanceRecord[] | null;
}
