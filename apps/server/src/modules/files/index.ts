import type { Config } from '../../config';
import { S3Store } from './s3-store';
import { DiskStore, type FileStore } from './store';

export { addDerivedObjects, type DerivedObject, removeDerivedObjects } from './derived';
export { type FileReadGrant, grantFileReads } from './grants';
export { contentDisposition } from './names';
export { parseRange } from './range';
export { registerFiles } from './routes';
export { S3Store } from './s3-store';
export { checkedFile, openContent, type Served } from './service';
export { DiskStore, type FileStore } from './store';
export type { FilesDeps } from './upload';

/** The store the configuration names: S3 when S3_BUCKET is set, else local disk under STORAGE_DIR. */
export function createFileStore(config: Pick<Config, 's3' | 'storageDir'>): FileStore {
  return config.s3 ? new S3Store(config.s3) : new DiskStore(config.storageDir);
}
