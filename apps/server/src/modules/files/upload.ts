import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  ERROR_CODES,
  FILE_MESSAGES,
  type FilePurpose,
  type FileRecord,
  SUBSCRIPTION_MESSAGES,
} from '@nexus/contracts';
import type { Database } from '../../db/client';
import { files } from '../../db/schema';
import { inScope } from '../../db/scope';
import { AppError, badRequest, codeForStatus } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { addStorageBytes, storageHeadroom } from '../tenancy';
import { makeVariants, type Variant } from './images';
import { sanitiseName } from './names';
import { PURPOSES } from './purposes';
import { toRecord } from './records';
import { agrees, type Detected, SNIFF_BYTES, sniff } from './sniff';
import type { FileStore } from './store';

const MB = 1024 * 1024;

export interface FilesDeps {
  database: Database;
  store: FileStore;
  /** UPLOAD_MAX_MB. */
  maxMb: number;
  log?: (message: string, error: unknown) => void;
}

export interface IncomingFile {
  purpose: FilePurpose;
  filename: string | undefined;
  declaredType: string | undefined;
  stream: Readable;
  /** The request's Content-Length, when the client sent one. */
  declaredLength?: number;
}

export const tooLarge = (maxMb: number) =>
  new AppError(ERROR_CODES.payloadTooLarge, 413, FILE_MESSAGES.tooLarge(maxMb));
const wrongType = (message: string) => new AppError(codeForStatus(415), 415, message);

/** The largest upload a purpose takes, in MB: UPLOAD_MAX_MB or the purpose's own lower cap. */
export function maxMbFor(deps: FilesDeps, purpose: FilePurpose): number {
  return Math.min(deps.maxMb, PURPOSES[purpose].maxMb ?? Number.POSITIVE_INFINITY);
}

/** Reads until `SNIFF_BYTES` are in hand (or the file ends), keeping the iterator for the rest. */
async function readHead(iterator: AsyncIterator<Buffer>): Promise<{ head: Buffer; ended: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) return { head: Buffer.concat(chunks), ended: true };
    chunks.push(next.value);
    length += next.value.length;
  }
  return { head: Buffer.concat(chunks), ended: false };
}

/**
 * Stores one upload (issue 15 point 4). The bytes stream from the request to storage, counted and
 * hashed on the way; the type is decided from the first bytes before anything is written. Past the
 * size cap the stream fails at once (413) and the partial object is removed; a type that does not
 * match (415), an unreadable image (400) or a tenant over its storage limit (409, checked before
 * and again, counting, once the size is known) leave nothing stored and nothing counted.
 */
export async function storeUpload(deps: FilesDeps, actor: Actor, input: IncomingFile): Promise<FileRecord> {
  const rule = PURPOSES[input.purpose];
  const maxMb = maxMbFor(deps, input.purpose);
  const maxBytes = maxMb * MB;
  const tenantId = rule.scope === 'personal' ? null : actor.tenantId;
  const { db } = deps.database;

  if (input.declaredLength !== undefined && input.declaredLength > maxBytes + 64 * 1024)
    throw tooLarge(maxMb);
  if (tenantId !== null) {
    const headroom = await storageHeadroom(db, tenantId);
    if (headroom.bytes <= 0 || (input.declaredLength ?? 0) > headroom.bytes + 64 * 1024) {
      throw new AppError(codeForStatus(409), 409, SUBSCRIPTION_MESSAGES.storageFull(headroom.limitGb));
    }
  }

  const iterator = input.stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const { head, ended } = await readHead(iterator).catch((error) => {
    throw asUploadError(error, maxMb);
  });
  if (head.length === 0) throw badRequest(FILE_MESSAGES.empty);
  if (head.length > maxBytes) throw tooLarge(maxMb);
  const name = sanitiseName(input.filename);
  const detected: Detected | null = sniff(head, name);
  if (!detected || !rule.types.includes(detected.type))
    throw wrongType(FILE_MESSAGES.unknownType(input.purpose));
  if (!agrees(detected, name, input.declaredType))
    throw wrongType(FILE_MESSAGES.extensionMismatch(detected.type));

  const fileId = randomUUID();
  const key = `${tenantId === null ? 'p' : `t${tenantId}`}/${fileId}`;
  const hash = createHash('sha256');
  let size = 0;
  async function* counted(): AsyncGenerator<Buffer> {
    const pass = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge(maxMb);
      hash.update(chunk);
      return chunk;
    };
    yield pass(head);
    if (ended) return;
    for (;;) {
      const next = await iterator.next().catch((error) => {
        throw asUploadError(error, maxMb);
      });
      if (next.done) return;
      yield pass(next.value);
    }
  }
  await deps.store.put(key, Readable.from(counted()), detected.type);

  const stored: string[] = [key];
  const discard = () =>
    Promise.all(
      stored.map((target) =>
        deps.store.remove(target).catch((error) => deps.log?.('Could not remove an object', error)),
      ),
    );
  try {
    let variants: Variant[] = [];
    if (rule.variants.length > 0 && detected.type.startsWith('image/')) {
      variants = await makeVariants(deps.store, key, rule.variants).catch(() => {
        throw badRequest(FILE_MESSAGES.imageUnreadable);
      });
      stored.push(...variants.map((variant) => variant.key));
    }
    const storedBytes = size + variants.reduce((sum, variant) => sum + variant.bytes, 0);
    const row = await inScope(db, tenantId ?? 'main', async (tx) => {
      if (tenantId !== null) await addStorageBytes(tx, tenantId, storedBytes);
      const [inserted] = await tx
        .insert(files)
        .values({
          file_id: fileId,
          tenant_id: tenantId,
          owner_id: actor.userId,
          purpose: input.purpose,
          name,
          content_type: detected.type,
          size_bytes: size,
          stored_bytes: storedBytes,
          storage_key: key,
          sha256: hash.digest('hex'),
          variants,
        })
        .returning();
      return inserted!;
    });
    return toRecord(row);
  } catch (error) {
    await discard();
    throw error;
  }
}

/**
 * An error while reading the request's file stream: the multipart plugin's size error becomes the
 * module's 413; anything else the client sent wrong (a cut-off or malformed body) is a 400.
 */
function asUploadError(error: unknown, maxMb: number): unknown {
  if (error instanceof AppError) return error;
  if ((error as { code?: string } | undefined)?.code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxMb);
  return badRequest(FILE_MESSAGES.malformed);
}
