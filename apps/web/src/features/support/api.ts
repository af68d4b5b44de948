import {
  FAQS_API,
  type Faq,
  type FaqCreate,
  type FaqUpdate,
  type ListMeta,
  PRIVACY_API,
  type PrivacyPolicy,
  type PrivacyPolicyAnswer,
  type PrivacyPolicyCreate,
  SUPPORT_REQUESTS_API,
  type SupportReplyCreate,
  type SupportRequest,
  type SupportRequestCreate,
  type SupportStatus,
} from '@nexus/contracts';
import { api } from '../../app/api';

export interface RequestPage {
  data: SupportRequest[];
  meta: ListMeta;
}

export interface RequestListArgs {
  page: number;
  view: 'mine' | 'manage';
  status: SupportStatus | null;
}

export const REQUESTS_PAGE_SIZE = 10;

/** Support requests, FAQs and the privacy policy (issue 22 point 5). */
export const supportApi = api
  .enhanceEndpoints({ addTagTypes: ['SupportRequests', 'Faqs', 'PrivacyPolicy'] })
  .injectEndpoints({
    endpoints: (build) => ({
      supportRequests: build.query<RequestPage, RequestListArgs>({
        query: ({ page, view, status }) => ({
          url: `${SUPPORT_REQUESTS_API}/getRequests`,
          params: { page, limit: REQUESTS_PAGE_SIZE, view, ...(status ? { status } : {}) },
        }),
        providesTags: ['SupportRequests'],
      }),
      supportRequest: build.query<SupportRequest, number>({
        query: (id) => ({ url: `${SUPPORT_REQUESTS_API}/getRequest/${id}` }),
        transformResponse: (body: { data: SupportRequest }) => body.data,
        providesTags: ['SupportRequests'],
      }),
      createSupportRequest: build.mutation<{ data: SupportRequest }, SupportRequestCreate>({
        query: (data) => ({ url: `${SUPPORT_REQUESTS_API}/createRequest`, method: 'POST', data }),
        invalidatesTags: ['SupportRequests'],
      }),
      replySupportRequest: build.mutation<
        { data: SupportRequest },
        { id: number; reply: SupportReplyCreate }
      >({
        query: ({ id, reply }) => ({
          url: `${SUPPORT_REQUESTS_API}/replyRequest/${id}`,
          method: 'POST',
          data: reply,
        }),
        invalidatesTags: ['SupportRequests'],
      }),
      setSupportStatus: build.mutation<{ data: SupportRequest }, { id: number; status: SupportStatus }>({
        query: ({ id, status }) => ({
          url: `${SUPPORT_REQUESTS_API}/updateRequestStatus/${id}`,
          method: 'PUT',
          data: { status },
        }),
        invalidatesTags: ['SupportRequests'],
      }),
      faqs: build.query<Faq[], string>({
        query: (search) => ({
          url: `${FAQS_API}/getFaqs`,
          params: search.trim() ? { search: search.trim() } : {},
        }),
        transformResponse: (body: { data?: Faq[] }) => body.data ?? [],
        providesTags: ['Faqs'],
      }),
      createFaq: build.mutation<{ data: Faq }, FaqCreate>({
        query: (data) => ({ url: `${FAQS_API}/createFaq`, method: 'POST', data }),
        invalidatesTags: ['Faqs'],
      }),
      updateFaq: build.mutation<{ data: Faq }, { id: number; changes: FaqUpdate }>({
        query: ({ id, changes }) => ({ url: `${FAQS_API}/updateFaq/${id}`, method: 'PUT', data: changes }),
        invalidatesTags: ['Faqs'],
      }),
      deleteFaq: build.mutation<unknown, { id: number; userId: number }>({
        query: ({ id, userId }) => ({ url: `${FAQS_API}/deleteFaq/${id}/${userId}`, method: 'DELETE' }),
        invalidatesTags: ['Faqs'],
      }),
      reorderFaqs: build.mutation<unknown, number[]>({
        query: (ids) => ({ url: `${FAQS_API}/reorderFaqs`, method: 'POST', data: { faq_ids: ids } }),
        invalidatesTags: ['Faqs'],
      }),
      privacyPolicy: build.query<PrivacyPolicyAnswer, void>({
        query: () => ({ url: `${PRIVACY_API}/getPrivacyPolicy` }),
        transformResponse: (body: { data: PrivacyPolicyAnswer }) => body.data,
        providesTags: ['PrivacyPolicy'],
      }),
      privacyPolicyVersion: build.query<PrivacyPolicy, number>({
        query: (version) => ({ url: `${PRIVACY_API}/getPrivacyPolicy/${version}` }),
        transformResponse: (body: { data: PrivacyPolicy }) => body.data,
      }),
      publishPrivacyPolicy: build.mutation<{ data: PrivacyPolicy }, PrivacyPolicyCreate>({
        query: (data) => ({ url: `${PRIVACY_API}/publishPrivacyPolicy`, method: 'POST', data }),
        invalidatesTags: ['PrivacyPolicy'],
      }),
    }),
  });

export const {
  useSupportRequestsQuery,
  useSupportRequestQuery,
  useCreateSupportRequestMutation,
  useReplySupportRequestMutation,
  useSetSupportStatusMutation,
  useFaqsQuery,
  useCreateFaqMutation,
  useUpdateFaqMutation,
  useDeleteFaqMutation,
  useReorderFaqsMutation,
  usePrivacyPolicyQuery,
  usePrivacyPolicyVersionQuery,
  usePublishPrivacyPolicyMutation,
} = supportApi;
