import {
  type Enrollment,
  type ListMeta,
  PROGRAM_API,
  type Program,
  type ProgramProgress,
  type ProgramTree,
  type ProgressShare,
  type SearchProgramsQuery,
} from '@nexus/contracts';
import { api } from '../../app/api';

export type Share = ProgressShare;
export type Progress = ProgramProgress;

/** searchPrograms' answer (the generic list answer of spec section 7). */
export interface ProgramPage {
  data: Program[];
  meta: ListMeta;
}

/** The learner's side of /api/program (docs/learning.md). */
export const learningApi = api
  .enhanceEndpoints({ addTagTypes: ['Program', 'Progress', 'Enrollment', 'Certificate'] })
  .injectEndpoints({
    endpoints: (build) => ({
      searchPrograms: build.query<ProgramPage, SearchProgramsQuery>({
        query: (params) => ({ url: `${PROGRAM_API}/programs/searchPrograms`, params }),
        providesTags: ['Program'],
      }),
      programTree: build.query<ProgramTree, number>({
        query: (id) => ({ url: `${PROGRAM_API}/programs/getCompleteProgram/${id}` }),
        transformResponse: (body: { data: ProgramTree }) => body.data,
        providesTags: (_r, _e, id) => [{ type: 'Program', id }],
      }),
      progress: build.query<Progress, number>({
        query: (programId) => ({ url: `${PROGRAM_API}/progress/getProgress/${programId}` }),
        transformResponse: (body: { data: Progress }) => body.data,
        providesTags: (_r, _e, id) => [{ type: 'Progress', id }],
      }),
      enrol: build.mutation<Enrollment, number>({
        query: (programId) => ({
          url: `${PROGRAM_API}/programs-enrolled/createProgramEnrolled`,
          method: 'POST',
          data: { program_id: programId },
        }),
        transformResponse: (body: { data: Enrollment }) => body.data,
        invalidatesTags: (_r, _e, id) => [{ type: 'Progress', id }, 'Enrollment'],
      }),
      // Leaving keeps units done and the resume point for a later return (docs/learning.md).
      leaveProgram: build.mutation<unknown, { enrolment: Enrollment; userId: number }>({
        query: ({ enrolment, userId }) => ({
          url: `${PROGRAM_API}/programs-enrolled/delete/${enrolment.enrollment_id}/${userId}`,
          method: 'DELETE',
        }),
        invalidatesTags: (_r, _e, { enrolment }) => [
          { type: 'Progress', id: enrolment.program_id },
          'Enrollment',
        ],
      }),
      completeUnit: build.mutation<Progress, { programId: number; unitId: number }>({
        query: ({ unitId }) => ({ url: `${PROGRAM_API}/progress/completeUnit/${unitId}`, method: 'POST' }),
        transformResponse: (body: { data: Progress }) => body.data,
        invalidatesTags: (_r, _e, { programId }) => [
          { type: 'Progress', id: programId },
          'Enrollment',
          'Certificate',
        ],
      }),
      selectUnit: build.mutation<unknown, { programId: number; unitId: number }>({
        query: ({ unitId }) => ({ url: `${PROGRAM_API}/progress/selectUnit/${unitId}`, method: 'PUT' }),
      }),
      myEnrolments: build.query<{ data: Enrollment[] }, void>({
        query: () => ({ url: `${PROGRAM_API}/programs-enrolled/getAll`, params: { page: 1, limit: 100 } }),
        providesTags: ['Enrollment'],
      }),
    }),
  });

export const {
  useSearchProgramsQuery,
  useProgramTreeQuery,
  useProgressQuery,
  useEnrolMutation,
  useLeaveProgramMutation,
  useCompleteUnitMutation,
  useSelectUnitMutation,
  useMyEnrolmentsQuery,
} = learningApi;
