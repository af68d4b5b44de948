import {
  type AuditItem,
  COMMUNITIES_API,
  COMMUNITY_GROUPS_API,
  COMMUNITY_MEMBERS_API,
  type CommunityCreate,
  type CommunityItem,
  type CommunityMember,
  type CommunityUpdate,
  FORUM_REACTIONS_API,
  FORUM_REPLIES_API,
  FORUM_REPORTS_API,
  FORUM_TOPICS_API,
  type ForumPostItem,
  type GroupItem,
  type ListMeta,
  type MemberAction,
  type MemberStatus,
  type ModerationAction,
  NETWORK_TAGS,
  POSTS_API,
  type PostEdit,
  type PostItem,
  type ReplyCreate,
  type ReplyListMeta,
  type ReportItem,
  type TopicItem,
  type TopicUpdate,
} from '@nexus/contracts';
import { api } from '../../app/api';

export interface Page<T> {
  data: T[];
  meta: ListMeta;
}
interface One<T> {
  data: T;
}
export interface ReplyPage {
  data: ForumPostItem[];
  meta: ReplyListMeta;
}

const TAGS = [
  'Community',
  'CommunityMember',
  'CommunityGroup',
  'ForumTopic',
  'ForumPost',
  NETWORK_TAGS.communityPosts,
] as const;

/** A cursor page (the network's lists: `meta.next_cursor`, null on the last page). */
export interface CursorPage<T> {
  data: T[];
  meta: { limit: number; next_cursor: string | null };
}

/** Communities, groups and forums (issue 18): every list provides a tag its writes invalidate. */
export const communityApi = api.enhanceEndpoints({ addTagTypes: [...TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    communities: build.query<
      Page<CommunityItem>,
      { page: number; limit?: number; search?: string; view?: 'discover' | 'mine' }
    >({
      query: ({ page, limit = 12, search, view = 'discover' }) => ({
        url: `${COMMUNITIES_API}/getCommunities`,
        params: { page, limit, view, ...(search ? { search } : {}) },
      }),
      providesTags: ['Community'],
    }),
    community: build.query<CommunityItem, number>({
      query: (id) => ({ url: `${COMMUNITIES_API}/getCommunity/${id}` }),
      transformResponse: (body: One<CommunityItem>) => body.data,
      providesTags: ['Community'],
    }),
    createCommunity: build.mutation<One<CommunityItem>, CommunityCreate>({
      query: (data) => ({ url: `${COMMUNITIES_API}/createCommunity`, method: 'POST', data }),
      invalidatesTags: ['Community'],
    }),
    updateCommunity: build.mutation<One<CommunityItem>, { id: number; changes: CommunityUpdate }>({
      query: ({ id, changes }) => ({
        url: `${COMMUNITIES_API}/updateCommunity/${id}`,
        method: 'PUT',
        data: changes,
      }),
      invalidatesTags: ['Community'],
    }),
    joinCommunity: build.mutation<One<{ status: MemberStatus; message: string }>, number>({
      query: (id) => ({ url: `${COMMUNITIES_API}/join/${id}`, method: 'POST' }),
      invalidatesTags: ['Community', 'CommunityMember'],
    }),
    leaveCommunity: build.mutation<unknown, number>({
      query: (id) => ({ url: `${COMMUNITIES_API}/leave/${id}`, method: 'POST' }),
      invalidatesTags: ['Community', 'CommunityMember'],
    }),
    members: build.query<
      Page<CommunityMember>,
      { community_id: number; page: number; status?: MemberStatus; search?: string }
    >({
      query: ({ community_id, page, status = 'active', search }) => ({
        url: `${COMMUNITY_MEMBERS_API}/getMembers`,
        params: { community_id, page, limit: 20, status, ...(search ? { search } : {}) },
      }),
      providesTags: ['CommunityMember'],
    }),
    decideMember: build.mutation<unknown, { community_id: number; user_id: number; action: MemberAction }>({
      query: (data) => ({ url: `${COMMUNITY_MEMBERS_API}/decide`, method: 'POST', data }),
      invalidatesTags: ['CommunityMember', 'Community'],
    }),
    auditLog: build.query<Page<AuditItem>, { community_id: number; page: number }>({
      query: ({ community_id, page }) => ({
        url: `${COMMUNITY_MEMBERS_API}/getAuditLog`,
        params: { community_id, page, limit: 20 },
      }),
      providesTags: ['CommunityMember', 'ForumPost'],
    }),
    groups: build.query<Page<GroupItem>, { community_id?: number; page: number; mine?: boolean }>({
      query: ({ community_id, page, mine }) => ({
        url: `${COMMUNITY_GROUPS_API}/getGroups`,
        params: {
          page,
          limit: 20,
          ...(community_id ? { community_id } : {}),
          ...(mine ? { mine: 'true' } : {}),
        },
      }),
      providesTags: ['CommunityGroup'],
    }),
    createGroup: build.mutation<One<GroupItem>, { community_id: number; name: string; description: string }>({
      query: (data) => ({ url: `${COMMUNITY_GROUPS_API}/createGroup`, method: 'POST', data }),
      invalidatesTags: ['CommunityGroup'],
    }),
    joinGroup: build.mutation<One<GroupItem>, { id: number; join: boolean }>({
      query: ({ id, join }) => ({
        url: `${COMMUNITY_GROUPS_API}/${join ? 'join' : 'leave'}/${id}`,
        method: 'POST',
      }),
      invalidatesTags: ['CommunityGroup'],
    }),
    topics: build.query<
      Page<TopicItem>,
      { community_id: number; forum_id?: number; page: number; search?: string }
    >({
      query: ({ community_id, forum_id, page, search }) => ({
        url: `${FORUM_TOPICS_API}/getTopics`,
        params: {
          community_id,
          page,
          limit: 20,
          ...(forum_id ? { forum_id } : {}),
          ...(search ? { search } : {}),
        },
      }),
      providesTags: ['ForumTopic'],
    }),
    /** Posts shared to a community (the network's posts; a private community's for its members). */
    communityPosts: build.query<CursorPage<PostItem>, { communityId: number; cursor?: string }>({
      query: ({ communityId, cursor }) => ({
        url: `${POSTS_API}/getCommunityPosts`,
        params: { community_id: communityId, cursor, limit: 10 },
      }),
      providesTags: [NETWORK_TAGS.communityPosts],
    }),
    topic: build.query<TopicItem, number>({
      query: (id) => ({ url: `${FORUM_TOPICS_API}/getTopic/${id}` }),
      transformResponse: (body: One<TopicItem>) => body.data,
      providesTags: ['ForumTopic'],
    }),
    createTopic: build.mutation<
      One<TopicItem>,
      { community_id?: number; forum_id?: number; title: string; body: string }
    >({
      query: (data) => ({ url: `${FORUM_TOPICS_API}/createTopic`, method: 'POST', data }),
      invalidatesTags: ['ForumTopic'],
    }),
    updateTopic: build.mutation<One<TopicItem>, { id: number; changes: TopicUpdate }>({
      query: ({ id, changes }) => ({
        url: `${FORUM_TOPICS_API}/updateTopic/${id}`,
        method: 'PUT',
        data: changes,
      }),
      invalidatesTags: ['ForumTopic', 'ForumPost'],
    }),
    followTopic: build.mutation<unknown, { id: number; follow: boolean }>({
      query: ({ id, follow }) => ({
        url: `${FORUM_TOPICS_API}/${follow ? 'follow' : 'unfollow'}/${id}`,
        method: 'POST',
      }),
      invalidatesTags: ['ForumTopic'],
    }),
    /** A topic's posts, 50 at a time, each page after the last by the server's cursor. */
    replies: build.infiniteQuery<ReplyPage, number, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.meta.next_cursor,
      },
      query: ({ queryArg: topic_id, pageParam }) => ({
        url: `${FORUM_REPLIES_API}/getReplies`,
        params: { topic_id, limit: 50, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
      providesTags: ['ForumPost'],
    }),
    createReply: build.mutation<One<ForumPostItem>, ReplyCreate>({
      query: (data) => ({ url: `${FORUM_REPLIES_API}/createReply`, method: 'POST', data }),
      invalidatesTags: ['ForumPost', 'ForumTopic'],
    }),
    updateReply: build.mutation<One<ForumPostItem>, { id: number; body: string }>({
      query: ({ id, body }) => ({
        url: `${FORUM_REPLIES_API}/updateReply/${id}`,
        method: 'PUT',
        data: { body },
      }),
      invalidatesTags: ['ForumPost'],
    }),
    edits: build.query<PostEdit[], number>({
      query: (id) => ({ url: `${FORUM_REPLIES_API}/getEdits/${id}` }),
      transformResponse: (body: One<PostEdit[]>) => body.data,
    }),
    toggleReaction: build.mutation<unknown, { post_id: number; emoji: string }>({
      query: (data) => ({ url: `${FORUM_REACTIONS_API}/toggleReaction`, method: 'POST', data }),
      invalidatesTags: ['ForumPost'],
    }),
    reportPost: build.mutation<unknown, { post_id: number; reason: string }>({
      query: (data) => ({ url: `${FORUM_REPORTS_API}/createReport`, method: 'POST', data }),
      invalidatesTags: ['ForumPost'],
    }),
    reports: build.query<Page<ReportItem>, { community_id: number; page: number }>({
      query: ({ community_id, page }) => ({
        url: `${FORUM_REPORTS_API}/getReports`,
        params: { community_id, page, limit: 20 },
      }),
      providesTags: ['ForumPost'],
    }),
    moderatePost: build.mutation<unknown, { id: number; action: ModerationAction }>({
      query: ({ id, action }) => ({
        url: `${FORUM_REPORTS_API}/moderate/${id}`,
        method: 'POST',
        data: { action },
      }),
      invalidatesTags: ['ForumPost', 'CommunityMember'],
    }),
  }),
});

export const {
  useCommunitiesQuery,
  useCommunityQuery,
  useCreateCommunityMutation,
  useUpdateCommunityMutation,
  useJoinCommunityMutation,
  useLeaveCommunityMutation,
  useMembersQuery,
  useDecideMemberMutation,
  useAuditLogQuery,
  useGroupsQuery,
  useCreateGroupMutation,
  useJoinGroupMutation,
  useTopicsQuery,
  useTopicQuery,
  useCommunityPostsQuery,
  useCreateTopicMutation,
  useUpdateTopicMutation,
  useFollowTopicMutation,
  useRepliesInfiniteQuery,
  useCreateReplyMutation,
  useUpdateReplyMutation,
  useEditsQuery,
  useToggleReactionMutation,
  useReportPostMutation,
  useReportsQuery,
  useModeratePostMutation,
} = communityApi;
