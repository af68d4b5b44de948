import { z } from 'zod';
import { auditFields, bulkIds, ignoredAuditInput } from '../entities/audit';
import { listQuery } from '../list-query';

/**
 * Personal tools (issue 22 point 5; docs/personal.md): private notes and the diary (the spec's
 * `/dairy`). Only the author ever reads or changes them; another user's row answers 404.
 */
export const PERSONAL_API = '/api/personal';
export const NOTES_API = `${PERSONAL_API}/notes`;
export const DIARY_API = `${PERSONAL_API}/diary`;

export const PERSONAL_LIMITS = {
  titleMax: 200,
  bodyMax: 50_000,
  tagMax: 40,
  tagsMax: 20,
} as const;

export const PERSONAL_MESSAGES = {
  noteNotFound: 'Note not found.',
  entryNotFound: 'Diary entry not found.',
  titleEmpty: 'Give the note a title.',
  bodyEmpty: 'Write something first.',
  tagInvalid: 'Tags use letters, digits, spaces and dashes.',
  dateInvalid: 'Use a date like 2026-01-31.',
  noteSaved: 'Note saved.',
  noteDeleted: 'Note deleted.',
  entrySaved: 'Diary entry saved.',
  entryDeleted: 'Diary entry deleted.',
} as const;

const max = (n: number) => `At most ${n} characters.`;
const id = z.number().int().positive().max(2_147_483_647);

/** A tag as typed: trimmed and lower-cased, so `Ideas` and `ideas ` are one tag. */
export const noteTag = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, PERSONAL_MESSAGES.tagInvalid)
  .max(PERSONAL_LIMITS.tagMax, max(PERSONAL_LIMITS.tagMax))
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u, PERSONAL_MESSAGES.tagInvalid);

export const note = z.object({
  note_id: z.number().int(),
  tenant_id: z.number().int().nullable(),
  user_id: z.number().int(),
  title: z.string(),
  /** Rich text (Tiptap HTML), sanitised by the server when saved. */
  body: z.string(),
  tags: z.array(z.string()),
  ...auditFields,
});
export type Note = z.infer<typeof note>;

const noteFields = {
  title: z
    .string()
    .trim()
    .min(1, PERSONAL_MESSAGES.titleEmpty)
    .max(PERSONAL_LIMITS.titleMax, max(PERSONAL_LIMITS.titleMax)),
  body: z.string().max(PERSONAL_LIMITS.bodyMax, max(PERSONAL_LIMITS.bodyMax)),
  tags: z
    .array(noteTag)
    .max(PERSONAL_LIMITS.tagsMax, `At most ${PERSONAL_LIMITS.tagsMax} tags.`)
    .transform((tags) => [...new Set(tags)]),
};

export const noteCreate = z
  .object({
    ...noteFields,
    body: noteFields.body.default(''),
    tags: noteFields.tags.default([]),
    ...ignoredAuditInput,
  })
  .strict();
export type NoteCreate = z.input<typeof noteCreate>;
export const noteUpdate = z
  .object({
    title: noteFields.title.optional(),
    body: noteFields.body.optional(),
    tags: noteFields.tags.optional(),
    ...ignoredAuditInput,
  })
  .strict();
export type NoteUpdate = z.input<typeof noteUpdate>;
export const noteUpdateItem = noteUpdate.extend({ note_id: id }).strict();
export const noteBulkDelete = z.object({ note_ids: bulkIds, ...ignoredAuditInput }).strict();

/** getNotes: the caller's notes, newest change first; `search` looks in title and text, `tag` narrows. */
export const noteListQuery = listQuery
  .pick({ page: true, limit: true, search: true })
  .extend({ tag: noteTag.optional() })
  .strict();
export type NoteListQuery = z.input<typeof noteListQuery>;

export const noteTagCount = z.object({ tag: z.string(), count: z.number().int() });
export type NoteTagCount = z.infer<typeof noteTagCount>;

/** A calendar day, `YYYY-MM-DD`. */
export const isoDay = z.iso.date(PERSONAL_MESSAGES.dateInvalid);

export const diaryEntry = z.object({
  entry_id: z.number().int(),
  tenant_id: z.number().int().nullable(),
  user_id: z.number().int(),
  entry_date: z.string(),
  title: z.string(),
  /** Rich text (Tiptap HTML), sanitised by the server when saved. */
  body: z.string(),
  ...auditFields,
});
export type DiaryEntry = z.infer<typeof diaryEntry>;

const entryFields = {
  entry_date: isoDay,
  title: z.string().trim().max(PERSONAL_LIMITS.titleMax, max(PERSONAL_LIMITS.titleMax)),
  body: z
    .string()
    .min(1, PERSONAL_MESSAGES.bodyEmpty)
    .max(PERSONAL_LIMITS.bodyMax, max(PERSONAL_LIMITS.bodyMax)),
};
export const diaryEntryCreate = z
  .object({ ...entryFields, title: entryFields.title.default(''), ...ignoredAuditInput })
  .strict();
export type DiaryEntryCreate = z.input<typeof diaryEntryCreate>;
export const diaryEntryUpdate = z
  .object({
    entry_date: entryFields.entry_date.optional(),
    title: entryFields.title.optional(),
    body: entryFields.body.optional(),
    ...ignoredAuditInput,
  })
  .strict();
export type DiaryEntryUpdate = z.input<typeof diaryEntryUpdate>;
export const diaryEntryUpdateItem = diaryEntryUpdate.extend({ entry_id: id }).strict();
export const diaryEntryBulkDelete = z.object({ entry_ids: bulkIds, ...ignoredAuditInput }).strict();
