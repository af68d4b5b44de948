import {
  CSR_API,
  type CsrInterestItem,
  type CsrProjectCreate,
  type CsrProjectItem,
  type CsrStatus,
  type ListMeta,
  type MyShiftsAnswer,
  type OpportunityCreate,
  type OpportunityDetail,
  type OpportunityItem,
  type RosterAnswer,
  SCHEMES_API,
  type SchemeCreate,
  type SchemeItem,
  type SchemeList,
  type SchemeSector,
  type SchemeUpdate,
  type SignupItem,
  VOLUNTEERING_API,
  type VolunteerCause,
  type VolunteerHours,
} from '@nexus/contracts';
import { api } from '../../app/api';

export interface OpportunitySearchArgs {
  page: number;
  limit: number;
  search?: string;
  cause?: VolunteerCause;
  from?: string;
}

const VOLUNTEERING = 'Volunteering';
const CSR = 'CsrProjects';
const SCHEMES = 'GovernmentSchemes';

export interface CsrSearchArgs {
  page: number;
  limit: number;
  search?: string;
  cause?: VolunteerCause;
  status?: CsrStatus;
}

/** Drops empty filters so the list is called with only what the person chose. */
function searchParams(args: OpportunitySearchArgs) {
  const params: Record<string, string | number> = { page: args.page, limit: args.limit };
  if (args.search) params.search = args.search;
  if (args.cause) params.cause = args.cause;
  if (args.from) params.from = args.from;
  return params;
}

/** Volunteering (issue 22 point 4; docs/services.md). */
export const servicesApi = api
  .enhanceEndpoints({ addTagTypes: [VOLUNTEERING, CSR, SCHEMES] })
  .injectEndpoints({
    endpoints: (build) => ({
      opportunities: build.query<{ data: OpportunityItem[]; meta: ListMeta }, OpportunitySearchArgs>({
        query: (args) => ({ url: `${VOLUNTEERING_API}/getOpportunities`, params: searchParams(args) }),
        providesTags: [VOLUNTEERING],
      }),
      opportunity: build.query<OpportunityDetail, number>({
        query: (id) => ({ url: `${VOLUNTEERING_API}/getOpportunity/${id}` }),
        transformResponse: (body: { data: OpportunityDetail }) => body.data,
        providesTags: [VOLUNTEERING],
      }),
      createOpportunity: build.mutation<OpportunityDetail, OpportunityCreate>({
        query: (data) => ({ url: `${VOLUNTEERING_API}/createOpportunity`, method: 'POST', data }),
        transformResponse: (body: { data: OpportunityDetail }) => body.data,
        invalidatesTags: [VOLUNTEERING],
      }),
      signUp: build.mutation<{ data: SignupItem; message: string }, number>({
        query: (shiftId) => ({
          url: `${VOLUNTEERING_API}/signUp`,
          method: 'POST',
          data: { shift_id: shiftId },
        }),
        invalidatesTags: [VOLUNTEERING],
      }),
      cancelSignup: build.mutation<SignupItem, number>({
        query: (signupId) => ({
          url: `${VOLUNTEERING_API}/cancelSignup/${signupId}`,
          method: 'POST',
          data: {},
        }),
        transformResponse: (body: { data: SignupItem }) => body.data,
        invalidatesTags: [VOLUNTEERING],
      }),
      roster: build.query<RosterAnswer['data'], number>({
        query: (id) => ({ url: `${VOLUNTEERING_API}/getRoster/${id}` }),
        transformResponse: (body: RosterAnswer) => body.data,
        providesTags: [VOLUNTEERING],
      }),
      recordHours: build.mutation<SignupItem, { signupId: number; attended: boolean; hours?: number }>({
        query: ({ signupId, ...data }) => ({
          url: `${VOLUNTEERING_API}/recordHours/${signupId}`,
          method: 'PUT',
          data,
        }),
        transformResponse: (body: { data: SignupItem }) => body.data,
        invalidatesTags: [VOLUNTEERING],
      }),
      myShifts: build.query<MyShiftsAnswer, void>({
        query: () => ({ url: `${VOLUNTEERING_API}/getMyShifts` }),
        providesTags: [VOLUNTEERING],
      }),
      volunteerHours: build.query<VolunteerHours, number>({
        query: (userId) => ({ url: `${VOLUNTEERING_API}/getHours/${userId}` }),
        transformResponse: (body: { data: VolunteerHours }) => body.data,
        providesTags: [VOLUNTEERING],
      }),
      csrProjects: build.query<{ data: CsrProjectItem[]; meta: ListMeta }, CsrSearchArgs>({
        query: ({ page, limit, search, cause, status }) => ({
          url: `${CSR_API}/getProjects`,
          params: {
            page,
            limit,
            ...(search ? { search } : {}),
            ...(cause ? { cause } : {}),
            ...(status ? { status } : {}),
          },
        }),
        providesTags: [CSR],
      }),
      createCsrProject: build.mutation<CsrProjectItem, CsrProjectCreate>({
        query: (data) => ({ url: `${CSR_API}/createProject`, method: 'POST', data }),
        transformResponse: (body: { data: CsrProjectItem }) => body.data,
        invalidatesTags: [CSR],
      }),
      expressInterest: build.mutation<
        { data: CsrProjectItem; message: string },
        { project_id: number; message: string }
      >({
        query: (data) => ({ url: `${CSR_API}/expressInterest`, method: 'POST', data }),
        invalidatesTags: [CSR],
      }),
      csrInterests: build.query<CsrInterestItem[], number>({
        query: (id) => ({ url: `${CSR_API}/getInterests/${id}` }),
        transformResponse: (body: { data: CsrInterestItem[] }) => body.data,
        providesTags: [CSR],
      }),
      schemes: build.query<
        SchemeList,
        { page: number; limit: number; search?: string; sector?: SchemeSector }
      >({
        query: ({ page, limit, search, sector }) => ({
          url: `${SCHEMES_API}/getSchemes`,
          params: { page, limit, ...(search ? { search } : {}), ...(sector ? { sector } : {}) },
        }),
        providesTags: [SCHEMES],
      }),
      createScheme: build.mutation<SchemeItem, SchemeCreate>({
        query: (data) => ({ url: `${SCHEMES_API}/createScheme`, method: 'POST', data }),
        transformResponse: (body: { data: SchemeItem }) => body.data,
        invalidatesTags: [SCHEMES],
      }),
      updateScheme: build.mutation<SchemeItem, { id: number; data: SchemeUpdate }>({
        query: ({ id, data }) => ({ url: `${SCHEMES_API}/updateScheme/${id}`, method: 'PUT', data }),
        transformResponse: (body: { data: SchemeItem }) => body.data,
        invalidatesTags: [SCHEMES],
      }),
    }),
  });

export const {
  useSchemesQuery,
  useCreateSchemeMutation,
  useUpdateSchemeMutation,
  useCsrProjectsQuery,
  useCreateCsrProjectMutation,
  useExpressInterestMutation,
  useCsrInterestsQuery,
  useOpportunitiesQuery,
  useOpportunityQuery,
  useCreateOpportunityMutation,
  useSignUpMutation,
  useCancelSignupMutation,
  useRosterQuery,
  useRecordHoursMutation,
  useMyShiftsQuery,
  useVolunteerHoursQuery,
} = servicesApi;
