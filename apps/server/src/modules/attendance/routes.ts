import {
  ATTENDANCE_API,
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
import { authoringPolicies } from '../learning/resources';
import { attendanceSheet, checkIn, markAttendance } from './service';

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

const PATH = ':type/:scheduleId/:contentId/:batchId';

/** Attendance of live sessions (issue 5, part 5): /attendance/{type}/{scheduleId}/{contentId}/{batchId}. */
export function registerAttendance(app: FastifyInstance, database: Database, publicOrigin: string): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['attendance'];
  const db = database.db;
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
      data: await checkIn(db, actorOf(request), request.params, request.body.code, publicOrigin),
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
      data: await markAttendance(db, actorOf(request), request.params, request.body.records, publicOrigin),
    }),
  );
}
