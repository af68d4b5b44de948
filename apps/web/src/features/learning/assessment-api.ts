import {
  type AnswersBody,
  ASSESSMENT_API,
  type Assessment,
  type AssessmentAttempt,
  type AssessmentKind,
  type AssessmentReport,
  type AssessmentResponse,
  type AssessmentResponsesQuery,
  type ListMeta,
  type MyAssessment,
  type Question,
  type ResponseSummaryPage,
} from '@nexus/contracts';
import { api } from '../../app/api';

/** The generic list answer of spec section 7; `data` is absent when only metadata was asked for. */
export interface AssessmentPage {
  data?: Assessment[];
  meta: ListMeta;
}

export interface AssessmentListArgs {
  page: number;
  limit: number;
  search?: string;
  kind?: AssessmentKind;
  /** Learners only ever get published rows; authors pass this to leave their drafts out. */
  publishedOnly?: boolean;
}

export type AssessmentChanges = Partial<
  Pick<
    Assessment,
    | 'title'
    | 'description'
    | 'kind'
    | 'status'
    | 'pass_mark'
    | 'institute_name'
    | 'max_attempts'
    | 'retake_wait_minutes'
    | 'scoring'
    | 'show_correct_answers'
  >
>;
export type QuestionInput = Pick<
  Question,
  'question_type' | 'prompt' | 'options' | 'correct_options' | 'rating_max' | 'points' | 'is_required'
>;

const ASSESSMENTS = `${ASSESSMENT_API}/assessments`;
const QUESTIONS = `${ASSESSMENT_API}/questions`;
const TAKE = `${ASSESSMENT_API}/take`;
const REPORTS = `${ASSESSMENT_API}/reports`;

/** The CSV of every response; a plain link, since the session cookie authenticates the download. */
export const exportCsvUrl = (assessmentId: number) => `${ASSESSMENT_API}/reports/exportCsv/${assessmentId}`;

const unwrap = <T>(body: { data: T }) => body.data;

function listParams({ page, limit, search, kind, publishedOnly }: AssessmentListArgs) {
  const filter = { ...(publishedOnly ? { status: 'published' } : {}), ...(kind ? { kind } : {}) };
  return {
    page,
    limit,
    ...(search ? { search } : {}),
    ...(Object.keys(filter).length > 0 ? { filterFields: JSON.stringify(filter) } : {}),
  };
}

/** /api/assessment (docs/assessments.md): authoring, taking and reports. */
export const assessmentApi = api
  .enhanceEndpoints({
    addTagTypes: [
      'Assessment',
      'AssessmentQuestion',
      'AssessmentAttempt',
      'MyAssessment',
      'AssessmentReport',
      'AssessmentResponses',
      // The learner's program progress, which a passing submission moves on (docs/assessments.md).
      'Progress',
      'Enrollment',
      'Certificate',
    ],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      assessments: build.query<AssessmentPage, AssessmentListArgs>({
        query: (args) => ({ url: `${ASSESSMENTS}/getAll`, params: listParams(args) }),
        providesTags: ['Assessment'],
      }),
      assessment: build.query<Assessment, number>({
        query: (id) => ({ url: `${ASSESSMENTS}/getAssessment/${id}` }),
        transformResponse: unwrap<Assessment>,
        providesTags: (_r, _e, id) => [{ type: 'Assessment', id }],
      }),
      createAssessment: build.mutation<Assessment, AssessmentChanges & { title: string }>({
        query: (data) => ({ url: `${ASSESSMENTS}/createAssessment`, method: 'POST', data }),
        transformResponse: unwrap<Assessment>,
        invalidatesTags: ['Assessment'],
      }),
      updateAssessment: build.mutation<Assessment, { id: number; changes: AssessmentChanges }>({
        query: ({ id, changes }) => ({ url: `${ASSESSMENTS}/update/${id}`, method: 'PUT', data: changes }),
        transformResponse: unwrap<Assessment>,
        invalidatesTags: ['Assessment', 'AssessmentAttempt'],
      }),
      questions: build.query<Question[], number>({
        query: (assessmentId) => ({
          url: `${QUESTIONS}/getAll`,
          params: {
            limit: -1,
            sortField: 'position',
            sortOrder: 'asc',
            filterFields: JSON.stringify({ assessment_id: assessmentId }),
          },
        }),
        transformResponse: (body: { data?: Question[] }) => body.data ?? [],
        providesTags: (_r, _e, id) => [{ type: 'AssessmentQuestion', id }],
      }),
      createQuestion: build.mutation<Question, QuestionInput & { assessment_id: number; position: number }>({
        query: (data) => ({ url: `${QUESTIONS}/createQuestion`, method: 'POST', data }),
        transformResponse: unwrap<Question>,
        invalidatesTags: (_r, _e, { assessment_id }) => [
          { type: 'AssessmentQuestion', id: assessment_id },
          'AssessmentAttempt',
        ],
      }),
      updateQuestion: build.mutation<
        Question,
        { assessmentId: number; id: number; changes: Partial<QuestionInput> }
      >({
        query: ({ id, changes }) => ({ url: `${QUESTIONS}/update/${id}`, method: 'PUT', data: changes }),
        transformResponse: unwrap<Question>,
        invalidatesTags: (_r, _e, { assessmentId }) => [
          { type: 'AssessmentQuestion', id: assessmentId },
          'AssessmentAttempt',
        ],
      }),
      deleteQuestion: build.mutation<Question, { assessmentId: number; id: number; userId: number }>({
        query: ({ id, userId }) => ({ url: `${QUESTIONS}/delete/${id}/${userId}`, method: 'DELETE' }),
        transformResponse: unwrap<Question>,
        invalidatesTags: (_r, _e, { assessmentId }) => [
          { type: 'AssessmentQuestion', id: assessmentId },
          'AssessmentAttempt',
        ],
      }),
      /** Reordering writes every position in one all-or-nothing call. */
      reorderQuestions: build.mutation<Question[], { assessmentId: number; order: number[] }>({
        query: ({ order }) => ({
          url: `${QUESTIONS}/updateMany`,
          method: 'POST',
          data: order.map((question_id, position) => ({ question_id, position })),
        }),
        transformResponse: unwrap<Question[]>,
        invalidatesTags: (_r, _e, { assessmentId }) => [
          { type: 'AssessmentQuestion', id: assessmentId },
          'AssessmentAttempt',
        ],
      }),
      myResponses: build.query<MyAssessment[], void>({
        query: () => ({ url: `${TAKE}/getMyResponses` }),
        transformResponse: unwrap<MyAssessment[]>,
        providesTags: ['MyAssessment'],
      }),
      attempt: build.query<AssessmentAttempt, number>({
        query: (id) => ({ url: `${TAKE}/getAttempt/${id}` }),
        transformResponse: unwrap<AssessmentAttempt>,
        providesTags: (_r, _e, id) => [{ type: 'AssessmentAttempt', id }],
      }),
      // An autosave invalidates nothing the page shows: refetching the attempt would reset the answers being typed.
      saveAnswers: build.mutation<AssessmentResponse, { id: number; body: AnswersBody }>({
        query: ({ id, body }) => ({ url: `${TAKE}/saveAnswers/${id}`, method: 'PUT', data: body }),
        transformResponse: unwrap<AssessmentResponse>,
        invalidatesTags: ['MyAssessment'],
      }),
      submitAnswers: build.mutation<AssessmentResponse, { id: number; body: AnswersBody }>({
        query: ({ id, body }) => ({ url: `${TAKE}/submit/${id}`, method: 'POST', data: body }),
        transformResponse: unwrap<AssessmentResponse>,
        invalidatesTags: (_r, _e, { id }) => [
          { type: 'AssessmentAttempt', id },
          { type: 'AssessmentReport', id },
          { type: 'AssessmentResponses', id },
          'MyAssessment',
          'Progress',
          'Enrollment',
          'Certificate',
        ],
      }),
      // A new attempt empties the form: the attempt refetches with the response open again.
      retake: build.mutation<AssessmentResponse, number>({
        query: (id) => ({ url: `${TAKE}/retake/${id}`, method: 'POST' }),
        transformResponse: unwrap<AssessmentResponse>,
        invalidatesTags: (_r, _e, id) => [
          { type: 'AssessmentAttempt', id },
          { type: 'AssessmentResponses', id },
          'MyAssessment',
        ],
      }),
      report: build.query<AssessmentReport, number>({
        query: (id) => ({ url: `${REPORTS}/getReport/${id}` }),
        transformResponse: unwrap<AssessmentReport>,
        providesTags: (_r, _e, id) => [{ type: 'AssessmentReport', id }],
      }),
      responses: build.query<ResponseSummaryPage, { assessmentId: number } & AssessmentResponsesQuery>({
        query: ({ assessmentId, ...params }) => ({ url: `${REPORTS}/getResponses/${assessmentId}`, params }),
        providesTags: (_r, _e, { assessmentId }) => [{ type: 'AssessmentResponses', id: assessmentId }],
      }),
      // A reopened response leaves the report's submitted count and averages, so both refresh.
      reopenResponse: build.mutation<AssessmentResponse, { assessmentId: number; responseId: number }>({
        query: ({ responseId }) => ({ url: `${REPORTS}/reopenResponse/${responseId}`, method: 'POST' }),
        transformResponse: unwrap<AssessmentResponse>,
        invalidatesTags: (_r, _e, { assessmentId }) => [
          { type: 'AssessmentResponses', id: assessmentId },
          { type: 'AssessmentReport', id: assessmentId },
        ],
      }),
    }),
  });

export const {
  useAssessmentsQuery,
  useAssessmentQuery,
  useCreateAssessmentMutation,
  useUpdateAssessmentMutation,
  useQuestionsQuery,
  useCreateQuestionMutation,
  useUpdateQuestionMutation,
  useDeleteQuestionMutation,
  useReorderQuestionsMutation,
  useMyResponsesQuery,
  useAttemptQuery,
  useSaveAnswersMutation,
  useSubmitAnswersMutation,
  useRetakeMutation,
  useReportQuery,
  useResponsesQuery,
  useReopenResponseMutation,
} = assessmentApi;
