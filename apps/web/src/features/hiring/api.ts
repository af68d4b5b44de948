import {
  type ApplicationDetail,
  type ApplicationStage,
  JOB_APPLICATIONS_API,
  JOB_POSTINGS_API,
  type ListMeta,
  type ManagedPostingItem,
  type MatchedAnswer,
  type MyApplicationItem,
  type PipelineAnswer,
  type PostingCreate,
  type PostingDetail,
  type PostingItem,
  type PostingType,
} from '@nexus/contracts';
import { api } from '../../app/api';

export interface PostingPage {
  data: PostingItem[];
  meta: ListMeta;
}

export interface PostingSearchArgs {
  page: number;
  limit: number;
  search?: string;
  job_type?: PostingType;
  remote?: boolean;
  location?: string;
  tenant_id?: number;
}

const POSTING = 'JobPostings';
const APPLICATION = 'JobApplications';

/** Drops empty filters so the search is called with only what the person chose. */
function searchParams(args: PostingSearchArgs) {
  const params: Record<string, string | number> = { page: args.page, limit: args.limit };
  if (args.search) params.search = args.search;
  if (args.job_type) params.job_type = args.job_type;
  if (args.remote !== undefined) params.remote = String(args.remote);
  if (args.location) params.location = args.location;
  if (args.tenant_id) params.tenant_id = args.tenant_id;
  return params;
}

/** Jobs and internships (issue 20 point 2; docs/hiring.md). */
export const hiringApi = api.enhanceEndpoints({ addTagTypes: [POSTING, APPLICATION] }).injectEndpoints({
  endpoints: (build) => ({
    postings: build.query<PostingPage, PostingSearchArgs>({
      query: (args) => ({ url: `${JOB_POSTINGS_API}/getAll`, params: searchParams(args) }),
      providesTags: [POSTING],
    }),
    organisations: build.query<{ tenant_id: number; name: string; open: number }[], void>({
      query: () => ({ url: `${JOB_POSTINGS_API}/getOrganisations` }),
      transformResponse: (body: { data: { tenant_id: number; name: string; open: number }[] }) => body.data,
      providesTags: [POSTING],
    }),
    posting: build.query<PostingDetail, number>({
      query: (id) => ({ url: `${JOB_POSTINGS_API}/getById/${id}` }),
      transformResponse: (body: { data: PostingDetail }) => body.data,
      providesTags: [POSTING, APPLICATION],
    }),
    matched: build.query<MatchedAnswer, void>({
      query: () => ({ url: `${JOB_POSTINGS_API}/getMatched` }),
      providesTags: [POSTING],
    }),
    /** The argument is the tenant in context: the list is per organisation, so a switch refetches. */
    managed: build.query<ManagedPostingItem[], number | null>({
      query: () => ({ url: `${JOB_POSTINGS_API}/getManaged` }),
      transformResponse: (body: { data: ManagedPostingItem[] }) => body.data,
      providesTags: [POSTING, APPLICATION],
    }),
    createPosting: build.mutation<PostingDetail, PostingCreate>({
      query: (data) => ({ url: `${JOB_POSTINGS_API}/create`, method: 'POST', data }),
      transformResponse: (body: { data: PostingDetail }) => body.data,
      invalidatesTags: [POSTING],
    }),
    closePosting: build.mutation<PostingDetail, number>({
      query: (id) => ({ url: `${JOB_POSTINGS_API}/close/${id}`, method: 'POST' }),
      transformResponse: (body: { data: PostingDetail }) => body.data,
      invalidatesTags: [POSTING],
    }),
    pipeline: build.query<PipelineAnswer, { id: number; tenantId: number | null }>({
      query: ({ id }) => ({ url: `${JOB_POSTINGS_API}/getPipeline/${id}` }),
      providesTags: [APPLICATION],
    }),
    apply: build.mutation<
      { data: { application_id: number }; message: string },
      { posting_id: number; cv_file_id: string; answers: Record<string, string> }
    >({
      query: (data) => ({ url: `${JOB_APPLICATIONS_API}/create`, method: 'POST', data }),
      invalidatesTags: [APPLICATION],
    }),
    myApplications: build.query<MyApplicationItem[], void>({
      query: () => ({ url: `${JOB_APPLICATIONS_API}/getMine` }),
      transformResponse: (body: { data: MyApplicationItem[] }) => body.data,
      providesTags: [APPLICATION],
    }),
    application: build.query<ApplicationDetail, number>({
      query: (id) => ({ url: `${JOB_APPLICATIONS_API}/getById/${id}` }),
      transformResponse: (body: { data: ApplicationDetail }) => body.data,
      providesTags: [APPLICATION],
    }),
    move: build.mutation<ApplicationDetail, { id: number; stage: ApplicationStage }>({
      query: ({ id, stage }) => ({
        url: `${JOB_APPLICATIONS_API}/move/${id}`,
        method: 'PUT',
        data: { stage },
      }),
      transformResponse: (body: { data: ApplicationDetail }) => body.data,
      invalidatesTags: [APPLICATION],
    }),
    addNote: build.mutation<ApplicationDetail, { id: number; body: string }>({
      query: ({ id, body }) => ({
        url: `${JOB_APPLICATIONS_API}/addNote/${id}`,
        method: 'POST',
        data: { body },
      }),
      transformResponse: (body: { data: ApplicationDetail }) => body.data,
      invalidatesTags: [APPLICATION],
    }),
    saveScorecard: build.mutation<
      ApplicationDetail,
      { id: number; ratings: Record<string, number>; comment: string; submit: boolean }
    >({
      query: ({ id, ...data }) => ({
        url: `${JOB_APPLICATIONS_API}/saveScorecard/${id}`,
        method: 'PUT',
        data,
      }),
      transformResponse: (body: { data: ApplicationDetail }) => body.data,
      invalidatesTags: [APPLICATION],
    }),
    declineMany: build.mutation<{ declined: number }, { application_ids: number[]; message: string }>({
      query: (data) => ({ url: `${JOB_APPLICATIONS_API}/declineMany`, method: 'POST', data }),
      invalidatesTags: [APPLICATION],
    }),
  }),
});

export const {
  usePostingsQuery,
  useOrganisationsQuery,
  usePostingQuery,
  useMatchedQuery,
  useManagedQuery,
  useCreatePostingMutation,
  useClosePostingMutation,
  usePipelineQuery,
  useApplyMutation,
  useMyApplicationsQuery,
  useApplicationQuery,
  useMoveMutation,
  useAddNoteMutation,
  useSaveScorecardMutation,
  useDeclineManyMutation,
} = hiringApi;
