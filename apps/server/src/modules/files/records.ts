import { type FilePurpose, type FileRecord, fileContentPath } from '@nexus/contracts';
import type { files } from '../../db/schema';
import type { Variant } from './images';

export type FileRow = typeof files.$inferSelect;

export const variantsOf = (row: FileRow) => row.variants as Variant[];

/** The response whitelist: the storage key and the hash's origin never leave the server. */
export function toRecord(row: FileRow): FileRecord {
  return {
    file_id: row.file_id,
    purpose: row.purpose as FilePurpose,
    name: row.name,
    content_type: row.content_type,
    size_bytes: row.size_bytes,
    sha256: row.sha256,
    variants: variantsOf(row).map((variant) => variant.width),
    owner_id: row.owner_id,
    tenant_id: row.tenant_id,
    url: fileContentPath(row.file_id),
    created_at: row.created_at.toISOString(),
  };
}
