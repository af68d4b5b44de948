import {
  type CreateEvidenceBody,
  type CreateReviewBody,
  type ListMeta,
  READINESS_PATHS,
  READINESS_TAGS,
  type ReadinessJourney,
  type ReadinessJourneyDetail,
  type ReadinessOverview,
  type ReadinessResult,
  type ReadinessReview,
  type StatModule,
  type UpdateReviewBody,
} from '@nexus/contracts';
import { api } from '../../app/api';

const T = READINESS_TAGS;
const P = READINESS_PATHS;

/**
 * Readiness journeys and statistics (issue 19 points 4 and 5). The server's realtime emits name the
 * same tags, so a reviewer's answer refreshes the founder's open page.
 */
export const readinessApi = api
  .enhanceEndpoints({ addTagTypes: [T.journey, T.review, T.stats] })
  .injectEndpoints({
    endpoints: (build) => ({
      readinessOverview: build.query<ReadinessOverview, void>({
        query: () => ({ url: `${P.journeys}/getJourneys` }),
        transformResponse: (body: { data: ReadinessOverview }) => body.data,
        providesTags: [T.journey],
      }),
      readinessJourney: build.query<ReadinessJourneyDetail, ReadinessJourney>({
        query: (journey) => ({ url: `${P.journeys}/getJourney/${journey}` }),
        transformResponse: (body: { data: ReadinessJourneyDetail }) => body.data,
        providesTags: [T.journey],
      }),
      readinessResult: build.query<ReadinessResult, number>({
        query: (id) => ({ url: `${P.results}/getResult/${id}` }),
        transformResponse: (body: { data: ReadinessResult }) => body.data,
        providesTags: [T.journey],
      }),
      submitReadiness: build.mutation<
        ReadinessResult,
        { journey: ReadinessJourney; answers: Record<string, string> }
      >({
        query: (data) => ({ url: `${P.results}/createResult`, method: 'POST', data }),
        transformResponse: (body: { data: ReadinessResult }) => body.data,
        // The new result shows at once: until the refetch lands, the page would still show the last
        // one, and evidence or a review request made then would go to it.
        async onQueryStarted({ journey }, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(
              readinessApi.util.updateQueryData('readinessJourney', journey, (draft) => {
                draft.latest = data;
              }),
            );
          } catch {
            // The form shows the error; the cache keeps what it had.
          }
        },
        invalidatesTags: [T.journey, T.stats],
      }),
      addEvidence: build.mutation<ReadinessResult, CreateEvidenceBody>({
        query: (data) => ({ url: `${P.evidence}/createEvidence`, method: 'POST', data }),
        transformResponse: (body: { data: ReadinessResult }) => body.data,
        invalidatesTags: [T.journey],
      }),
      removeEvidence: build.mutation<unknown, number>({
        query: (id) => ({ url: `${P.evidence}/deleteEvidence/${id}`, method: 'DELETE' }),
        invalidatesTags: [T.journey],
      }),
      requestReview: build.mutation<ReadinessReview, CreateReviewBody>({
        query: (data) => ({ url: `${P.reviews}/createReview`, method: 'POST', data }),
        transformResponse: (body: { data: ReadinessReview }) => body.data,
        invalidatesTags: [T.journey, T.review],
      }),
      reviewQueue: build.query<
        { data: ReadinessReview[]; meta: ListMeta },
        { status: 'requested' | 'answered'; page: number }
      >({
        query: ({ status, page }) => ({
          url: `${P.reviews}/getReviews`,
          params: { status, page, limit: 10 },
        }),
        providesTags: [T.review],
      }),
      answerReview: build.mutation<ReadinessReview, { id: number; body: UpdateReviewBody }>({
        query: ({ id, body }) => ({ url: `${P.reviews}/updateReview/${id}`, method: 'PUT', data: body }),
        transformResponse: (body: { data: ReadinessReview }) => body.data,
        invalidatesTags: [T.review, T.journey, T.stats],
      }),
      myStats: build.query<StatModule[], void>({
        query: () => ({ url: `${P.stats}/getStats` }),
        transformResponse: (body: { data: StatModule[] }) => body.data,
        providesTags: [T.stats],
      }),
    }),
  });

export const {
  useReadinessOverviewQuery,
  useReadinessJourneyQuery,
  useReadinessResultQuery,
  useSubmitReadinessMutation,
  useAddEvidenceMutation,
  useRemoveEvidenceMutation,
  useRequestReviewMutation,
  useReviewQueueQuery,
  useAnswerReviewMutation,
  useMyStatsQuery,
} = readinessApi;
