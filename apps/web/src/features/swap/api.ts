import {
  type ListMeta,
  SWAP_API,
  type SwapKind,
  type SwapMatchItem,
  type SwapPostCreate,
  type SwapPostItem,
  type SwapPostUpdate,
  type SwapProposalItem,
} from '@nexus/contracts';
import { api } from '../../app/api';

const SWAP = 'Swap';

export interface SwapSearchArgs {
  page: number;
  limit: number;
  search?: string;
  kind?: SwapKind;
  tag?: string;
  mine?: boolean;
}

/** Skill swap (issue 22; docs/swap.md). */
export const swapApi = api.enhanceEndpoints({ addTagTypes: [SWAP] }).injectEndpoints({
  endpoints: (build) => ({
    swapPosts: build.query<{ data: SwapPostItem[]; meta: ListMeta }, SwapSearchArgs>({
      query: ({ page, limit, search, kind, tag, mine }) => ({
        url: `${SWAP_API}/getPosts`,
        params: {
          page,
          limit,
          ...(search ? { search } : {}),
          ...(kind ? { kind } : {}),
          ...(tag ? { tag } : {}),
          ...(mine ? { mine: 'true' } : {}),
        },
      }),
      providesTags: [SWAP],
    }),
    swapMatches: build.query<{ data: SwapMatchItem[]; meta: ListMeta }, { page: number; limit: number }>({
      query: (params) => ({ url: `${SWAP_API}/getMatches`, params }),
      providesTags: [SWAP],
    }),
    createSwapPost: build.mutation<SwapPostItem, SwapPostCreate>({
      query: (data) => ({ url: `${SWAP_API}/createPost`, method: 'POST', data }),
      transformResponse: (body: { data: SwapPostItem }) => body.data,
      invalidatesTags: [SWAP],
    }),
    updateSwapPost: build.mutation<SwapPostItem, { id: number; data: SwapPostUpdate }>({
      query: ({ id, data }) => ({ url: `${SWAP_API}/updatePost/${id}`, method: 'PUT', data }),
      transformResponse: (body: { data: SwapPostItem }) => body.data,
      invalidatesTags: [SWAP],
    }),
    deleteSwapPost: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `${SWAP_API}/deletePost/${id}`, method: 'DELETE' }),
      invalidatesTags: [SWAP],
    }),
    proposeSwap: build.mutation<
      { data: SwapPostItem; message: string },
      { post_id: number; message: string }
    >({
      query: (data) => ({ url: `${SWAP_API}/createProposal`, method: 'POST', data }),
      invalidatesTags: [SWAP],
    }),
    swapProposals: build.query<SwapProposalItem[], number>({
      query: (id) => ({ url: `${SWAP_API}/getProposals/${id}` }),
      transformResponse: (body: { data: SwapProposalItem[] }) => body.data,
      providesTags: [SWAP],
    }),
    decideSwapProposal: build.mutation<
      SwapProposalItem,
      { id: number; data: { status: 'accepted' | 'declined' } }
    >({
      query: ({ id, data }) => ({ url: `${SWAP_API}/updateProposal/${id}`, method: 'PUT', data }),
      transformResponse: (body: { data: SwapProposalItem }) => body.data,
      invalidatesTags: [SWAP],
    }),
  }),
});

export const {
  useSwapPostsQuery,
  useSwapMatchesQuery,
  useCreateSwapPostMutation,
  useUpdateSwapPostMutation,
  useDeleteSwapPostMutation,
  useProposeSwapMutation,
  useSwapProposalsQuery,
  useDecideSwapProposalMutation,
} = swapApi;
