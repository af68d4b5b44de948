import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inScope } from '../../db/scope';
import { addStorageBytes } from '../tenancy';
import type { FilesDeps } from './upload';

/** An object another area made from a file and stored beside it (a rung of an HLS ladder). */
export interface DerivedObject {
  key: string;
  bytes: number;
}

interface Owner {
  tenant_id: number | null;
  derived: DerivedObject[];
}

/** The live file's row, locked until the transaction ends, or null when it is missing or deleted. */
async function lockedFile(tx: DbOrTx, fileId: string): Promise<Owner | null> {
  const result = (await tx.execute(
    sql`select tenant_id, derived from files where file_id = ${fileId} and deleted_at is null for update`,
  )) as unknown as { rows: Owner[] };
  return result.rows[0] ?? null;
}

/**
 * Records objects made from a file (already stored by the caller): they count into `stored_bytes`
 * and the tenant's `storage_gb` like the file's own bytes, and go when the file is deleted
 * (`deleteFile`). Inside the caller's transaction, so the area's own mark (a file's `hls_key`) and
 * the count commit together. False when the file is gone meanwhile: the caller removes what it
 * stored. Past the subscription's storage, throws `SUBSCRIPTION_MESSAGES.storageFull` (409).
 */
export async function addDerivedObjects(
  db: DbOrTx,
  fileId: string,
  objects: DerivedObject[],
): Promise<boolean> {
  return inScope(db, 'all', async (tx) => {
    const file = await lockedFile(tx, fileId);
    if (!file) return false;
    const bytes = objects.reduce((sum, object) => sum + object.bytes, 0);
    await tx.execute(
      sql`update files set derived = derived || ${JSON.stringify(objects)}::jsonb,
        stored_bytes = stored_bytes + ${bytes} where file_id = ${fileId}`,
    );
    if (file.tenant_id !== null) await addStorageBytes(tx, file.tenant_id, bytes);
    return true;
  });
}

/**
 * Removes the objects made from a file whose keys start with `prefix` and gives their bytes back to
 * the tenant, for an area dropping what it made (a deleted item's ladders). The rows change first;
 * the objects go after the commit, so a failed removal leaves an orphan object (logged), never a
 * count without bytes. Idempotent; a deleted file's objects went with it (`deleteFile`).
 */
export async function removeDerivedObjects(deps: FilesDeps, fileId: string, prefix: string): Promise<void> {
  const gone = await inScope(deps.database.db, 'all', async (tx) => {
    const file = await lockedFile(tx, fileId);
    if (!file) return [];
    const leaving = file.derived.filter((object) => object.key.startsWith(prefix));
    if (leaving.length === 0) return [];
    const staying = file.derived.filter((object) => !object.key.startsWith(prefix));
    const bytes = leaving.reduce((sum, object) => sum + object.bytes, 0);
    await tx.execute(
      sql`update files set derived = ${JSON.stringify(staying)}::jsonb,
        stored_bytes = greatest(0, stored_bytes - ${bytes}) where file_id = ${fileId}`,
    );
    if (file.tenant_id !== null) await addStorageBytes(tx, file.tenant_id, -bytes);
    return leaving;
  });
  for (const object of gone)
    await deps.store.remove(object.key).catch((error) => deps.log?.('Could not remove an object', error));
}

/** The keys of the objects made from a file (the file's row as selected). */
export const derivedKeys = (row: { derived: unknown }) => (row.derived as DerivedObject[]).map((o) => o.key);
