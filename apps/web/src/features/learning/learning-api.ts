import {
  type Enrollment,
  PROGRAM_API,
  type Program,
  type ProgramTree,
  type SearchProgramsQuery,
} from '@nexus/contracts';
import { api } from '../../app/api';

export interface Share {
  done: number;
  total: number;
  percent: number;
}

export interface Progress {
  program_id: number;
  enrolled: boolean;
  status: 'active' | 'completed' | 'withdrawn' | null;
  selected_unit_id: number | null;
  completed_unit_ids: number[];
  program: Share;
  courses: Record<string, Share>;
  modules: Record<string, Share>;
  completed_at: string | null;
  certificate: { public_key: string; user_id: number } | null;
}

export interface ProgramPage {
  data: Program[];
  meta: { page: number; limit: number; total: number; totalPages: number; totalExact?: boolean };
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
  useCompleteUnitMutation,
  useSelectUnitMutation,
  useMyEnrolmentsQuery,
} = learningApi;
