import { z } from 'zod';
import { MAX_ROW_ID, pathId } from '../path-params';
import { programProgress } from './learning';

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

export const attendanceRecord = z.object({
  user_id: z.number().int(),
  name: z.string(),
  status: z.enum(ATTENDANCE_STATUSES).nullable(),
  method: z.enum(['code', 'instructor']).nullable(),
  marked_at: z.string().nullable(),
});
export type AttendanceRecord = z.infer<typeof attendanceRecord>;

/** What the attendance page loads; `code` and `roster` only for the session's instructors. */
export const attendanceSheet = z.object({
  unit_id: z.number().int(),
  unit_name: z.string(),
  program_id: z.number().int(),
  program_name: z.string(),
  schedule_id: z.number().int(),
  batch_id: z.number().int(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  window_open: z.boolean(),
  instructor: z.boolean(),
  my_status: z.enum(ATTENDANCE_STATUSES).nullable(),
  code: z.string().nullable(),
  roster: z.array(attendanceRecord).nullable(),
});
export type AttendanceSheet = z.infer<typeof attendanceSheet>;

/** checkIn's answer: the learner is present, and their progress in the program after it. */
export const checkInResult = z.object({ status: z.enum(ATTENDANCE_STATUSES), progress: programProgress });
