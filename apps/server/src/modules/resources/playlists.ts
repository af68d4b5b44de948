import {
  type LibraryEntry,
  type libraryProgress,
  type librarySave,
  type playlistCreate,
  type playlistListQuery,
  type playlistUpdate,
  RESOURCE_MESSAGES,
  type ResourcePlaylist,
} from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { inScope } from '../../db/scope';
import { badRequest, forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { readableSql } from './policy';
import { CARD_COLUMNS, type ItemRow, toCard, visibleItem } from './rows';

interface PlaylistRow {
  playlist_id: number;
  owner_id: number;
  title: string;
  description: string;
  visibility: 'public' | 'private';
  item_ids: number[];
  created_at: unknown;
}

/** A playlist the actor may open: public ones for everyone, private ones for their owner only. */
async function visiblePlaylist(tx: Tx, actor: Actor | null, id: number): Promise<PlaylistRow | null> {
  const mine = actor ? sql`p.owner_id = ${actor.userId}` : sql`false`;
  const result = (await tx.execute(
    sql`select p.playlist_id, p.owner_id, p.title, p.description, p.visibility, p.item_ids, p.created_at
      from resource_playlists p where p.playlist_id = ${id} and p.is_deleted = false and (p.visibility = 'public' or ${mine})`,
  )) as unknown as { rows: PlaylistRow[] };
  return result.rows[0] ?? null;
}

/** The playlist's items in order, leaving out any the viewer may not see. */
async function toPlaylist(tx: Tx, actor: Actor | null, row: PlaylistRow): Promise<ResourcePlaylist> {
  const ids = row.item_ids;
  const items =
    ids.length === 0
      ? []
      : (
          (await tx.execute(
            sql`select ${CARD_COLUMNS}, null as headline from resource_items i
              left join resource_collections c on c.collection_id = i.collection_id
              where i.item_id = any(${sql.param(ids)}::int[]) and ${readableSql(actor)}`,
          )) as unknown as { rows: ItemRow[] }
        ).rows;
  const byId = new Map(items.map((item) => [item.item_id, toCard(item)]));
  const saved = actor
    ? (
        (await tx.execute(
          sql`select saved from resource_library where user_id = ${actor.userId} and playlist_id = ${row.playlist_id}`,
        )) as unknown as { rows: { saved: boolean }[] }
      ).rows[0]?.saved === true
    : false;
  return {
    playlist_id: row.playlist_id,
    owner_id: row.owner_id,
    title: row.title,
    description: row.description,
    visibility: row.visibility,
    items: ids.map((id) => byId.get(id)).filter((card) => card !== undefined),
    can_manage: actor?.userId === row.owner_id,
    saved,
    created_at: new Date(String(row.created_at)).toISOString(),
  };
}

/** Only videos and podcasts the owner can see go on a playlist. */
async function checkPlayable(tx: Tx, actor: Actor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const result = (await tx.execute(
    sql`select count(*)::int as n from resource_items i where i.item_id = any(${sql.param([...new Set(ids)])}::int[])
      and i.kind in ('video', 'podcast') and ${readableSql(actor)}`,
  )) as unknown as { rows: { n: number }[] };
  if (result.rows[0]?.n !== new Set(ids).size)
    throw badRequest(RESOURCE_MESSAGES.playlistItemsHidden, [
      { in: 'body', path: 'item_ids', message: RESOURCE_MESSAGES.playlistItemsHidden },
    ]);
}

export async function createPlaylist(
  database: Database,
  actor: Actor,
  input: z.output<typeof playlistCreate>,
) {
  return inScope(database.db, actor.tenantId ?? 'main', async (tx) => {
    await inScope(tx, 'all', () => checkPlayable(tx, actor, input.item_ids));
    const [row] = (
      (await tx.execute(
        sql`insert into resource_playlists (tenant_id, owner_id, title, description, visibility, item_ids, created_by, modified_by)
          values (${actor.tenantId}, ${actor.userId}, ${input.title}, ${input.description}, ${input.visibility},
            ${JSON.stringify([...new Set(input.item_ids)])}::jsonb, ${actor.userId}, ${actor.userId}) returning playlist_id`,
      )) as unknown as { rows: { playlist_id: number }[] }
    ).rows;
    return inScope(tx, 'all', async () =>
      toPlaylist(tx, actor, (await visiblePlaylist(tx, actor, row!.playlist_id))!),
    );
  });
}

export async function getPlaylist(database: Database, actor: Actor | null, id: number) {
  return inScope(database.db, 'all', async (tx) => {
    const row = await visiblePlaylist(tx, actor, id);
    if (!row) throw notFound(RESOURCE_MESSAGES.playlistNotFound);
    return toPlaylist(tx, actor, row);
  });
}

export async function listPlaylists(
  database: Database,
  actor: Actor | null,
  input: z.output<typeof playlistListQuery>,
) {
  return inScope(database.db, 'all', async (tx) => {
    const where =
      input.mine === 'true'
        ? actor
          ? sql`p.owner_id = ${actor.userId}`
          : sql`false`
        : sql`(p.visibility = 'public' or ${actor ? sql`p.owner_id = ${actor.userId}` : sql`false`})`;
    const rows = (
      (await tx.execute(
        sql`select p.playlist_id, p.owner_id, p.title, p.description, p.visibility, p.item_ids, p.created_at
          from resource_playlists p where p.is_deleted = false and ${where}
          order by p.created_at desc, p.playlist_id desc limit ${input.limit} offset ${(input.page - 1) * input.limit}`,
      )) as unknown as { rows: PlaylistRow[] }
    ).rows;
    const [counted] = (
      (await tx.execute(
        sql`select count(*)::int as total from resource_playlists p where p.is_deleted = false and ${where}`,
      )) as unknown as { rows: { total: number }[] }
    ).rows;
    const total = counted?.total ?? 0;
    const data: ResourcePlaylist[] = [];
    for (const row of rows) data.push(await toPlaylist(tx, actor, row));
    return {
      data,
      meta: {
        page: input.page,
        limit: input.limit,
        total,
        totalPages: Math.ceil(total / input.limit),
        totalExact: true,
      },
    };
  });
}

export async function updatePlaylist(
  database: Database,
  actor: Actor,
  id: number,
  input: z.output<typeof playlistUpdate>,
) {
  return inScope(database.db, 'all', async (tx) => {
    const row = await visiblePlaylist(tx, actor, id);
    if (!row) throw notFound(RESOURCE_MESSAGES.playlistNotFound);
    if (row.owner_id !== actor.userId) throw forbidden(RESOURCE_MESSAGES.notYourPlaylist);
    if (input.item_ids) await checkPlayable(tx, actor, input.item_ids);
    await tx.execute(sql`update resource_playlists set title = ${input.title ?? row.title},
      description = ${input.description ?? row.description}, visibility = ${input.visibility ?? row.visibility},
      item_ids = ${JSON.stringify(input.item_ids ? [...new Set(input.item_ids)] : row.item_ids)}::jsonb,
      modified_by = ${actor.userId}, modified_at = now() where playlist_id = ${id}`);
    return toPlaylist(tx, actor, (await visiblePlaylist(tx, actor, id))!);
  });
}

export async function deletePlaylist(database: Database, actor: Actor, id: number, userId: number) {
  if (userId !== actor.userId) throw forbidden(RESOURCE_MESSAGES.notOwnDelete);
  await inScope(database.db, 'all', async (tx) => {
    const row = await visiblePlaylist(tx, actor, id);
    if (!row) throw notFound(RESOURCE_MESSAGES.playlistNotFound);
    if (row.owner_id !== actor.userId) throw forbidden(RESOURCE_MESSAGES.notYourPlaylist);
    await tx.execute(
      sql`update resource_playlists set is_deleted = true, deleted_at = now(), deleted_by = ${actor.userId} where playlist_id = ${id}`,
    );
  });
}

/** Saves or unsaves an item or playlist the actor can see. */
export async function saveEntry(database: Database, actor: Actor, input: z.output<typeof librarySave>) {
  await inScope(database.db, 'all', async (tx) => {
    if (input.item_id !== undefined) {
      if (!(await visibleItem(tx, actor, input.item_id))) throw notFound(RESOURCE_MESSAGES.itemNotFound);
      await tx.execute(sql`insert into resource_library (user_id, item_id, saved) values (${actor.userId}, ${input.item_id}, ${input.saved})
        on conflict (user_id, item_id) where item_id is not null do update set saved = excluded.saved, modified_at = now()`);
    } else {
      if (!(await visiblePlaylist(tx, actor, input.playlist_id!)))
        throw notFound(RESOURCE_MESSAGES.playlistNotFound);
      await tx.execute(sql`insert into resource_library (user_id, playlist_id, saved) values (${actor.userId}, ${input.playlist_id!}, ${input.saved})
        on conflict (user_id, playlist_id) where playlist_id is not null do update set saved = excluded.saved, modified_at = now()`);
    }
  });
}

/** Remembers where the actor stopped reading or watching an item. */
export async function saveProgress(
  database: Database,
  actor: Actor,
  itemId: number,
  input: z.output<typeof libraryProgress>,
) {
  return inScope(database.db, 'all', async (tx) => {
    if (!(await visibleItem(tx, actor, itemId))) throw notFound(RESOURCE_MESSAGES.itemNotFound);
    const position = input.position_seconds ?? null;
    const percent = input.progress_percent ?? null;
    const result =
      (await tx.execute(sql`insert into resource_library (user_id, item_id, position_seconds, progress_percent)
      values (${actor.userId}, ${itemId}, ${position ?? 0}, ${percent ?? 0})
      on conflict (user_id, item_id) where item_id is not null do update set
        position_seconds = coalesce(${position}::int, resource_library.position_seconds),
        progress_percent = greatest(resource_library.progress_percent, coalesce(${percent}::int, 0)),
        modified_at = now()
      returning position_seconds, progress_percent`)) as unknown as {
        rows: { position_seconds: number; progress_percent: number }[];
      };
    return result.rows[0]!;
  });
}

/** The actor's library: saved items and playlists, and items with progress, most recent first. */
export async function listLibrary(database: Database, actor: Actor, page: number, limit: number) {
  return inScope(database.db, 'all', async (tx) => {
    const where = sql`l.user_id = ${actor.userId} and (l.saved or l.progress_percent > 0 or l.position_seconds > 0)`;
    const rows = (
      (await tx.execute(
        sql`select l.item_id, l.playlist_id, l.saved, l.position_seconds, l.progress_percent, l.modified_at,
          p.title as playlist_title, jsonb_array_length(p.item_ids)::int as playlist_count
          from resource_library l left join resource_playlists p on p.playlist_id = l.playlist_id and p.is_deleted = false
          where ${where} order by l.modified_at desc, l.entry_id desc limit ${limit} offset ${(page - 1) * limit}`,
      )) as unknown as {
        rows: {
          item_id: number | null;
          playlist_id: number | null;
          saved: boolean;
          position_seconds: number;
          progress_percent: number;
          modified_at: unknown;
          playlist_title: string | null;
          playlist_count: number | null;
        }[];
      }
    ).rows;
    const [counted] = (
      (await tx.execute(
        sql`select count(*)::int as total from resource_library l where ${where}`,
      )) as unknown as {
        rows: { total: number }[];
      }
    ).rows;
    const data: LibraryEntry[] = [];
    for (const row of rows) {
      const item = row.item_id === null ? null : await visibleItem(tx, actor, row.item_id);
      if (row.item_id !== null && !item) continue;
      if (row.playlist_id !== null && row.playlist_title === null) continue;
      data.push({
        item: item ? toCard(item) : null,
        playlist:
          row.playlist_id !== null
            ? {
                playlist_id: row.playlist_id,
                title: row.playlist_title ?? '',
                count: row.playlist_count ?? 0,
              }
            : null,
        saved: row.saved,
        position_seconds: row.position_seconds,
        progress_percent: row.progress_percent,
        modified_at: new Date(String(row.modified_at)).toISOString(),
      });
    }
    const total = counted?.total ?? 0;
    return { data, meta: { page, limit, total, totalPages: Math.ceil(total / limit), totalExact: true } };
  });
}
