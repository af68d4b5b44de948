import { MESSAGING_TAGS, type MessageItem, type RealtimeMessage } from '@nexus/contracts';
import type { Realtime } from '../../kernel/realtime/server';

/** Where messaging's emits go: each member's user room (every tab and process of theirs). */
export interface Emitter {
  toUsers(userIds: number[], message: RealtimeMessage): void;
  block(blockerId: number, blockedId: number): void;
}

export function realtimeEmitter(realtime: Realtime): Emitter {
  const toUsers = (userIds: number[], message: RealtimeMessage) => realtime.toUsers(userIds).emit(message);
  return {
    toUsers,
    block(blockerId, blockedId) {
      toUsers([blockerId, blockedId], {
        type: 'block.changed',
        ids: [blockerId, blockedId],
        tags: [MESSAGING_TAGS.conversation, MESSAGING_TAGS.block],
      });
    },
  };
}

const conversationTags = (conversationId: number) => [
  { type: MESSAGING_TAGS.conversation, id: 'LIST' },
  { type: MESSAGING_TAGS.conversation, id: conversationId },
  MESSAGING_TAGS.unread,
];

/** A conversation changed (created, renamed, read, left): ids `[conversation_id]`. */
export function emitConversation(
  emitter: Emitter,
  type: string,
  conversationId: number,
  userIds: number[],
): void {
  emitter.toUsers(userIds, { type, ids: [conversationId], tags: conversationTags(conversationId) });
}

/**
 * A message was created, edited or deleted: ids `[conversation_id, message_id, sender_id]`, so a
 * client can tell its own message apart and whether that conversation is the one open.
 */
export function emitMessage(emitter: Emitter, type: string, item: MessageItem, userIds: number[]): void {
  emitter.toUsers(userIds, {
    type,
    ids: [item.conversation_id, item.message_id, item.sender.user_id],
    tags: [
      ...conversationTags(item.conversation_id),
      { type: MESSAGING_TAGS.message, id: item.conversation_id },
    ],
  });
}
