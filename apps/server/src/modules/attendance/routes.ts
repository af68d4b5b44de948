import {
  ATTENDANCE_API,
  ATTENDANCE_MESSAGES,
  type AttendanceParams,
  attendanceParams,
  attendanceRecord,
  attendanceSheet as attendanceSheetSchema,
  checkInBody,
  checkInResult,
  dataEnvelope,
  markAttendanceBody,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { authoringPolicies, getProgress, setCompletionRule } from '../learning';
import { attendanceSheet, attended, checkIn, markAttendance } from './service';

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

const PATH = ':type/:scheduleId/:contentId/:batchId';

/** Attendance of live sessions (issue 5, part 5): /attendance/{type}/{scheduleId}/{contentId}/{batchId}. */
export function registerAttendance(app: FastifyInstance, database: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['attendance'];
  const db = database.db;
  // A live session is ticked by hand only once the learner was marked present.
  setCompletionRule('live_session', async (tx, userId, unit) =>
    (await attended(tx, userId, unit.unit_id)) ? null : ATTENDANCE_MESSAGES.mustAttend,
  );
  /** The check-in, then the learner's progress once learning's handler has ticked the unit. */
  async function checkedIn(actor: Actor, params: AttendanceParams, code: string) {
    const { status, program_id: programId } = await checkIn(db, actor, params, code);
    await app.events.settle();
    return { status, progress: await getProgress(db, actor, programId) };
  }
  typed.get(
    `${ATTENDANCE_API}/getSheet/${PATH}`,
    {
      config: { policy: 'signedIn' },
      schema: { tags, params: attendanceParams, response: { 200: dataEnvelope(attendanceSheetSchema) } },
    },
    async (request) => ({ data: await attendanceSheet(db, actorOf(request), request.params) }),
  );
  typed.post(
    `${ATTENDANCE_API}/checkIn/${PATH}`,
    {
      config: { policy: 'signedIn' },
      schema: {
        tags,
        params: attendanceParams,
        body: checkInBody,
        response: { 200: dataEnvelope(checkInResult) },
      },
    },
    async (request) => ({
      data: await checkedIn(actorOf(request), request.params, request.body.code),
    }),
  );
  typed.put(
    `${ATTENDANCE_API}/markAttendance/${PATH}`,
    {
      config: { policy: authoringPolicies.write },
      schema: {
        tags,
        params: attendanceParams,
        body: markAttendanceBody,
        response: { 200: dataEnvelope(z.array(attendanceRecord)) },
      },
    },
    async (request) => ({
      data: await markAttendance(db, actorOf(request), request.params, request.body.records),
    }),
  );
}
