import {
  COMMENTS_API,
  COMMUNITIES_API,
  CONNECTIONS_API,
  type CommentItem,
  type ConnectionItem,
  type ConnectionSummary,
  type CreateCommentBody,
  type CreateConnectionBody,
  type CreatePostBody,
  FEED_API,
  FOLLOWS_API,
  NETWORK_TAGS,
  type NetworkPersonCard,
  POSTS_API,
  type PostCommunity,
  type PostItem,
  type PostReaction,
  type PostStatus,
  type UpdatePostBody,
} from '@nexus/contracts';
import { api } from '../../app/api';

export interface CursorPage<T> {
  data: T[];
  meta: { limit: number; next_cursor: string | null };
}

const T = NETWORK_TAGS;

/**
 * The network and posts (issue 18 points 4 and 5). Lists provide the network's tags, which the
 * server's realtime emits name too, so an accepted request or a new comment refreshes open pages.
 */
export const networkApi = api
  .enhanceEndpoints({
    addTagTypes: [T.connection, T.follow, T.post, T.comment, T.feed, T.communityPosts, 'Community'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      connectionSummary: build.query<ConnectionSummary, void>({
        query: () => ({ url: `${CONNECTIONS_API}/getSummary` }),
        transformResponse: (body: { data: ConnectionSummary }) => body.data,
        providesTags: [T.connection, T.follow],
      }),
      connections: build.query<CursorPage<ConnectionItem>, { search: string; cursor?: string }>({
        query: ({ search, cursor }) => ({
          url: `${CONNECTIONS_API}/getConnections`,
          params: { search: search || undefined, cursor, limit: 20 },
        }),
        providesTags: [T.connection],
      }),
      connectionRequests: build.query<
        CursorPage<ConnectionItem>,
        { direction: 'received' | 'sent'; cursor?: string }
      >({
        query: ({ direction, cursor }) => ({
          url: `${CONNECTIONS_API}/getConnectionRequests`,
          params: { direction, cursor, limit: 20 },
        }),
        providesTags: [T.connection],
      }),
      suggestions: build.query<CursorPage<NetworkPersonCard>, void>({
        query: () => ({ url: `${CONNECTIONS_API}/getSuggestions`, params: { limit: 12 } }),
        providesTags: [T.connection, T.follow],
      }),
      searchPeople: build.query<CursorPage<NetworkPersonCard>, { search: string; cursor?: string }>({
        query: ({ search, cursor }) => ({
          url: `${CONNECTIONS_API}/searchPeople`,
          params: { search, cursor, limit: 20 },
        }),
        providesTags: [T.connection, T.follow],
      }),
      sendConnection: build.mutation<{ data: ConnectionItem }, CreateConnectionBody>({
        query: (data) => ({ url: `${CONNECTIONS_API}/createConnection`, method: 'POST', data }),
        invalidatesTags: [T.connection, T.feed],
      }),
      acceptConnection: build.mutation<{ data: ConnectionItem }, number>({
        query: (id) => ({ url: `${CONNECTIONS_API}/acceptConnection/${id}`, method: 'POST' }),
        invalidatesTags: [T.connection, T.feed],
      }),
      dropConnection: build.mutation<
        unknown,
        { id: number; verb: 'declineConnection' | 'withdrawConnection' | 'deleteConnection' }
      >({
        query: ({ id, verb }) => ({ url: `${CONNECTIONS_API}/${verb}/${id}`, method: 'POST' }),
        invalidatesTags: [T.connection, T.feed],
      }),
      follow: build.mutation<unknown, number>({
        query: (userId) => ({
          url: `${FOLLOWS_API}/createFollow`,
          method: 'POST',
          data: { user_id: userId },
        }),
        invalidatesTags: [T.follow, T.feed],
      }),
      unfollow: build.mutation<unknown, number>({
        query: (userId) => ({ url: `${FOLLOWS_API}/deleteFollow/${userId}`, method: 'DELETE' }),
        invalidatesTags: [T.follow, T.feed],
      }),
      openConversation: build.mutation<number, number>({
        query: (userId) => ({
          url: '/api/messaging/conversations/createConversation',
          method: 'POST',
          data: { member_ids: [userId] },
        }),
        transformResponse: (body: { data: { conversation_id: number } }) => body.data.conversation_id,
      }),
      myPosts: build.query<CursorPage<PostItem>, { status?: PostStatus; cursor?: string }>({
        query: ({ status, cursor }) => ({
          url: `${POSTS_API}/getPosts`,
          params: { status, cursor, limit: 20 },
        }),
        providesTags: [T.post],
      }),
      feed: build.query<CursorPage<PostItem>, { cursor?: string }>({
        query: ({ cursor }) => ({ url: `${FEED_API}/getFeed`, params: { cursor, limit: 10 } }),
        providesTags: [T.feed, T.post],
      }),
      searchPosts: build.query<CursorPage<PostItem>, { search: string; cursor?: string }>({
        query: ({ search, cursor }) => ({
          url: `${POSTS_API}/searchPosts`,
          params: { search: search || undefined, cursor, limit: 10 },
        }),
        providesTags: [T.post],
      }),
      post: build.query<PostItem, number>({
        query: (id) => ({ url: `${POSTS_API}/getPost/${id}` }),
        transformResponse: (body: { data: PostItem }) => body.data,
        providesTags: [T.post],
      }),
      createPost: build.mutation<PostItem, CreatePostBody>({
        query: (data) => ({ url: `${POSTS_API}/createPost`, method: 'POST', data }),
        transformResponse: (body: { data: PostItem }) => body.data,
        invalidatesTags: [T.post, T.feed, T.communityPosts],
      }),
      updatePost: build.mutation<PostItem, { id: number; changes: UpdatePostBody }>({
        query: ({ id, changes }) => ({ url: `${POSTS_API}/updatePost/${id}`, method: 'PUT', data: changes }),
        transformResponse: (body: { data: PostItem }) => body.data,
        invalidatesTags: [T.post, T.feed],
      }),
      deletePost: build.mutation<unknown, number>({
        query: (id) => ({ url: `${POSTS_API}/deletePost/${id}`, method: 'DELETE' }),
        invalidatesTags: [T.post, T.feed, T.communityPosts],
      }),
      reactToPost: build.mutation<PostItem, { id: number; reaction: PostReaction | null }>({
        query: ({ id, reaction }) => ({
          url: `${POSTS_API}/reactToPost/${id}`,
          method: 'POST',
          data: { reaction },
        }),
        transformResponse: (body: { data: PostItem }) => body.data,
        invalidatesTags: [T.post, T.feed],
      }),
      /** The communities I belong to, to share a post to (the community area's list, "mine"). */
      myCommunities: build.query<PostCommunity[], void>({
        query: () => ({ url: `${COMMUNITIES_API}/getCommunities`, params: { view: 'mine', limit: 100 } }),
        transformResponse: (body: { data: PostCommunity[] }) =>
          body.data.map(({ community_id, name }) => ({ community_id, name })),
        providesTags: ['Community'],
      }),
      sharePost: build.mutation<PostItem, { id: number; communityIds: number[] }>({
        query: ({ id, communityIds }) => ({
          url: `${POSTS_API}/sharePost/${id}`,
          method: 'POST',
          data: { community_ids: communityIds },
        }),
        transformResponse: (body: { data: PostItem }) => body.data,
        invalidatesTags: [T.post, T.feed, T.communityPosts],
      }),
      unsharePost: build.mutation<PostItem, { id: number; communityId: number }>({
        query: ({ id, communityId }) => ({
          url: `${POSTS_API}/unsharePost/${id}`,
          method: 'POST',
          data: { community_id: communityId },
        }),
        transformResponse: (body: { data: PostItem }) => body.data,
        invalidatesTags: [T.post, T.feed, T.communityPosts],
      }),
      comments: build.query<CursorPage<CommentItem>, { postId: number; cursor?: string }>({
        query: ({ postId, cursor }) => ({
          url: `${COMMENTS_API}/getComments`,
          params: { post_id: postId, cursor, limit: 50 },
        }),
        providesTags: [T.comment],
      }),
      createComment: build.mutation<{ data: CommentItem }, CreateCommentBody>({
        query: (data) => ({ url: `${COMMENTS_API}/createComment`, method: 'POST', data }),
        invalidatesTags: [T.comment, T.post, T.feed],
      }),
      deleteComment: build.mutation<unknown, number>({
        query: (id) => ({ url: `${COMMENTS_API}/deleteComment/${id}`, method: 'DELETE' }),
        invalidatesTags: [T.comment, T.post, T.feed],
      }),
    }),
  });

export const {
  useConnectionSummaryQuery,
  useConnectionsQuery,
  useConnectionRequestsQuery,
  useSuggestionsQuery,
  useSearchPeopleQuery,
  useSendConnectionMutation,
  useAcceptConnectionMutation,
  useDropConnectionMutation,
  useFollowMutation,
  useUnfollowMutation,
  useOpenConversationMutation,
  useMyPostsQuery,
  useFeedQuery,
  useSearchPostsQuery,
  usePostQuery,
  useCreatePostMutation,
  useUpdatePostMutation,
  useDeletePostMutation,
  useReactToPostMutation,
  useMyCommunitiesQuery,
  useSharePostMutation,
  useUnsharePostMutation,
  useCommentsQuery,
  useCreateCommentMutation,
  useDeleteCommentMutation,
} = networkApi;
