import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { FILES_API } from '@nexus/contracts';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantSubscriptions } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { mp4Bytes, multipart, pngBytes, textBytes } from '../../test/upload-fixtures';
import { S3Store } from './s3-store';

/**
 * The S3 path of the files module against s3rver, a local S3-compatible server started here on a
 * free port (DESIGN section 9). Without it (it cannot start) the suite is skipped, saying why.
 */
const MB = 1024 * 1024;
const BUCKET = 'nexus-files-test';
let server: S3rver | undefined;
let store: S3Store;
let dir: string;
let t: TestApp;
let unavailable = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'nexus-s3rver-'));
  try {
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const address = (await server.run()) as AddressInfo;
    store = new S3Store({
      bucket: BUCKET,
      endpoint: `http://127.0.0.1:${address.port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
  } catch (error) {
    unavailable = `s3rver could not start: ${(error as Error).message}`;
    return;
  }
  t = await makeApp({ fileStore: store, uploadMaxMb: 8 });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

async function objectKeys(): Promise<string[]> {
  const listed = await store.client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (listed.Contents ?? []).map((item) => item.Key ?? '').sort();
}

async function tenantWith(limits: Record<string, number> = {}) {
  const tenant = await makeTenant(t.database);
  await t.database.system.insert(tenantSubscriptions).values({
    tenant_id: tenant.tenant_id,
    limits,
    period_start: new Date(Date.now() - 1000),
    period_end: new Date(Date.now() + 30 * 24 * 3600 * 1000),
  } as typeof tenantSubscriptions.$inferInsert);
  return tenant.tenant_id;
}

async function storageGb(tenantId: number): Promise<number> {
  const [row] = await t.database.system
    .select()
    .from(tenantSubscriptions)
    .where(eq(tenantSubscriptions.tenant_id, tenantId));
  return Number((row?.current_usage as { storage_gb?: number } | undefined)?.storage_gb ?? 0);
}

function upload(actor: Actor, file: { name: string; type?: string; data: Buffer }, purpose: string) {
  t.actAs(actor);
  return t.app.inject({ method: 'POST', url: `${FILES_API}/upload`, ...multipart(file, { purpose }) });
}

describe('files on S3-compatible storage (s3rver)', () => {
  it('streams a multipart-sized video to the bucket and serves it whole and in ranges', async (context) => {
    if (unavailable) return context.skip(unavailable);
    const tenantId = await tenantWith({ storage_gb: 1 });
    const owner = await makeUser(t.database);
    const actor = member(owner.user_id, tenantId);
    const data = mp4Bytes(6 * MB + 123);
    const response = await upload(actor, { name: 'lecture.mp4', type: 'video/mp4', data }, 'media');
    expect(response.statusCode, response.body).toBe(201);
    const record = response.json().data;
    expect(await objectKeys()).toContain(`t${tenantId}/${record.file_id}`);
    expect(await storageGb(tenantId)).toBeCloseTo(data.length / 1024 ** 3, 12);
    t.actAs(actor);
    const whole = await t.app.inject({ method: 'GET', url: record.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(data)).toBe(true);
    const part = await t.app.inject({
      method: 'GET',
      url: record.url,
      headers: { range: 'bytes=5242870-5242889' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 5242870-5242889/${data.length}`);
    expect(part.rawPayload.equals(data.subarray(5_242_870, 5_242_890))).toBe(true);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${FILES_API}/deleteFile/${record.file_id}/${owner.user_id}`,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await objectKeys()).not.toContain(`t${tenantId}/${record.file_id}`);
    expect(await storageGb(tenantId)).toBe(0);
  });

  it('keeps the bucket unchanged when an upload is too large, of the wrong type or over the limit', async (context) => {
    if (unavailable) return context.skip(unavailable);
    const tenantId = await tenantWith({ storage_gb: 1 });
    const owner = await makeUser(t.database);
    const actor = member(owner.user_id, tenantId);
    const before = await objectKeys();
    const big = await upload(actor, { name: 'big.mp4', data: mp4Bytes(8 * MB + 1) }, 'media');
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The file is larger than 8 MB, the most one upload may be.');
    const wrong = await upload(actor, { name: 'photo.jpg', data: textBytes(500) }, 'profile-photo');
    expect(wrong.statusCode).toBe(415);
    const full = await tenantWith({ storage_gb: 1000 / 1024 ** 3 });
    const over = await upload(
      member(owner.user_id, full),
      { name: 'notes.txt', data: textBytes(2000) },
      'document',
    );
    expect(over.statusCode).toBe(409);
    expect(await objectKeys()).toEqual(before);
    expect(await storageGb(tenantId)).toBe(0);
  });

  it('stores the resized variants of a profile photo beside it', async (context) => {
    if (unavailable) return context.skip(unavailable);
    const owner = await makeUser(t.database);
    const response = await upload(
      member(owner.user_id, null),
      { name: 'me.png', data: await pngBytes(300, 300) },
      'profile-photo',
    );
    expect(response.statusCode, response.body).toBe(201);
    const record = response.json().data;
    const keys = await objectKeys();
    for (const width of [64, 256, 1024]) expect(keys).toContain(`p/${record.file_id}-w${width}.webp`);
    const small = await t.app.inject({ method: 'GET', url: `${record.url}?size=256` });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
  });
});
