import {
  BLOCKS_API,
  CONVERSATIONS_API,
  type ConversationItem,
  type CreateConversationBody,
  type CreateMessageBody,
  MESSAGES_API,
  type MessageItem,
  type MessagingPerson,
  PEOPLE_API,
  type UnreadSummary,
} from '@nexus/contracts';
import { api } from '../../app/api';

interface CursorPage<T> {
  data: T[];
  meta: { limit: number; next_cursor: string | null };
}

const LIST = { type: 'Conversation', id: 'LIST' } as const;
const UNREAD = 'UnreadCount' as const;

/**
 * Conversations (server: /api/messaging). Socket emits name the same tags (Conversation LIST and id,
 * Message by conversation id, UnreadCount), so every list here refreshes live.
 */
export const messagingApi = api
  .enhanceEndpoints({ addTagTypes: ['Conversation', 'Message', 'UnreadCount', 'Block'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getConversations: build.infiniteQuery<CursorPage<ConversationItem>, void, string | null>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (last) => last.meta.next_cursor,
        },
        query: ({ pageParam }) => ({
          url: `${CONVERSATIONS_API}/getConversations`,
          params: pageParam ? { cursor: pageParam } : undefined,
        }),
        providesTags: [LIST],
      }),
      getConversation: build.query<ConversationItem, number>({
        query: (id) => ({ url: `${CONVERSATIONS_API}/getConversation/${id}` }),
        transformResponse: (body: { data: ConversationItem }) => body.data,
        providesTags: (_result, _error, id) => [{ type: 'Conversation', id }],
      }),
      getUnreadCount: build.query<UnreadSummary, void>({
        query: () => ({ url: `${CONVERSATIONS_API}/getUnreadCount` }),
        transformResponse: (body: { data: UnreadSummary }) => body.data,
        providesTags: [UNREAD],
      }),
      createConversation: build.mutation<ConversationItem, CreateConversationBody>({
        query: (data) => ({ url: `${CONVERSATIONS_API}/createConversation`, method: 'POST', data }),
        transformResponse: (body: { data: ConversationItem }) => body.data,
        invalidatesTags: [LIST],
      }),
      updateConversation: build.mutation<ConversationItem, { id: number; title: string }>({
        query: ({ id, title }) => ({
          url: `${CONVERSATIONS_API}/updateConversation/${id}`,
          method: 'PUT',
          data: { title },
        }),
        transformResponse: (body: { data: ConversationItem }) => body.data,
        invalidatesTags: (_r, _e, { id }) => [LIST, { type: 'Conversation', id }],
      }),
      addMembers: build.mutation<ConversationItem, { id: number; memberIds: number[] }>({
        query: ({ id, memberIds }) => ({
          url: `${CONVERSATIONS_API}/addMembers/${id}`,
          method: 'POST',
          data: { member_ids: memberIds },
        }),
        transformResponse: (body: { data: ConversationItem }) => body.data,
        invalidatesTags: (_r, _e, { id }) => [LIST, { type: 'Conversation', id }],
      }),
      removeMember: build.mutation<ConversationItem, { id: number; userId: number }>({
        query: ({ id, userId }) => ({
          url: `${CONVERSATIONS_API}/removeMember/${id}`,
          method: 'POST',
          data: { user_id: userId },
        }),
        transformResponse: (body: { data: ConversationItem }) => body.data,
        invalidatesTags: (_r, _e, { id }) => [LIST, { type: 'Conversation', id }],
      }),
      transferOwnership: build.mutation<ConversationItem, { id: number; userId: number }>({
        query: ({ id, userId }) => ({
          url: `${CONVERSATIONS_API}/transferOwnership/${id}`,
          method: 'POST',
          data: { user_id: userId },
        }),
        transformResponse: (body: { data: ConversationItem }) => body.data,
        invalidatesTags: (_r, _e, { id }) => [LIST, { type: 'Conversation', id }],
      }),
      leaveConversation: build.mutation<{ message: string }, number>({
        query: (id) => ({ url: `${CONVERSATIONS_API}/leaveConversation/${id}`, method: 'POST' }),
        transformResponse: (body: { data: { message: string } }) => body.data,
        invalidatesTags: [LIST, UNREAD],
      }),
      muteConversation: build.mutation<ConversationItem, { id: number; muted: boolean }>({
        query: ({ id, muted }) => ({
          url: `${CONVERSATIONS_API}/muteConversation/${id}`,
          method: 'PUT',
          data: { muted },
        }),
        transformResponse: (body: { data: ConversationItem }) => body.data,
        invalidatesTags: (_r, _e, { id }) => [LIST, UNREAD, { type: 'Conversation', id }],
      }),
      markRead: build.mutation<ConversationItem, number>({
        query: (id) => ({ url: `${CONVERSATIONS_API}/markRead/${id}`, method: 'POST', data: {} }),
        transformResponse: (body: { data: ConversationItem }) => body.data,
        invalidatesTags: (_r, _e, id) => [LIST, UNREAD, { type: 'Conversation', id }],
      }),
      getMessages: build.infiniteQuery<CursorPage<MessageItem>, number, string | null>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (last) => last.meta.next_cursor,
        },
        query: ({ queryArg, pageParam }) => ({
          url: `${MESSAGES_API}/getMessages`,
          params: { conversation_id: queryArg, ...(pageParam ? { before: pageParam } : {}) },
        }),
        providesTags: (_r, _e, id) => [{ type: 'Message', id }],
      }),
      searchMessages: build.query<MessageItem[], string>({
        query: (q) => ({ url: `${MESSAGES_API}/searchMessages`, params: { q } }),
        transformResponse: (body: CursorPage<MessageItem>) => body.data,
        providesTags: [{ type: 'Message', id: 'SEARCH' }],
      }),
      createMessage: build.mutation<MessageItem, CreateMessageBody>({
        query: (data) => ({ url: `${MESSAGES_API}/createMessage`, method: 'POST', data }),
        transformResponse: (body: { data: MessageItem }) => body.data,
        invalidatesTags: (_r, _e, { conversation_id }) => [
          LIST,
          { type: 'Message', id: conversation_id },
          { type: 'Conversation', id: conversation_id },
        ],
      }),
      updateMessage: build.mutation<MessageItem, { id: number; body: string; conversationId: number }>({
        query: ({ id, body }) => ({
          url: `${MESSAGES_API}/updateMessage/${id}`,
          method: 'PUT',
          data: { body },
        }),
        transformResponse: (body: { data: MessageItem }) => body.data,
        invalidatesTags: (_r, _e, { conversationId }) => [LIST, { type: 'Message', id: conversationId }],
      }),
      deleteMessage: build.mutation<MessageItem, { id: number; conversationId: number }>({
        query: ({ id }) => ({ url: `${MESSAGES_API}/deleteMessage/${id}`, method: 'DELETE' }),
        transformResponse: (body: { data: MessageItem }) => body.data,
        invalidatesTags: (_r, _e, { conversationId }) => [LIST, { type: 'Message', id: conversationId }],
      }),
      getPeople: build.query<MessagingPerson[], string>({
        query: (search) => ({ url: `${PEOPLE_API}/getPeople`, params: search ? { search } : undefined }),
        transformResponse: (body: { data: MessagingPerson[] }) => body.data,
      }),
      getBlocks: build.query<MessagingPerson[], void>({
        query: () => ({ url: `${BLOCKS_API}/getBlocks` }),
        transformResponse: (body: { data: MessagingPerson[] }) => body.data,
        providesTags: ['Block'],
      }),
      blockPerson: build.mutation<{ message: string }, number>({
        query: (userId) => ({ url: `${BLOCKS_API}/createBlock`, method: 'POST', data: { user_id: userId } }),
        transformResponse: (body: { data: { message: string } }) => body.data,
        invalidatesTags: ['Block', 'Conversation'],
      }),
      unblockPerson: build.mutation<{ message: string }, number>({
        query: (userId) => ({ url: `${BLOCKS_API}/deleteBlock/${userId}`, method: 'DELETE' }),
        transformResponse: (body: { data: { message: string } }) => body.data,
        invalidatesTags: ['Block', 'Conversation'],
      }),
    }),
  });

export const {
  useGetConversationsInfiniteQuery,
  useGetConversationQuery,
  useGetUnreadCountQuery,
  useCreateConversationMutation,
  useUpdateConversationMutation,
  useAddMembersMutation,
  useRemoveMemberMutation,
  useTransferOwnershipMutation,
  useLeaveConversationMutation,
  useMuteConversationMutation,
  useMarkReadMutation,
  useGetMessagesInfiniteQuery,
  useSearchMessagesQuery,
  useCreateMessageMutation,
  useUpdateMessageMutation,
  useDeleteMessageMutation,
  useGetPeopleQuery,
  useGetBlocksQuery,
  useBlockPersonMutation,
  useUnblockPersonMutation,
} = messagingApi;
