import {
  COMPETITION_REALTIME,
  COMPETITIONS_API,
  type Competition,
  type CompetitionCreate,
  type CompetitionListQuery,
  type CompetitionUpdate,
  type Entry,
  type Invite,
  type JudgingView,
  type ListMeta,
  type Ranking,
  type Submission,
  type SubmissionInput,
} from '@nexus/contracts';
import { api } from '../../app/api';

const TAG = COMPETITION_REALTIME.tag;
const base = COMPETITIONS_API;

export interface CompetitionPage {
  data: Competition[];
  meta: ListMeta;
}
export interface Person {
  user_id: number;
  name: string;
  email: string | null;
}
type Data<T> = { data: T };
const unwrap = <T>(body: Data<T>) => body.data;

/** Competitions (issue 17 point 4): one tag; every write invalidates it so open views refetch. */
export const competitionsApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    competitions: build.query<CompetitionPage, CompetitionListQuery>({
      query: (params) => ({ url: `${base}/getCompetitions`, params }),
      transformResponse: (body: { data?: Competition[]; meta: ListMeta }) => ({
        data: body.data ?? [],
        meta: body.meta,
      }),
      providesTags: [TAG],
    }),
    competition: build.query<Competition, number>({
      query: (id) => ({ url: `${base}/getCompetition/${id}` }),
      transformResponse: unwrap<Competition>,
      providesTags: [TAG],
    }),
    competitionBySlug: build.query<Competition, string>({
      query: (slug) => ({ url: `${base}/getCompetitionBySlug/${slug}` }),
      transformResponse: unwrap<Competition>,
      providesTags: [TAG],
    }),
    createCompetition: build.mutation<Competition, CompetitionCreate>({
      query: (data) => ({ url: `${base}/createCompetition`, method: 'POST', data }),
      transformResponse: unwrap<Competition>,
      invalidatesTags: [TAG],
    }),
    updateCompetition: build.mutation<Competition, { id: number; changes: CompetitionUpdate }>({
      query: ({ id, changes }) => ({ url: `${base}/updateCompetition/${id}`, method: 'PUT', data: changes }),
      transformResponse: unwrap<Competition>,
      invalidatesTags: [TAG],
    }),
    judges: build.query<Person[], number>({
      query: (id) => ({ url: `${base}/getJudges/${id}` }),
      transformResponse: unwrap<Person[]>,
      providesTags: [TAG],
    }),
    people: build.query<Person[], { id: number; search: string }>({
      query: ({ id, search }) => ({ url: `${base}/getPeople/${id}`, params: { search } }),
      transformResponse: unwrap<Person[]>,
    }),
    setJudges: build.mutation<Person[], { id: number; user_ids: number[] }>({
      query: ({ id, user_ids }) => ({ url: `${base}/setJudges/${id}`, method: 'PUT', data: { user_ids } }),
      transformResponse: unwrap<Person[]>,
      invalidatesTags: [TAG],
    }),
    register: build.mutation<Entry, { id: number; kind: 'individual' | 'team'; team_name?: string }>({
      query: ({ id, ...data }) => ({ url: `${base}/register/${id}`, method: 'POST', data }),
      transformResponse: unwrap<Entry>,
      invalidatesTags: [TAG],
    }),
    myEntry: build.query<Entry | null, number>({
      query: (id) => ({ url: `${base}/getMyEntry/${id}` }),
      transformResponse: unwrap<Entry | null>,
      providesTags: [TAG],
    }),
    myInvites: build.query<Invite[], void>({
      query: () => ({ url: `${base}/getMyInvites` }),
      transformResponse: unwrap<Invite[]>,
      providesTags: [TAG],
    }),
    inviteMember: build.mutation<Entry, { entryId: number; user_id: number }>({
      query: ({ entryId, user_id }) => ({
        url: `${base}/inviteMember/${entryId}`,
        method: 'POST',
        data: { user_id },
      }),
      transformResponse: unwrap<Entry>,
      invalidatesTags: [TAG],
    }),
    acceptInvite: build.mutation<Entry, number>({
      query: (entryId) => ({ url: `${base}/acceptInvite/${entryId}`, method: 'POST' }),
      transformResponse: unwrap<Entry>,
      invalidatesTags: [TAG],
    }),
    declineInvite: build.mutation<unknown, number>({
      query: (entryId) => ({ url: `${base}/declineInvite/${entryId}`, method: 'POST' }),
      invalidatesTags: [TAG],
    }),
    saveSubmission: build.mutation<Submission, { roundId: number; body: SubmissionInput }>({
      query: ({ roundId, body }) => ({ url: `${base}/saveSubmission/${roundId}`, method: 'PUT', data: body }),
      transformResponse: unwrap<Submission>,
      invalidatesTags: [TAG],
    }),
    judging: build.query<JudgingView, number>({
      query: (id) => ({ url: `${base}/getJudging/${id}` }),
      transformResponse: unwrap<JudgingView>,
      providesTags: [TAG],
    }),
    declareConflict: build.mutation<unknown, { submissionId: number; reason: string }>({
      query: ({ submissionId, reason }) => ({
        url: `${base}/declareConflict/${submissionId}`,
        method: 'POST',
        data: { reason },
      }),
      invalidatesTags: [TAG],
    }),
    scoreSubmission: build.mutation<
      unknown,
      { submissionId: number; scores: { criterion_id: number; score: number }[] }
    >({
      query: ({ submissionId, scores }) => ({
        url: `${base}/scoreSubmission/${submissionId}`,
        method: 'PUT',
        data: { scores },
      }),
      invalidatesTags: [TAG],
    }),
    submissions: build.query<Submission[], { id: number; round_id?: number }>({
      query: ({ id, round_id }) => ({
        url: `${base}/getSubmissions/${id}`,
        params: round_id ? { round_id } : {},
      }),
      transformResponse: unwrap<Submission[]>,
      providesTags: [TAG],
    }),
    results: build.query<Ranking, { id: number; round_id?: number }>({
      query: ({ id, round_id }) => ({
        url: `${base}/getResults/${id}`,
        params: round_id ? { round_id } : {},
      }),
      transformResponse: unwrap<Ranking>,
      providesTags: [TAG],
    }),
    leaderboard: build.query<Ranking, number>({
      query: (id) => ({ url: `${base}/getLeaderboard/${id}` }),
      transformResponse: unwrap<Ranking>,
      providesTags: [TAG],
    }),
    advance: build.mutation<Ranking, { id: number; round_id: number; top_n: number }>({
      query: ({ id, ...data }) => ({ url: `${base}/advance/${id}`, method: 'POST', data }),
      transformResponse: unwrap<Ranking>,
      invalidatesTags: [TAG],
    }),
    announceWinners: build.mutation<Ranking, { id: number; submission_ids: number[] }>({
      query: ({ id, submission_ids }) => ({
        url: `${base}/announceWinners/${id}`,
        method: 'POST',
        data: { submission_ids },
      }),
      transformResponse: unwrap<Ranking>,
      invalidatesTags: [TAG],
    }),
  }),
});

export const {
  useCompetitionsQuery,
  useCompetitionQuery,
  useCompetitionBySlugQuery,
  useCreateCompetitionMutation,
  useUpdateCompetitionMutation,
  useJudgesQuery,
  usePeopleQuery,
  useSetJudgesMutation,
  useRegisterMutation,
  useMyEntryQuery,
  useMyInvitesQuery,
  useInviteMemberMutation,
  useAcceptInviteMutation,
  useDeclineInviteMutation,
  useSaveSubmissionMutation,
  useJudgingQuery,
  useDeclareConflictMutation,
  useScoreSubmissionMutation,
  useSubmissionsQuery,
  useResultsQuery,
  useLeaderboardQuery,
  useAdvanceMutation,
  useAnnounceWinnersMutation,
} = competitionsApi;
