import { randomInt } from 'node:crypto';
import {
  ATTENDANCE_MESSAGES,
  type AttendanceParams,
  type AttendanceSheet,
  type AttendanceStatus,
  CHECK_IN_EARLY_MINUTES,
} from '@nexus/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { attendanceRecords, attendanceSessions, programEnrollments, users } from '../../db/schema';
import { inScope, scopeOf } from '../../db/scope';
import { badRequest, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { recordEvent } from '../../kernel/events';
import { authors, enrolmentOf, type UnitPlace, unitPlace } from '../learning';

interface LiveContent {
  starts_at?: string;
  ends_at?: string;
  schedule_id?: number;
  batch_id?: number;
}

// No 0/O or 1/I/L: the code is read off a screen.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const newCode = () => Array.from({ length: 6 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Check-in is open from shortly before the start to the end; a session without times is always open. */
export function windowOpen(content: LiveContent, now: Date): boolean {
  const starts = content.starts_at
    ? new Date(content.starts_at).getTime() - CHECK_IN_EARLY_MINUTES * 60_000
    : null;
  const ends = content.ends_at ? new Date(content.ends_at).getTime() : null;
  return (starts === null || now.getTime() >= starts) && (ends === null || now.getTime() <= ends);
}

/** The live-session unit the address names: its schedule must match; a wrong one reads as missing. */
async function sessionPlace(tx: Tx, actor: Actor, params: AttendanceParams) {
  const place = await unitPlace(tx, actor, params.contentId).catch(() => null);
  const content = (place?.content ?? {}) as LiveContent;
  if (
    !place ||
    place.unit_type !== params.type ||
    (content.schedule_id !== undefined && content.schedule_id !== params.scheduleId)
  ) {
    throw notFound(ATTENDANCE_MESSAGES.notFound);
  }
  return { place, content };
}

async function codeFor(tx: Tx, actor: Actor, place: UnitPlace, batchId: number): Promise<string> {
  await tx
    .insert(attendanceSessions)
    .values({
      unit_id: place.unit_id,
      batch_id: batchId,
      tenant_id: place.tenant_id,
      code: newCode(),
      created_by: actor.userId,
    })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ code: attendanceSessions.code })
    .from(attendanceSessions)
    .where(and(eq(attendanceSessions.unit_id, place.unit_id), eq(attendanceSessions.batch_id, batchId)));
  return row?.code ?? '';
}

/**
 * Everyone enrolled in the session's program, with their mark for this batch. Enrolments live in the
 * program's scope, which row-level security lets a tenant read for platform programs: the roster keeps
 * to the caller's own scope, so a tenant's teacher never lists the platform's learners.
 */
async function roster(tx: Tx, actor: Actor, place: UnitPlace, batchId: number) {
  const learners = await tx
    .select({
      user_id: programEnrollments.user_id,
      tenant_id: programEnrollments.tenant_id,
      username: users.username,
      first_name: users.first_name,
      last_name: users.last_name,
    })
    .from(programEnrollments)
    .innerJoin(users, eq(users.user_id, programEnrollments.user_id))
    .where(
      and(
        eq(programEnrollments.program_id, place.program_id),
        eq(programEnrollments.is_deleted, false),
        actor.tenantId === null
          ? isNull(programEnrollments.tenant_id)
          : eq(programEnrollments.tenant_id, actor.tenantId),
      ),
    )
    .orderBy(asc(users.first_name), asc(users.last_name), asc(users.username));
  const marks = await tx
    .select()
    .from(attendanceRecords)
    .where(and(eq(attendanceRecords.unit_id, place.unit_id), eq(attendanceRecords.batch_id, batchId)));
  const byUser = new Map(marks.map((mark) => [mark.user_id, mark]));
  return learners.map((learner) => {
    const mark = byUser.get(learner.user_id);
    return {
      user_id: learner.user_id,
      tenant_id: learner.tenant_id,
      name: [learner.first_name, learner.last_name].filter(Boolean).join(' ') || learner.username,
      status: mark?.status ?? null,
      method: mark?.method ?? null,
      marked_at: mark?.marked_at.toISOString() ?? null,
    };
  });
}

async function myMark(tx: Tx, userId: number, unitId: number, batchId: number) {
  const [row] = await tx
    .select({ status: attendanceRecords.status })
    .from(attendanceRecords)
    .where(
      and(
        eq(attendanceRecords.unit_id, unitId),
        eq(attendanceRecords.batch_id, batchId),
        eq(attendanceRecords.user_id, userId),
      ),
    );
  return row?.status ?? null;
}

/** Whether the learner was present at the live-session unit (any batch): its completion rule. */
export async function attended(tx: Tx, userId: number, unitId: number): Promise<boolean> {
  const rows = await tx
    .select({ status: attendanceRecords.status })
    .from(attendanceRecords)
    .where(
      and(
        eq(attendanceRecords.unit_id, unitId),
        eq(attendanceRecords.user_id, userId),
        eq(attendanceRecords.status, 'present'),
      ),
    );
  return rows.length > 0;
}

/** getSheet: the learner's own mark; for instructors also the code to show and the batch's roster. */
export function attendanceSheet(db: Db, actor: Actor, params: AttendanceParams): Promise<AttendanceSheet> {
  return inScope(db, scopeOf(actor), async (tx) => {
    const { place, content } = await sessionPlace(tx, actor, params);
    const instructor = authors(actor);
    const rows = instructor ? await roster(tx, actor, place, params.batchId) : null;
    return {
      unit_id: place.unit_id,
      unit_name: place.unit_name,
      program_id: place.program_id,
      program_name: place.program_name,
      schedule_id: params.scheduleId,
      batch_id: params.batchId,
      starts_at: content.starts_at ?? null,
      ends_at: content.ends_at ?? null,
      window_open: windowOpen(content, new Date()),
      instructor,
      my_status: await myMark(tx, actor.userId, place.unit_id, params.batchId),
      code: instructor ? await codeFor(tx, actor, place, params.batchId) : null,
      roster: rows ? rows.map(({ tenant_id: _tenant, ...row }) => row) : null,
    };
  });
}

/**
 * checkIn: an enrolled learner with the instructor's code, inside the session window. Records
 * `attendance.recorded`, whose learning handler completes the unit.
 */
export function checkIn(db: Db, actor: Actor, params: AttendanceParams, code: string) {
  return inScope(db, scopeOf(actor), async (tx) => {
    const { place, content } = await sessionPlace(tx, actor, params);
    const enrolment = await enrolmentOf(tx, actor, place.program_id);
    if (!enrolment) throw badRequest(ATTENDANCE_MESSAGES.notEnrolled);
    if (!windowOpen(content, new Date())) throw badRequest(ATTENDANCE_MESSAGES.closed);
    const [session] = await tx
      .select({ code: attendanceSessions.code })
      .from(attendanceSessions)
      .where(
        and(eq(attendanceSessions.unit_id, place.unit_id), eq(attendanceSessions.batch_id, params.batchId)),
      );
    if (!session || session.code !== code.trim().toUpperCase())
      throw badRequest(ATTENDANCE_MESSAGES.wrongCode);
    await tx
      .insert(attendanceRecords)
      .values({
        unit_id: place.unit_id,
        batch_id: params.batchId,
        user_id: actor.userId,
        tenant_id: enrolment.tenant_id,
        status: 'present',
        method: 'code',
      })
      .onConflictDoUpdate({
        target: [attendanceRecords.unit_id, attendanceRecords.batch_id, attendanceRecords.user_id],
        set: { status: 'present', method: 'code', marked_at: new Date() },
      });
    await recordEvent(tx, 'attendance.recorded', {
      unit_id: place.unit_id,
      batch_id: params.batchId,
      program_id: place.program_id,
      user_id: actor.userId,
      tenant_id: enrolment.tenant_id,
      status: 'present',
      method: 'code',
    });
    return { status: 'present' as AttendanceStatus, program_id: place.program_id };
  });
}

/**
 * markAttendance: an instructor marks or corrects a batch, all or nothing, recording
 * `attendance.recorded` per learner: learning completes the unit of a learner present (which may
 * finish their program) and takes it back on a correction away from present.
 */
export function markAttendance(
  db: Db,
  actor: Actor,
  params: AttendanceParams,
  records: { user_id: number; status: AttendanceStatus }[],
) {
  return inScope(db, scopeOf(actor), async (tx) => {
    const { place } = await sessionPlace(tx, actor, params);
    const enrolled = new Map(
      (await roster(tx, actor, place, params.batchId)).map((row) => [row.user_id, row]),
    );
    const strangers = records.filter((record) => !enrolled.has(record.user_id));
    if (strangers.length > 0) {
      throw badRequest(
        `user_id ${strangers[0]?.user_id} ${ATTENDANCE_MESSAGES.notOnRoster}`,
        strangers.map((record) => ({
          in: 'body',
          path: 'records.user_id',
          message: `${record.user_id} ${ATTENDANCE_MESSAGES.notOnRoster}`,
        })),
      );
    }
    for (const record of records) {
      const learner = enrolled.get(record.user_id);
      await tx
        .insert(attendanceRecords)
        .values({
          unit_id: place.unit_id,
          batch_id: params.batchId,
          user_id: record.user_id,
          tenant_id: learner?.tenant_id ?? null,
          status: record.status,
          method: 'instructor',
          marked_by: actor.userId,
        })
        .onConflictDoUpdate({
          target: [attendanceRecords.unit_id, attendanceRecords.batch_id, attendanceRecords.user_id],
          set: {
            status: record.status,
            method: 'instructor',
            marked_by: actor.userId,
            marked_at: new Date(),
          },
        });
      await recordEvent(tx, 'attendance.recorded', {
        unit_id: place.unit_id,
        batch_id: params.batchId,
        program_id: place.program_id,
        user_id: record.user_id,
        tenant_id: learner?.tenant_id ?? null,
        status: record.status,
        method: 'instructor',
      });
    }
    return (await roster(tx, actor, place, params.batchId)).map(({ tenant_id: _tenant, ...row }) => row);
  });
}
