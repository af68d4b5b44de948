import {
  type ApplicationItem,
  type CallBody,
  type CallItem,
  type CenterCard,
  type CenterItem,
  type CohortItem,
  type DealCard,
  ECOSYSTEM_API,
  ECOSYSTEM_TAGS,
  FUNDING_API,
  FUNDING_TAGS,
  type FundingApplicationItem,
  type InvestorItem,
  type MapCountry,
  type OrganisationLocation,
  type ProjectCard,
  type ProjectItem,
  type ReviewedApplication,
  type StartupCard,
  type StartupItem,
  type Workspace,
} from '@nexus/contracts';
import { api } from '../../app/api';

export interface CursorPage<T> {
  data: T[];
  meta: { limit: number; next_cursor: string | null };
}

const E = ECOSYSTEM_API;
const F = FUNDING_API;
const T = ECOSYSTEM_TAGS;
const FT = FUNDING_TAGS;
const data = <D>(body: { data: D }) => body.data;
/** Query parameters without the empty ones: the server reads a missing filter as "any". */
const params = (values: Record<string, string | number | undefined | null>) =>
  Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );

type Filters = Record<string, string | undefined>;
/** A form's body, checked by the page with the shared schema before it is sent (the server checks again). */
type FormBody = Record<string, unknown>;

/** The ecosystem and funding (issue 19; docs/ecosystem.md). Mutations invalidate what they change. */
export const ecosystemApi = api
  .enhanceEndpoints({
    addTagTypes: [T.startup, T.project, T.center, T.application, T.workspace, FT.call, FT.investor, FT.deal],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      startups: build.query<CursorPage<StartupCard>, Filters & { cursor?: string }>({
        query: (args) => ({ url: `${E}/getStartups`, params: params({ ...args, limit: 12 }) }),
        providesTags: [T.startup],
      }),
      myStartups: build.query<StartupCard[], void>({
        query: () => ({ url: `${E}/getMyStartups` }),
        transformResponse: data<StartupCard[]>,
        providesTags: [T.startup],
      }),
      startup: build.query<StartupItem, number>({
        query: (id) => ({ url: `${E}/getStartups/${id}` }),
        transformResponse: data<StartupItem>,
        providesTags: [T.startup],
      }),
      saveStartup: build.mutation<StartupItem, { id?: number; body: FormBody }>({
        query: ({ id, body }) =>
          id
            ? { url: `${E}/updateStartup/${id}`, method: 'PUT', data: body }
            : { url: `${E}/createStartup`, method: 'POST', data: body },
        transformResponse: data<StartupItem>,
        invalidatesTags: [T.startup, T.workspace],
      }),
      deleteStartup: build.mutation<unknown, number>({
        query: (id) => ({ url: `${E}/deleteStartup/${id}`, method: 'DELETE' }),
        invalidatesTags: [T.startup, T.workspace],
      }),

      projects: build.query<CursorPage<ProjectCard>, Filters & { cursor?: string }>({
        query: (args) => ({ url: `${E}/getProjects`, params: params({ ...args, limit: 12 }) }),
        providesTags: [T.project],
      }),
      project: build.query<ProjectItem, number>({
        query: (id) => ({ url: `${E}/getProjects/${id}` }),
        transformResponse: data<ProjectItem>,
        providesTags: [T.project],
      }),
      saveProject: build.mutation<ProjectItem, { id?: number; body: FormBody }>({
        query: ({ id, body }) =>
          id
            ? { url: `${E}/updateProject/${id}`, method: 'PUT', data: body }
            : { url: `${E}/createProject`, method: 'POST', data: body },
        transformResponse: data<ProjectItem>,
        invalidatesTags: [T.project, T.workspace],
      }),
      deleteProject: build.mutation<unknown, number>({
        query: (id) => ({ url: `${E}/deleteProject/${id}`, method: 'DELETE' }),
        invalidatesTags: [T.project, T.workspace],
      }),
      inviteCollaborator: build.mutation<ProjectItem, { id: number; user_id: number; role: string }>({
        query: ({ id, ...body }) => ({ url: `${E}/inviteCollaborator/${id}`, method: 'POST', data: body }),
        transformResponse: data<ProjectItem>,
        invalidatesTags: [T.project],
      }),
      answerInvitation: build.mutation<ProjectItem, { id: number; accept: boolean }>({
        query: ({ id, accept }) => ({ url: `${E}/answerInvitation/${id}`, method: 'POST', data: { accept } }),
        transformResponse: data<ProjectItem>,
        invalidatesTags: [T.project, T.workspace],
      }),

      centers: build.query<CursorPage<CenterCard>, Filters & { cursor?: string }>({
        query: (args) => ({ url: `${E}/getCenters`, params: params({ ...args, limit: 12 }) }),
        providesTags: [T.center],
      }),
      center: build.query<CenterItem, number>({
        query: (id) => ({ url: `${E}/getCenters/${id}` }),
        transformResponse: data<CenterItem>,
        providesTags: [T.center],
      }),
      saveCenter: build.mutation<CenterItem, { id?: number; body: FormBody }>({
        query: ({ id, body }) =>
          id
            ? { url: `${E}/updateCenter/${id}`, method: 'PUT', data: body }
            : { url: `${E}/createCenter`, method: 'POST', data: body },
        transformResponse: data<CenterItem>,
        invalidatesTags: [T.center, T.workspace],
      }),
      createCohort: build.mutation<
        CohortItem,
        { id: number; body: { name: string; programme: string; opens_at: string; closes_at: string } }
      >({
        query: ({ id, body }) => ({ url: `${E}/createCohort/${id}`, method: 'POST', data: body }),
        transformResponse: data<CohortItem>,
        invalidatesTags: [T.center],
      }),
      addReviewer: build.mutation<CenterItem, { id: number; user_id: number }>({
        query: ({ id, user_id }) => ({ url: `${E}/addReviewer/${id}`, method: 'POST', data: { user_id } }),
        transformResponse: data<CenterItem>,
        invalidatesTags: [T.center],
      }),

      apply: build.mutation<ApplicationItem, { cohort_id: number; startup_id: number; pitch: string }>({
        query: (body) => ({ url: `${E}/createApplication`, method: 'POST', data: body }),
        transformResponse: data<ApplicationItem>,
        invalidatesTags: [T.application, T.workspace, T.startup],
      }),
      cohortApplications: build.query<CursorPage<ReviewedApplication>, { cohortId: number; cursor?: string }>(
        {
          query: ({ cohortId, cursor }) => ({
            url: `${E}/getCohortApplications/${cohortId}`,
            params: params({ cursor, limit: 20 }),
          }),
          providesTags: [T.application],
        },
      ),
      reviewApplication: build.mutation<
        ReviewedApplication,
        { id: number; ratings: Record<string, number>; notes: string }
      >({
        query: ({ id, ...body }) => ({ url: `${E}/reviewApplication/${id}`, method: 'POST', data: body }),
        transformResponse: data<ReviewedApplication>,
        invalidatesTags: [T.application],
      }),
      decideApplication: build.mutation<ReviewedApplication, { id: number; status: string }>({
        query: ({ id, status }) => ({
          url: `${E}/decideApplication/${id}`,
          method: 'POST',
          data: { status },
        }),
        transformResponse: data<ReviewedApplication>,
        invalidatesTags: [T.application],
      }),

      ecosystemMap: build.query<MapCountry[], { type?: string; sector?: string }>({
        query: (args) => ({ url: `${E}/getMap`, params: params(args) }),
        transformResponse: data<MapCountry[]>,
        providesTags: [T.startup, T.center],
      }),
      placeOrganisation: build.mutation<OrganisationLocation, { country: string; sector: string | null }>({
        query: (body) => ({ url: `${E}/updateOrganisationLocation`, method: 'PUT', data: body }),
        transformResponse: data<OrganisationLocation>,
        // The map's counts are what change.
        invalidatesTags: [T.startup, T.center],
      }),
      workspace: build.query<Workspace, void>({
        query: () => ({ url: `${E}/getWorkspace` }),
        transformResponse: data<Workspace>,
        providesTags: [T.workspace, T.startup, T.project, T.application],
      }),

      investors: build.query<CursorPage<InvestorItem>, Filters & { cursor?: string }>({
        query: (args) => ({ url: `${F}/getInvestors`, params: params({ ...args, limit: 12 }) }),
        providesTags: [FT.investor],
      }),
      myInvestor: build.query<InvestorItem | null, void>({
        query: () => ({ url: `${F}/getMyInvestor` }),
        transformResponse: data<InvestorItem | null>,
        providesTags: [FT.investor],
      }),
      saveInvestor: build.mutation<InvestorItem, { id?: number; body: FormBody }>({
        query: ({ id, body }) =>
          id
            ? { url: `${F}/updateInvestor/${id}`, method: 'PUT', data: body }
            : { url: `${F}/createInvestor`, method: 'POST', data: body },
        transformResponse: data<InvestorItem>,
        invalidatesTags: [FT.investor],
      }),
      calls: build.query<CursorPage<CallItem>, Filters & { cursor?: string }>({
        query: (args) => ({ url: `${F}/getCalls`, params: params({ ...args, limit: 12 }) }),
        providesTags: [FT.call],
      }),
      createCall: build.mutation<CallItem, CallBody>({
        query: (body) => ({ url: `${F}/createCall`, method: 'POST', data: body }),
        transformResponse: data<CallItem>,
        invalidatesTags: [FT.call, FT.investor],
      }),
      deleteCall: build.mutation<unknown, number>({
        query: (id) => ({ url: `${F}/deleteCall/${id}`, method: 'DELETE' }),
        invalidatesTags: [FT.call, FT.investor],
      }),
      applyToCall: build.mutation<
        FundingApplicationItem,
        { call_id: number; startup_id: number; message: string }
      >({
        query: (body) => ({ url: `${F}/createApplication`, method: 'POST', data: body }),
        transformResponse: data<FundingApplicationItem>,
        invalidatesTags: [FT.call, FT.deal],
      }),
      myFundingApplications: build.query<CursorPage<FundingApplicationItem>, { cursor?: string }>({
        query: ({ cursor }) => ({ url: `${F}/getMyApplications`, params: params({ cursor, limit: 20 }) }),
        providesTags: [FT.deal],
      }),
      dealFlow: build.query<DealCard[], void>({
        query: () => ({ url: `${F}/getDealFlow` }),
        transformResponse: data<DealCard[]>,
        providesTags: [FT.deal],
      }),
      moveDeal: build.mutation<DealCard, { id: number; stage: string; position: number }>({
        query: ({ id, ...body }) => ({ url: `${F}/moveDeal/${id}`, method: 'PUT', data: body }),
        transformResponse: data<DealCard>,
        invalidatesTags: [FT.deal],
      }),
      rateDeal: build.mutation<DealCard, { id: number; rating?: number | null; notes?: string }>({
        query: ({ id, ...body }) => ({ url: `${F}/rateDeal/${id}`, method: 'PUT', data: body }),
        transformResponse: data<DealCard>,
        invalidatesTags: [FT.deal],
      }),
    }),
  });

export const {
  useStartupsQuery,
  useMyStartupsQuery,
  useStartupQuery,
  useSaveStartupMutation,
  useDeleteStartupMutation,
  useProjectsQuery,
  useProjectQuery,
  useSaveProjectMutation,
  useDeleteProjectMutation,
  useInviteCollaboratorMutation,
  useAnswerInvitationMutation,
  useCentersQuery,
  useCenterQuery,
  useSaveCenterMutation,
  useCreateCohortMutation,
  useAddReviewerMutation,
  useApplyMutation,
  useCohortApplicationsQuery,
  useReviewApplicationMutation,
  useDecideApplicationMutation,
  useEcosystemMapQuery,
  usePlaceOrganisationMutation,
  useWorkspaceQuery,
  useInvestorsQuery,
  useMyInvestorQuery,
  useSaveInvestorMutation,
  useCallsQuery,
  useCreateCallMutation,
  useDeleteCallMutation,
  useApplyToCallMutation,
  useMyFundingApplicationsQuery,
  useDealFlowQuery,
  useMoveDealMutation,
  useRateDealMutation,
} = ecosystemApi;
