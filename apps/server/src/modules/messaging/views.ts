import {
  fileContentPath,
  MESSAGING_LIMITS,
  MESSAGING_MESSAGES,
  type MessageItem,
  type MessagePreview,
  type MessagingPerson,
} from '@nexus/contracts';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files, type messages, users } from '../../db/schema';
import { inScope } from '../../db/scope';

export type MessageRow = typeof messages.$inferSelect;

const personColumns = {
  user_id: users.user_id,
  username: users.username,
  first_name: users.first_name,
  last_name: users.last_name,
  profile_image: users.profile_image,
};

type PersonRow = {
  user_id: number;
  username: string;
  first_name: string | null;
  last_name: string | null;
  profile_image: string | null;
};

/** The response whitelist of a person: a name to show, never an email address. */
export function toPerson(row: PersonRow): MessagingPerson {
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ').trim();
  return {
    user_id: row.user_id,
    name: name || row.username,
    username: row.username,
    profile_image: row.profile_image,
  };
}

export async function peopleById(db: DbOrTx, ids: number[]): Promise<Map<number, MessagingPerson>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select(personColumns).from(users).where(inArray(users.user_id, unique));
  return new Map(rows.map((row) => [row.user_id, toPerson(row)]));
}

export const PERSON_COLUMNS = personColumns;

const unknownPerson = (userId: number): MessagingPerson => ({
  user_id: userId,
  name: 'Unknown user',
  username: '',
  profile_image: null,
});

export function previewOf(row: MessageRow, people: Map<number, MessagingPerson>): MessagePreview {
  const deleted = row.deleted_at !== null;
  const text = deleted ? MESSAGING_MESSAGES.deletedMessage : row.body;
  return {
    message_id: row.message_id,
    sender_id: row.sender_id,
    sender_name: (people.get(row.sender_id) ?? unknownPerson(row.sender_id)).name,
    body:
      text.length > MESSAGING_LIMITS.previewLength
        ? `${text.slice(0, MESSAGING_LIMITS.previewLength - 1)}…`
        : text,
    deleted,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * Turns rows into the API's messages: sender, the message replied to, attachments. Attachment rows are
 * read across tenants (scope 'all') because membership of the conversation, not the tenant, decides.
 */
export async function presentMessages(
  db: DbOrTx,
  rows: MessageRow[],
  loadReplies: (ids: number[]) => Promise<MessageRow[]>,
): Promise<MessageItem[]> {
  const replyIds = rows.map((row) => row.reply_to_message_id).filter((id): id is number => id !== null);
  const replies = new Map((await loadReplies([...new Set(replyIds)])).map((row) => [row.message_id, row]));
  const people = await peopleById(db, [
    ...rows.map((row) => row.sender_id),
    ...[...replies.values()].map((row) => row.sender_id),
  ]);
  const fileIds = [
    ...new Set(rows.filter((row) => row.deleted_at === null).flatMap((row) => row.attachment_ids)),
  ];
  const fileRows =
    fileIds.length === 0
      ? []
      : await inScope(db, 'all', (tx) =>
          tx
            .select({
              file_id: files.file_id,
              name: files.name,
              content_type: files.content_type,
              size_bytes: files.size_bytes,
              deleted_at: files.deleted_at,
            })
            .from(files)
            .where(inArray(files.file_id, fileIds)),
        );
  const fileMap = new Map(fileRows.filter((row) => row.deleted_at === null).map((row) => [row.file_id, row]));
  return rows.map((row) => {
    const deleted = row.deleted_at !== null;
    const reply = row.reply_to_message_id === null ? undefined : replies.get(row.reply_to_message_id);
    return {
      message_id: row.message_id,
      conversation_id: row.conversation_id,
      sender: people.get(row.sender_id) ?? unknownPerson(row.sender_id),
      body: deleted ? MESSAGING_MESSAGES.deletedMessage : row.body,
      reply_to: reply ? previewOf(reply, people) : null,
      attachments: deleted
        ? []
        : row.attachment_ids.flatMap((fileId) => {
            const file = fileMap.get(fileId);
            return file
              ? [
                  {
                    file_id: file.file_id,
                    name: file.name,
                    content_type: file.content_type,
                    size_bytes: file.size_bytes,
                    url: fileContentPath(file.file_id),
                  },
                ]
              : [];
          }),
      edited_at: row.edited_at?.toISOString() ?? null,
      deleted,
      created_at: row.created_at.toISOString(),
    };
  });
}
