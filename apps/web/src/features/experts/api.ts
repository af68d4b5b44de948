import {
  type AvailabilityUpdate,
  type EngagementSummary,
  EXPERT_PROGRAMS_API,
  EXPERT_SESSIONS_API,
  EXPERTS_API,
  type ExpertDetail,
  type ExpertProfileUpdate,
  type ExpertProgramCreate,
  type ExpertProgramItem,
  type ExpertSessionCreate,
  type ExpertSessionItem,
  type ExpertSummary,
  type InteractionAnswer,
  type ListMeta,
  type SlotItem,
} from '@nexus/contracts';
import { api } from '../../app/api';

const TAG = 'Experts';

export interface Paged<T> {
  data: T[];
  meta: ListMeta;
}

export interface ExpertSearchArgs {
  page: number;
  search: string;
  expertise: string;
  language: string;
  free_before?: string | undefined;
}

/** Experts (issue 20 point 1): one tag; a booking, a cancellation or a change refreshes every list. */
export const expertsApi = api.enhanceEndpoints({ addTagTypes: [TAG, 'CalendarItems'] }).injectEndpoints({
  endpoints: (build) => ({
    findExperts: build.query<Paged<ExpertSummary>, ExpertSearchArgs>({
      query: ({ page, search, expertise, language, free_before }) => ({
        url: `${EXPERTS_API}/findExperts`,
        params: {
          page,
          search: search || undefined,
          expertise: expertise || undefined,
          language: language || undefined,
          free_before,
        },
      }),
      providesTags: [TAG],
    }),
    expert: build.query<ExpertDetail, number>({
      query: (id) => ({ url: `${EXPERTS_API}/getExpert/${id}` }),
      transformResponse: (body: { data: ExpertDetail }) => body.data,
      providesTags: [TAG],
    }),
    slots: build.query<{ data: SlotItem[]; time_zone: string }, { id: number; days: number }>({
      query: ({ id, days }) => ({ url: `${EXPERTS_API}/getSlots/${id}`, params: { days } }),
      providesTags: [TAG],
    }),
    myProfile: build.query<ExpertDetail | null, void>({
      query: () => ({ url: `${EXPERTS_API}/getMyProfile` }),
      transformResponse: (body: { data: ExpertDetail | null }) => body.data,
      providesTags: [TAG],
    }),
    saveProfile: build.mutation<ExpertDetail, ExpertProfileUpdate>({
      query: (body) => ({ url: `${EXPERTS_API}/updateMyProfile`, method: 'PUT', data: body }),
      transformResponse: (body: { data: ExpertDetail }) => body.data,
      invalidatesTags: [TAG],
    }),
    saveAvailability: build.mutation<ExpertDetail, AvailabilityUpdate>({
      query: (body) => ({ url: `${EXPERTS_API}/updateMyAvailability`, method: 'PUT', data: body }),
      transformResponse: (body: { data: ExpertDetail }) => body.data,
      invalidatesTags: [TAG],
    }),
    program: build.query<ExpertProgramItem, number>({
      query: (id) => ({ url: `${EXPERT_PROGRAMS_API}/getProgram/${id}` }),
      transformResponse: (body: { data: ExpertProgramItem }) => body.data,
      providesTags: [TAG],
    }),
    createProgram: build.mutation<ExpertProgramItem, ExpertProgramCreate>({
      query: (body) => ({ url: `${EXPERT_PROGRAMS_API}/createProgram`, method: 'POST', data: body }),
      transformResponse: (body: { data: ExpertProgramItem }) => body.data,
      invalidatesTags: [TAG],
    }),
    deleteProgram: build.mutation<void, number>({
      query: (id) => ({ url: `${EXPERT_PROGRAMS_API}/deleteProgram/${id}`, method: 'DELETE' }),
      invalidatesTags: [TAG],
    }),
    myPrograms: build.query<Paged<EngagementSummary>, { role: 'all' | 'expert' | 'mentee'; page: number }>({
      query: (params) => ({ url: `${EXPERT_PROGRAMS_API}/getMyPrograms`, params }),
      providesTags: [TAG],
    }),
    interaction: build.query<InteractionAnswer, { programId: number; engagementId?: number | undefined }>({
      query: ({ programId, engagementId }) => ({
        url: `${EXPERT_PROGRAMS_API}/getInteraction/${programId}`,
        params: { engagement_id: engagementId },
      }),
      transformResponse: (body: { data: InteractionAnswer }) => body.data,
      providesTags: [TAG],
    }),
    addNote: build.mutation<void, { engagementId: number; body: string }>({
      query: ({ engagementId, body }) => ({
        url: `${EXPERT_PROGRAMS_API}/createNote/${engagementId}`,
        method: 'POST',
        data: { body },
      }),
      invalidatesTags: [TAG],
    }),
    addFile: build.mutation<void, { engagementId: number; fileId: string }>({
      query: ({ engagementId, fileId }) => ({
        url: `${EXPERT_PROGRAMS_API}/addFile/${engagementId}`,
        method: 'POST',
        data: { file_id: fileId },
      }),
      invalidatesTags: [TAG],
    }),
    mySessions: build.query<ExpertSessionItem[], 'upcoming' | 'past'>({
      query: (when) => ({ url: `${EXPERT_SESSIONS_API}/getMySessions`, params: { when } }),
      transformResponse: (body: { data: ExpertSessionItem[] }) => body.data,
      providesTags: [TAG],
    }),
    book: build.mutation<ExpertSessionItem, ExpertSessionCreate>({
      query: (body) => ({ url: `${EXPERT_SESSIONS_API}/createSession`, method: 'POST', data: body }),
      transformResponse: (body: { data: ExpertSessionItem }) => body.data,
      invalidatesTags: [TAG, 'CalendarItems'],
    }),
    cancel: build.mutation<ExpertSessionItem, number>({
      query: (id) => ({ url: `${EXPERT_SESSIONS_API}/cancelSession/${id}`, method: 'POST' }),
      transformResponse: (body: { data: ExpertSessionItem }) => body.data,
      invalidatesTags: [TAG],
    }),
    rate: build.mutation<ExpertSessionItem, { id: number; rating: number; comment: string }>({
      query: ({ id, rating, comment }) => ({
        url: `${EXPERT_SESSIONS_API}/rateSession/${id}`,
        method: 'POST',
        data: { rating, comment },
      }),
      invalidatesTags: [TAG],
    }),
  }),
});

export const {
  useFindExpertsQuery,
  useExpertQuery,
  useSlotsQuery,
  useMyProfileQuery,
  useSaveProfileMutation,
  useSaveAvailabilityMutation,
  useProgramQuery,
  useCreateProgramMutation,
  useDeleteProgramMutation,
  useMyProgramsQuery,
  useInteractionQuery,
  useAddNoteMutation,
  useAddFileMutation,
  useMySessionsQuery,
  useBookMutation,
  useCancelMutation,
  useRateMutation,
} = expertsApi;
