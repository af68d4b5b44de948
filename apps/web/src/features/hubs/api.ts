import {
  HUB_PAGES_API,
  HUB_TAG,
  type HubCreate,
  type HubPage,
  type HubPageSummary,
  type HubUpdate,
  type ListMeta,
  type PublishedHub,
} from '@nexus/contracts';
import { api } from '../../app/api';

export interface HubList {
  data: HubPageSummary[];
  meta: ListMeta;
}

/**
 * Hub pages (issue 22): the published definition a page shows, and the editor's verbs. Every write
 * invalidates `HubPage`, so an open hub shows what was just published.
 */
export const hubsApi = api.enhanceEndpoints({ addTagTypes: [HUB_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    hubByPath: build.query<PublishedHub, { path: string; tenantId?: number }>({
      query: ({ path, tenantId }) => ({
        url: `${HUB_PAGES_API}/byPath`,
        params: tenantId === undefined ? { path } : { path, tenant_id: tenantId },
      }),
      transformResponse: (body: { data: PublishedHub }) => body.data,
      providesTags: [HUB_TAG],
    }),
    hubs: build.query<HubList, { page: number; limit: number; view: 'manage' | 'tenant'; search?: string }>({
      query: ({ search, ...params }) => ({
        url: `${HUB_PAGES_API}/getHubs`,
        params: search ? { ...params, search } : params,
      }),
      providesTags: [HUB_TAG],
    }),
    hub: build.query<HubPage, number>({
      query: (id) => ({ url: `${HUB_PAGES_API}/getHub/${id}` }),
      transformResponse: (body: { data: HubPage }) => body.data,
      providesTags: [HUB_TAG],
    }),
    createHub: build.mutation<HubPage, HubCreate>({
      query: (data) => ({ url: `${HUB_PAGES_API}/createHub`, method: 'POST', data }),
      transformResponse: (body: { data: HubPage }) => body.data,
      invalidatesTags: [HUB_TAG],
    }),
    updateHub: build.mutation<HubPage, { id: number; data: HubUpdate }>({
      query: ({ id, data }) => ({ url: `${HUB_PAGES_API}/updateHub/${id}`, method: 'PUT', data }),
      transformResponse: (body: { data: HubPage }) => body.data,
      invalidatesTags: [HUB_TAG],
    }),
    publishHub: build.mutation<HubPage, number>({
      query: (id) => ({ url: `${HUB_PAGES_API}/publishHub/${id}`, method: 'POST', data: {} }),
      transformResponse: (body: { data: HubPage }) => body.data,
      invalidatesTags: [HUB_TAG],
    }),
    deleteHub: build.mutation<unknown, { id: number; userId: number }>({
      query: ({ id, userId }) => ({ url: `${HUB_PAGES_API}/deleteHub/${id}/${userId}`, method: 'DELETE' }),
      invalidatesTags: [HUB_TAG],
    }),
  }),
});

export const {
  useHubByPathQuery,
  useHubsQuery,
  useHubQuery,
  useCreateHubMutation,
  useUpdateHubMutation,
  usePublishHubMutation,
  useDeleteHubMutation,
} = hubsApi;
