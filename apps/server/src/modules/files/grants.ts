import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../http/policy';

/**
 * Lets another area grant reading a file beyond its purpose's readers, without the files module
 * importing that area: messaging grants an attachment to the members of its conversation.
 */
export type FileReadGrant = (db: DbOrTx, actor: Actor, fileId: string) => Promise<boolean>;

const grants = new Map<string, FileReadGrant>();

/** Registers (or replaces) a named grant; registering again under the same name is harmless. */
export function grantFileReads(name: string, grant: FileReadGrant): void {
  grants.set(name, grant);
}

/** True when any registered grant lets `actor` read the file. */
export async function grantedRead(db: DbOrTx, actor: Actor, fileId: string): Promise<boolean> {
  for (const grant of grants.values()) {
    if (await grant(db, actor, fileId).catch(() => false)) return true;
  }
  return false;
}
