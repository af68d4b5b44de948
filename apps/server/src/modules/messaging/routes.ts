import {
  addMembersBody,
  BLOCKS_API,
  blockList,
  blockParams,
  CONVERSATIONS_API,
  conversationItem,
  conversationList,
  conversationListQuery,
  createBlockBody,
  createConversationBody,
  createMessageBody,
  dataEnvelope,
  groupMemberBody,
  MESSAGES_API,
  MESSAGING_LIMITS,
  MESSAGING_MESSAGES,
  markReadBody,
  messageItem,
  messageList,
  messageListQuery,
  messageSearchQuery,
  messagingIdParams,
  messagingNotice,
  muteConversationBody,
  PEOPLE_API,
  peopleList,
  peopleQuery,
  unreadSummary,
  updateConversationBody,
  updateMessageBody,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { unauthorized } from '../../http/app-error';
import type { RateLimits } from '../../kernel/rate-limit';
import {
  createConversation,
  getConversation,
  listConversations,
  markRead,
  muteConversation,
  unreadSummary as readUnread,
  renameConversation,
} from './conversations';
import { type Emitter, emitConversation, emitMessage } from './emits';
import { addMembers, leaveGroup, removeMember, transferOwnership } from './members';
import { memberIds } from './membership';
import { createMessage, deleteMessage, listMessages, searchMessages, updateMessage } from './messages';
import { blockPerson, listBlocked, searchPeople, unblockPerson } from './people';

function userOf(request: FastifyRequest): number {
  if (!request.actor) throw unauthorized();
  return request.actor.userId;
}

/**
 * Conversations under /api/messaging (issue 16 point 1). Every route needs a session; what one may
 * see is decided by membership (another user's conversation or message is a 404), who one may write
 * to by reachability (403, nothing stored).
 */
export function registerMessagingRoutes(
  app: FastifyInstance,
  database: Database,
  rateLimits: RateLimits,
  emitter: Emitter,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const tags = ['messaging'];
  const config = { policy: 'signedIn' } as const;
  const C = CONVERSATIONS_API;
  const M = MESSAGES_API;

  typed.get(
    `${C}/getConversations`,
    { schema: { querystring: conversationListQuery, response: { 200: conversationList }, tags }, config },
    async (request) => listConversations(db, userOf(request), request.query),
  );

  typed.get(
    `${C}/getUnreadCount`,
    { schema: { response: { 200: dataEnvelope(unreadSummary) }, tags }, config },
    async (request) => ({ data: await readUnread(db, userOf(request)) }),
  );

  typed.get(
    `${C}/getConversation/:id`,
    {
      schema: { params: messagingIdParams, response: { 200: dataEnvelope(conversationItem) }, tags },
      config,
    },
    async (request) => ({ data: await getConversation(db, userOf(request), request.params.id) }),
  );

  typed.post(
    `${C}/createConversation`,
    {
      schema: {
        body: createConversationBody,
        response: { 200: dataEnvelope(conversationItem), 201: dataEnvelope(conversationItem) },
        tags,
      },
      config,
    },
    async (request, reply) => {
      const userId = userOf(request);
      const { item, created } = await createConversation(db, userId, request.body);
      if (created)
        emitConversation(
          emitter,
          'conversation.created',
          item.conversation_id,
          await memberIds(db, item.conversation_id),
        );
      return reply.status(created ? 201 : 200).send({ data: item });
    },
  );

  typed.put(
    `${C}/updateConversation/:id`,
    {
      schema: {
        params: messagingIdParams,
        body: updateConversationBody,
        response: { 200: dataEnvelope(conversationItem) },
        tags,
      },
      config,
    },
    async (request) => {
      const item = await renameConversation(db, userOf(request), request.params.id, request.body.title);
      emitConversation(
        emitter,
        'conversation.updated',
        item.conversation_id,
        await memberIds(db, item.conversation_id),
      );
      return { data: item };
    },
  );

  typed.post(
    `${C}/leaveConversation/:id`,
    { schema: { params: messagingIdParams, response: { 200: dataEnvelope(messagingNotice) }, tags }, config },
    async (request) => {
      const userId = userOf(request);
      await leaveGroup(db, userId, request.params.id);
      emitConversation(emitter, 'conversation.updated', request.params.id, [
        userId,
        ...(await memberIds(db, request.params.id)),
      ]);
      return { data: { message: MESSAGING_MESSAGES.left } };
    },
  );

  const groupRoute = { params: messagingIdParams, response: { 200: dataEnvelope(conversationItem) }, tags };

  typed.post(
    `${C}/addMembers/:id`,
    { schema: { ...groupRoute, body: addMembersBody }, config },
    async (request) => {
      const { item } = await addMembers(db, userOf(request), request.params.id, request.body.member_ids);
      // Everyone now in the group (the new members' lists gain it) hears of the change.
      emitConversation(
        emitter,
        'conversation.updated',
        item.conversation_id,
        await memberIds(db, item.conversation_id),
      );
      return { data: item };
    },
  );

  typed.post(
    `${C}/removeMember/:id`,
    { schema: { ...groupRoute, body: groupMemberBody }, config },
    async (request) => {
      const item = await removeMember(db, userOf(request), request.params.id, request.body.user_id);
      // The removed person's lists drop it too.
      emitConversation(emitter, 'conversation.updated', item.conversation_id, [
        request.body.user_id,
        ...(await memberIds(db, item.conversation_id)),
      ]);
      return { data: item };
    },
  );

  typed.post(
    `${C}/transferOwnership/:id`,
    { schema: { ...groupRoute, body: groupMemberBody }, config },
    async (request) => {
      const item = await transferOwnership(db, userOf(request), request.params.id, request.body.user_id);
      emitConversation(
        emitter,
        'conversation.updated',
        item.conversation_id,
        await memberIds(db, item.conversation_id),
      );
      return { data: item };
    },
  );

  typed.put(
    `${C}/muteConversation/:id`,
    {
      schema: {
        params: messagingIdParams,
        body: muteConversationBody,
        response: { 200: dataEnvelope(conversationItem) },
        tags,
      },
      config,
    },
    async (request) => {
      const userId = userOf(request);
      const item = await muteConversation(db, userId, request.params.id, request.body.muted);
      emitConversation(emitter, 'conversation.updated', item.conversation_id, [userId]);
      return { data: item };
    },
  );

  typed.post(
    `${C}/markRead/:id`,
    {
      schema: {
        params: messagingIdParams,
        body: markReadBody.optional(),
        response: { 200: dataEnvelope(conversationItem) },
        tags,
      },
      config,
    },
    async (request) => {
      const userId = userOf(request);
      const item = await markRead(db, userId, request.params.id, request.body?.message_id);
      // The reader's other tabs and the header badge follow.
      emitConversation(emitter, 'conversation.read', item.conversation_id, [userId]);
      return { data: item };
    },
  );

  typed.get(
    `${M}/getMessages`,
    { schema: { querystring: messageListQuery, response: { 200: messageList }, tags }, config },
    async (request) => listMessages(db, userOf(request), request.query),
  );

  typed.get(
    `${M}/searchMessages`,
    { schema: { querystring: messageSearchQuery, response: { 200: messageList }, tags }, config },
    async (request) => searchMessages(db, userOf(request), request.query),
  );

  typed.post(
    `${M}/createMessage`,
    { schema: { body: createMessageBody, response: { 201: dataEnvelope(messageItem) }, tags }, config },
    async (request, reply) => {
      const userId = userOf(request);
      // Per sender, across processes; what was accepted before the limit stays stored.
      await rateLimits.hit(
        `messages:${userId}`,
        MESSAGING_LIMITS.floodLimit,
        MESSAGING_LIMITS.floodWindowSeconds,
        MESSAGING_MESSAGES.tooMany,
      );
      const { item, recipients } = await createMessage(db, userId, request.body);
      emitMessage(emitter, 'message.created', item, recipients);
      return reply.status(201).send({ data: item });
    },
  );

  typed.put(
    `${M}/updateMessage/:id`,
    {
      schema: {
        params: messagingIdParams,
        body: updateMessageBody,
        response: { 200: dataEnvelope(messageItem) },
        tags,
      },
      config,
    },
    async (request) => {
      const { item, recipients } = await updateMessage(
        db,
        userOf(request),
        request.params.id,
        request.body.body,
      );
      emitMessage(emitter, 'message.updated', item, recipients);
      return { data: item };
    },
  );

  typed.delete(
    `${M}/deleteMessage/:id`,
    { schema: { params: messagingIdParams, response: { 200: dataEnvelope(messageItem) }, tags }, config },
    async (request) => {
      const { item, recipients } = await deleteMessage(db, userOf(request), request.params.id);
      emitMessage(emitter, 'message.deleted', item, recipients);
      return { data: item };
    },
  );

  typed.get(
    `${PEOPLE_API}/getPeople`,
    { schema: { querystring: peopleQuery, response: { 200: peopleList }, tags }, config },
    async (request) => searchPeople(db, userOf(request), request.query),
  );

  typed.get(
    `${BLOCKS_API}/getBlocks`,
    { schema: { response: { 200: blockList }, tags }, config },
    async (request) => listBlocked(db, userOf(request)),
  );

  typed.post(
    `${BLOCKS_API}/createBlock`,
    { schema: { body: createBlockBody, response: { 201: dataEnvelope(messagingNotice) }, tags }, config },
    async (request, reply) => {
      const userId = userOf(request);
      await blockPerson(db, userId, request.body.user_id);
      emitter.block(userId, request.body.user_id);
      return reply.status(201).send({ data: { message: MESSAGING_MESSAGES.blockedNow } });
    },
  );

  typed.delete(
    `${BLOCKS_API}/deleteBlock/:userId`,
    { schema: { params: blockParams, response: { 200: dataEnvelope(messagingNotice) }, tags }, config },
    async (request) => {
      const userId = userOf(request);
      await unblockPerson(db, userId, request.params.userId);
      emitter.block(userId, request.params.userId);
      return { data: { message: MESSAGING_MESSAGES.unblockedNow } };
    },
  );
}
