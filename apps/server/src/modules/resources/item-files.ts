import type { Readable } from 'node:stream';
import { RESOURCE_MESSAGES, type ResourceFile, type resourceFileAttach } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { inScope } from '../../db/scope';
import { badRequest, forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import type { Jobs } from '../../kernel/jobs';
import { checkedFile, type FilesDeps, openContent, type Served } from '../files';
import { itemFiles, managesItem, visibleItem } from './rows';

type AttachInput = z.output<typeof resourceFileAttach>;

/** `hls`: ffmpeg was found at start, so a video's main file gets an HLS ladder job. */
export interface MediaOptions {
  hls: boolean;
}

/** What each slot takes, by the type the files module decided from the bytes. */
const SLOT_TYPES: Record<AttachInput['slot'], (type: string) => boolean> = {
  main: () => true,
  attachment: () => true,
  caption: (type) => type === 'text/plain',
  poster: (type) => type.startsWith('image/'),
  audio: (type) => type.startsWith('audio/'),
};

/**
 * Attaches an uploaded file to an item (issue 21 point 2). A slot that already has a file gets a new
 * version; the old ones stay listed and downloadable. Captions must be WebVTT. A PDF in the main or
 * attachment slot queues the text extraction job, a video in the main slot the HLS job (when
 * ffmpeg is there), both in the same transaction.
 */
export async function attachFile(
  database: Database,
  deps: FilesDeps,
  jobs: Jobs,
  actor: Actor,
  input: AttachInput,
  media: MediaOptions = { hls: false },
): Promise<ResourceFile[]> {
  return inScope(database.db, 'all', async (tx) => {
    const item = await visibleItem(tx, actor, input.item_id);
    if (!item) throw notFound(RESOURCE_MESSAGES.itemNotFound);
    if (!(await managesItem(tx, actor, input.item_id))) throw forbidden(RESOURCE_MESSAGES.notYourItem);
    const served = await checkedFile(tx, input.file_id);
    if (!served || served.row.owner_id !== actor.userId)
      throw badRequest(RESOURCE_MESSAGES.fileNotYours, [
        { in: 'body', path: 'file_id', message: RESOURCE_MESSAGES.fileNotYours },
      ]);
    if (!SLOT_TYPES[input.slot](served.contentType))
      throw badRequest(RESOURCE_MESSAGES.fileTypeForSlot, [
        { in: 'body', path: 'slot', message: RESOURCE_MESSAGES.fileTypeForSlot },
      ]);
    if (input.slot === 'caption' && !(await isWebVtt(deps, served)))
      throw badRequest(RESOURCE_MESSAGES.notCaptions, [
        { in: 'body', path: 'file_id', message: RESOURCE_MESSAGES.notCaptions },
      ]);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('resource_files'), ${input.item_id})`);
    const inserted = await inScope(tx, item.tenant_id ?? 'main', (scoped) =>
      scoped.execute(
        sql`insert into resource_files (item_id, tenant_id, file_id, slot, version, label, created_by)
          select ${input.item_id}, ${item.tenant_id}, ${input.file_id}, ${input.slot},
            coalesce(max(version), 0) + 1, ${input.label}, ${actor.userId}
          from resource_files where item_id = ${input.item_id} and slot = ${input.slot}
          returning item_file_id`,
      ),
    );
    if (served.contentType === 'application/pdf' && (input.slot === 'main' || input.slot === 'attachment'))
      await jobs.enqueue(tx, 'resources.extract-text', { item_id: input.item_id });
    const [row] = (inserted as unknown as { rows: { item_file_id: number }[] }).rows;
    if (media.hls && row && input.slot === 'main' && served.contentType.startsWith('video/'))
      await jobs.enqueue(tx, 'resources.hls', { item_file_id: row.item_file_id });
    return itemFiles(tx, input.item_id);
  });
}

async function isWebVtt(deps: FilesDeps, served: Served): Promise<boolean> {
  const stream = await openContent(deps, served, { start: 0, end: Math.min(served.length, 16) - 1 });
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return /^(\uFEFF)?WEBVTT(\s|$)/.test(Buffer.concat(chunks).toString('utf8'));
}

export async function listItemFiles(
  database: Database,
  actor: Actor | null,
  itemId: number,
): Promise<ResourceFile[]> {
  return inScope(database.db, 'all', async (tx) => {
    if (!(await visibleItem(tx, actor, itemId))) throw notFound(RESOURCE_MESSAGES.itemNotFound);
    return itemFiles(tx, itemId);
  });
}

export interface ServedItemFile {
  served: Served;
  slot: string;
  hlsKey: string | null;
}

/**
 * The bytes of an item's file, for whoever may open the item; anyone else, and a missing or deleted
 * file, get the same 404. `count` adds one download (a whole-file read or a range from the start).
 */
export async function itemFileFor(
  database: Database,
  actor: Actor | null,
  itemFileId: number,
  count: boolean,
): Promise<ServedItemFile> {
  return inScope(database.db, 'all', async (tx: Tx) => {
    const [link] = (
      (await tx.execute(
        sql`select item_id, file_id, slot, hls_key from resource_files where item_file_id = ${itemFileId}`,
      )) as unknown as { rows: { item_id: number; file_id: string; slot: string; hls_key: string | null }[] }
    ).rows;
    if (!link || !(await visibleItem(tx, actor, link.item_id)))
      throw notFound(RESOURCE_MESSAGES.fileNotFound);
    const served = await checkedFile(tx, link.file_id);
    if (!served) throw notFound(RESOURCE_MESSAGES.fileNotFound);
    if (count)
      await tx.execute(
        sql`update resource_files set download_count = download_count + 1 where item_file_id = ${itemFileId}`,
      );
    return { served, slot: link.slot, hlsKey: link.hls_key };
  });
}

/** Reads a stored object whole (PDF text extraction): small documents only reach this path. */
export async function readAll(deps: FilesDeps, served: Served): Promise<Buffer> {
  const stream: Readable = await openContent(deps, served);
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}
