import {
  ATTENDANCE_API,
  type AttendanceRecord,
  type AttendanceSheet,
  type AttendanceStatus,
} from '@nexus/contracts';
import { api } from '../../app/api';

export interface SheetAddress {
  type: string;
  scheduleId: string;
  contentId: string;
  batchId: string;
}
const path = (a: SheetAddress) => `${a.type}/${a.scheduleId}/${a.contentId}/${a.batchId}`;

/** Attendance of live sessions (docs/learning.md, "Attendance"). */
export const attendanceApi = api
  .enhanceEndpoints({ addTagTypes: ['Attendance', 'Progress'] })
  .injectEndpoints({
    endpoints: (build) => ({
      attendanceSheet: build.query<AttendanceSheet, SheetAddress>({
        query: (address) => ({ url: `${ATTENDANCE_API}/getSheet/${path(address)}` }),
        transformResponse: (body: { data: AttendanceSheet }) => body.data,
        providesTags: ['Attendance'],
      }),
      checkIn: build.mutation<unknown, SheetAddress & { code: string }>({
        query: ({ code, ...address }) => ({
          url: `${ATTENDANCE_API}/checkIn/${path(address)}`,
          method: 'POST',
          data: { code },
        }),
        invalidatesTags: ['Attendance', 'Progress'],
      }),
      markAttendance: build.mutation<
        AttendanceRecord[],
        SheetAddress & { records: { user_id: number; status: AttendanceStatus }[] }
      >({
        query: ({ records, ...address }) => ({
          url: `${ATTENDANCE_API}/markAttendance/${path(address)}`,
          method: 'PUT',
          data: { records },
        }),
        invalidatesTags: ['Attendance', 'Progress'],
      }),
    }),
  });

export const { useAttendanceSheetQuery, useCheckInMutation, useMarkAttendanceMutation } = attendanceApi;
