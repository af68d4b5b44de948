import type { Readable } from 'node:stream';
import { FILE_MESSAGES, type FilePurpose, type FileRecord } from '@nexus/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files } from '../../db/schema';
import { inScope, scopeOf } from '../../db/scope';
import { forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { addStorageBytes } from '../tenancy';
import { derivedKeys } from './derived';
import { grantedRead } from './grants';
import { canDeleteFile, canReadFile } from './policy';
import { PURPOSES } from './purposes';
import { type FileRow, toRecord, variantsOf } from './records';
import type { ByteRange } from './store';
import type { FilesDeps } from './upload';

const access = (row: FileRow) => ({ ownerId: row.owner_id, tenantId: row.tenant_id });

/**
 * A live file the actor may read, or 404: another tenant's file, a deleted one and one the actor
 * may not read all answer the same, so an id never confirms that a file exists.
 */
export async function readableFile(deps: FilesDeps, actor: Actor, fileId: string): Promise<FileRow> {
  const scope = actor.isPlatformAdmin ? 'all' : scopeOf(actor);
  const [row] = await inScope(deps.database.db, scope, (tx) =>
    tx
      .select()
      .from(files)
      .where(and(eq(files.file_id, fileId), isNull(files.deleted_at))),
  );
  const rule = row ? PURPOSES[row.purpose as FilePurpose] : undefined;
  if (row && rule && canReadFile(actor, access(row), rule)) return row;
  // Another area may grant it (an attachment to a conversation the actor is in), whatever the
  // tenant the bytes are counted against; the row is then read across tenants.
  if (await grantedRead(deps.database.db, actor, fileId)) {
    const [granted] = await inScope(deps.database.db, 'all', (tx) =>
      tx
        .select()
        .from(files)
        .where(and(eq(files.file_id, fileId), isNull(files.deleted_at))),
    );
    if (granted) return granted;
  }
  throw notFound(FILE_MESSAGES.notFound);
}

export async function fileMetadata(deps: FilesDeps, actor: Actor, fileId: string): Promise<FileRecord> {
  return toRecord(await readableFile(deps, actor, fileId));
}

export interface Served {
  row: FileRow;
  contentType: string;
  length: number;
  etag: string;
  key: string;
}

/** What a content request serves: the original, or the variant `size` names (404 when there is none). */
export async function servedFile(
  deps: FilesDeps,
  actor: Actor,
  fileId: string,
  size: number | undefined,
): Promise<Served> {
  const row = await readableFile(deps, actor, fileId);
  if (size === undefined) {
    return {
      row,
      contentType: row.content_type,
      length: row.size_bytes,
      etag: `"${row.sha256}"`,
      key: row.storage_key,
    };
  }
  const variant = variantsOf(row).find((candidate) => candidate.width === size);
  if (!variant) throw notFound(FILE_MESSAGES.notFound);
  return {
    row,
    contentType: 'image/webp',
    length: variant.bytes,
    etag: `"${row.sha256}-w${size}"`,
    key: variant.key,
  };
}

export function openContent(deps: FilesDeps, served: Served, range?: ByteRange): Promise<Readable> {
  return deps.store.get(served.key, range);
}

/**
 * Soft-deletes a file, gives its bytes back to the tenant's storage_gb in the same transaction,
 * then removes the objects: the original, its variants and what other areas made from it (derived.ts). Only the owner or an administrator of its tenant may.
 */
export async function deleteFile(
  deps: FilesDeps,
  actor: Actor,
  fileId: string,
  pathUserId: number,
): Promise<void> {
  if (pathUserId !== actor.userId) throw forbidden(FILE_MESSAGES.notOwnDelete);
  const row = await readableFile(deps, actor, fileId);
  if (!canDeleteFile(actor, access(row))) throw forbidden(FILE_MESSAGES.deleteForbidden);
  const deleted = await inScope(deps.database.db, row.tenant_id ?? 'main', async (tx) => {
    const [gone] = await tx
      .update(files)
      .set({ deleted_at: new Date(), deleted_by: actor.userId })
      .where(and(eq(files.file_id, fileId), isNull(files.deleted_at)))
      .returning({ file_id: files.file_id });
    if (gone && row.tenant_id !== null) await addStorageBytes(tx, row.tenant_id, -row.stored_bytes);
    return gone !== undefined;
  });
  if (!deleted) throw notFound(FILE_MESSAGES.notFound);
  // After the commit: a failed removal leaves an orphan object (logged), never a row without bytes.
  const keys = [row.storage_key, ...variantsOf(row).map((variant) => variant.key), ...derivedKeys(row)];
  for (const key of keys) {
    await deps.store.remove(key).catch((error) => deps.log?.('Could not remove a deleted file', error));
  }
}

/**
 * A live file for an area that has made its own access check (a resource's files follow their item's
 * visibility, signed-out readers of public items included). Read across tenants; never call it
 * before deciding the caller may see what the file belongs to.
 */
export async function checkedFile(db: DbOrTx, fileId: string): Promise<Served | null> {
  const [row] = await inScope(db, 'all', (tx) =>
    tx
      .select()
      .from(files)
      .where(and(eq(files.file_id, fileId), isNull(files.deleted_at))),
  );
  if (!row) return null;
  return {
    row,
    contentType: row.content_type,
    length: row.size_bytes,
    etag: `"${row.sha256}"`,
    key: row.storage_key,
  };
}
