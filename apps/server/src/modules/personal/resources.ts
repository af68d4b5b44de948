import {
  DIARY_API,
  diaryEntry,
  diaryEntryBulkDelete,
  diaryEntryCreate,
  diaryEntryUpdate,
  diaryEntryUpdateItem,
  NOTES_API,
  note,
  noteBulkDelete,
  noteCreate,
  noteUpdate,
  noteUpdateItem,
} from '@nexus/contracts';
import { diaryEntries, notes } from '../../db/schema';
import type { ResourceDefinition } from '../../http/resource-types';
import { cleanHtml, textOf } from '../../http/rich-text';
import { nobodyElse, personalPolicies } from './policy';

const n = notes;
const d = diaryEntries;

/** Sanitised body and its plain words, kept together so search never sees markup. */
function noteRow(input: Record<string, unknown>): Record<string, unknown> {
  if (typeof input.body !== 'string') return input;
  const body = cleanHtml(input.body);
  return { ...input, body, body_text: textOf(body) };
}

/**
 * Notes: the factory's get, create, update and soft delete (owner: the caller, no exemption, scoped
 * to the context it was written in); the list (search by word, filter by tag) is routes.ts's own.
 * `audited: false`: a private note's title must not reach the admin center's audit.
 */
export const notesResource: ResourceDefinition = {
  entity: 'Note',
  basePath: NOTES_API,
  table: notes,
  idColumn: 'note_id',
  bulkIdsKey: 'note_ids',
  columns: {
    note_id: n.note_id,
    tenant_id: n.tenant_id,
    user_id: n.user_id,
    title: n.title,
    body: n.body,
    tags: n.tags,
    created_by: n.created_by,
    modified_by: n.modified_by,
    created_at: n.created_at,
    modified_at: n.modified_at,
    is_deleted: n.is_deleted,
  },
  searchable: ['title', 'body'],
  defaultSort: 'modified_at',
  schemas: {
    item: note,
    create: noteCreate,
    update: noteUpdate,
    updateItem: noteUpdateItem,
    bulkDelete: noteBulkDelete,
  },
  policies: personalPolicies,
  tenant: { column: n.tenant_id },
  owner: { column: n.user_id, field: 'user_id', exempt: nobodyElse },
  toRow: noteRow,
  audited: false,
  bulk: false,
  verbPaths: { list: 'getNotes' },
  ownHandlers: ['list'],
  tags: ['personal'],
};

/**
 * The diary: every generic verb from the factory. The list is newest day first; a date filter
 * (`filterFields={"entry_date":"2026-01-31"}`) shows one day.
 */
export const diaryResource: ResourceDefinition = {
  entity: 'DiaryEntry',
  basePath: DIARY_API,
  table: diaryEntries,
  idColumn: 'entry_id',
  bulkIdsKey: 'entry_ids',
  columns: {
    entry_id: d.entry_id,
    tenant_id: d.tenant_id,
    user_id: d.user_id,
    entry_date: d.entry_date,
    title: d.title,
    body: d.body,
    created_by: d.created_by,
    modified_by: d.modified_by,
    created_at: d.created_at,
    modified_at: d.modified_at,
    is_deleted: d.is_deleted,
  },
  searchable: ['title', 'body'],
  defaultSort: 'entry_date',
  schemas: {
    item: diaryEntry,
    create: diaryEntryCreate,
    update: diaryEntryUpdate,
    updateItem: diaryEntryUpdateItem,
    bulkDelete: diaryEntryBulkDelete,
  },
  policies: personalPolicies,
  tenant: { column: d.tenant_id },
  owner: { column: d.user_id, field: 'user_id', exempt: nobodyElse },
  toRow: (input) => (typeof input.body === 'string' ? { ...input, body: cleanHtml(input.body) } : input),
  audited: false,
  bulk: false,
  verbPaths: { list: 'getDiaryEntries' },
  tags: ['personal'],
};
