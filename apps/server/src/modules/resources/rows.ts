import {
  RESOURCE_FILES_API,
  type ResourceCard,
  type ResourceFile,
  type ResourceFileSlot,
  type ResourceItem,
} from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { Actor } from '../../http/policy';
import { administers, managedSql, visibleSql } from './policy';

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();
const isoOrNull = (value: unknown) => (value === null || value === undefined ? null : iso(value));

/** An item row as selected by `ITEM_COLUMNS`. */
export interface ItemRow {
  item_id: number;
  tenant_id: number | null;
  collection_id: number | null;
  collection_name: string | null;
  collection_managers: number[] | null;
  kind: ResourceItem['kind'];
  title: string;
  summary: string;
  authors: string[];
  tags: string[];
  language: string;
  licence: string;
  cover_file_id: string | null;
  body: string;
  visibility: ResourceItem['visibility'];
  role_id: number | null;
  status: ResourceItem['status'];
  chapters: ResourceItem['chapters'];
  links: ResourceItem['links'];
  duration_seconds: number | null;
  published_at: unknown;
  created_by: number | null;
  created_at: unknown;
  modified_at: unknown;
  headline?: string | null;
}

export const ITEM_COLUMNS = sql`i.item_id, i.tenant_id, i.collection_id, c.name as collection_name,
  c.managers as collection_managers, i.kind, i.title, i.summary, i.authors, i.tags, i.language, i.licence,
  i.cover_file_id, i.body, i.visibility, i.role_id, i.status, i.chapters, i.links, i.duration_seconds,
  i.published_at, i.created_by, i.created_at, i.modified_at`;

export const CARD_COLUMNS = sql`i.item_id, i.tenant_id, i.collection_id, c.name as collection_name, i.kind,
  i.title, i.summary, i.authors, i.tags, i.language, i.cover_file_id, i.visibility, i.status,
  i.published_at, i.created_at`;

export function toCard(row: ItemRow): ResourceCard {
  return {
    item_id: row.item_id,
    tenant_id: row.tenant_id,
    collection_id: row.collection_id,
    collection_name: row.collection_name,
    kind: row.kind,
    title: row.title,
    summary: row.summary,
    authors: row.authors,
    tags: row.tags,
    language: row.language,
    cover_file_id: row.cover_file_id,
    visibility: row.visibility,
    status: row.status,
    published_at: isoOrNull(row.published_at),
    created_at: iso(row.created_at),
    headline: row.headline ?? null,
  };
}

/** The item the actor may open (any state it manages), or null: missing, deleted or hidden alike. */
export async function visibleItem(tx: Tx, actor: Actor | null, itemId: number): Promise<ItemRow | null> {
  const result = (await tx.execute(
    sql`select ${ITEM_COLUMNS} from resource_items i left join resource_collections c on c.collection_id = i.collection_id
      where i.item_id = ${itemId} and ${visibleSql(actor)}`,
  )) as unknown as { rows: ItemRow[] };
  return result.rows[0] ?? null;
}

/** True when the actor may change the item. */
export async function managesItem(tx: Tx, actor: Actor | null, itemId: number): Promise<boolean> {
  if (!actor) return false;
  const result = (await tx.execute(
    sql`select 1 from resource_items i where i.item_id = ${itemId} and i.is_deleted = false and ${managedSql(actor)}`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** Manages the item's collection (approves its reviews). */
export function approves(actor: Actor | null, row: ItemRow): boolean {
  if (!actor) return false;
  if (administers(actor, row.tenant_id)) return true;
  return (row.collection_managers ?? []).includes(actor.userId);
}

interface FileRowJoined {
  item_file_id: number;
  file_id: string;
  slot: ResourceFileSlot;
  version: number;
  label: string;
  download_count: number;
  hls_key: string | null;
  created_at: unknown;
  name: string;
  content_type: string;
  size_bytes: number | string;
  current_version: number;
}

export const fileUrl = (itemFileId: number) => `${RESOURCE_FILES_API}/content/${itemFileId}`;

/** Every version of every slot of an item, newest first per slot. */
export async function itemFiles(tx: Tx, itemId: number): Promise<ResourceFile[]> {
  const result = (await tx.execute(
    sql`select rf.item_file_id, rf.file_id, rf.slot, rf.version, rf.label, rf.download_count, rf.hls_key,
        rf.created_at, f.name, f.content_type, f.size_bytes,
        max(rf.version) over (partition by rf.slot) as current_version
      from resource_files rf join files f on f.file_id = rf.file_id
      where rf.item_id = ${itemId} and f.deleted_at is null
      order by rf.slot, rf.version desc`,
  )) as unknown as { rows: FileRowJoined[] };
  return result.rows.map((row) => ({
    item_file_id: row.item_file_id,
    file_id: row.file_id,
    slot: row.slot,
    version: row.version,
    label: row.label,
    name: row.name,
    content_type: row.content_type,
    size_bytes: Number(row.size_bytes),
    download_count: row.download_count,
    is_current: row.version === Number(row.current_version),
    url: fileUrl(row.item_file_id),
    hls_url: row.hls_key ? `${fileUrl(row.item_file_id)}/hls/index.m3u8` : null,
    created_at: iso(row.created_at),
  }));
}

/** The full item as the API answers it, with its files and the caller's library entry. */
export async function toItem(tx: Tx, actor: Actor | null, row: ItemRow): Promise<ResourceItem> {
  const [files, entry] = [
    await itemFiles(tx, row.item_id),
    actor
      ? (
          (await tx.execute(
            sql`select saved, position_seconds, progress_percent from resource_library
            where user_id = ${actor.userId} and item_id = ${row.item_id}`,
          )) as unknown as { rows: { saved: boolean; position_seconds: number; progress_percent: number }[] }
        ).rows[0]
      : undefined,
  ];
  const manage = actor ? await managesItem(tx, actor, row.item_id) : false;
  return {
    ...toCard(row),
    licence: row.licence,
    body: row.body,
    role_id: row.role_id,
    chapters: row.chapters,
    links: row.links,
    duration_seconds: row.duration_seconds,
    created_by: row.created_by,
    modified_at: iso(row.modified_at),
    can_manage: manage,
    can_approve: row.status === 'review' && approves(actor, row),
    saved: entry?.saved ?? false,
    position_seconds: entry?.position_seconds ?? 0,
    progress_percent: entry?.progress_percent ?? 0,
    files,
  };
}
