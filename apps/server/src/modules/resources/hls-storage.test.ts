import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILES_API, RESOURCE_ITEMS_API } from '@nexus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files as filesTable, tenantSubscriptions } from '../../db/schema';
import { member } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { mp4Bytes } from '../../test/upload-fixtures';
import { DiskStore } from '../files';
import { storeLadder } from './hls';
import { resourceKit } from './test-kit';

/**
 * Issue 21 point 5: a ladder's objects are the tenant's storage like any file's bytes, and go with
 * the original file or its item. The ladder is written here as ffmpeg would write it, so none of
 * this needs ffmpeg.
 */

const GB = 1024 ** 3;
const SEGMENT = Buffer.alloc(188 * 40, 0x47);
const LADDER_BYTES = 2 * SEGMENT.length + '#EXTM3U\n'.length * 2;

let t: TestApp;
let kit: ReturnType<typeof resourceKit>;
let store: DiskStore;
let storageDir: string;
let work: string;

beforeAll(async () => {
  storageDir = mkdtempSync(join(tmpdir(), 'nexus-hls-storage-'));
  work = mkdtempSync(join(tmpdir(), 'nexus-hls-ladder-'));
  store = new DiskStore(storageDir);
  t = await makeApp({ fileStore: store });
  kit = resourceKit(t);
});
afterAll(async () => {
  await t?.close();
  rmSync(storageDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

const deps = (logged: string[] = []) => ({
  files: { database: t.database, store, maxMb: 50 },
  log: (message: string) => logged.push(message),
});

async function usedBytes(tenantId: number): Promise<number> {
  const [row] = await t.database.system
    .select({ usage: tenantSubscriptions.current_usage })
    .from(tenantSubscriptions)
    .where(eq(tenantSubscriptions.tenant_id, tenantId));
  return Math.round(Number((row?.usage as { storage_gb?: number } | undefined)?.storage_gb ?? 0) * GB);
}

async function fileRow(fileId: string) {
  const [row] = await t.database.system.select().from(filesTable).where(eq(filesTable.file_id, fileId));
  return row!;
}

/** A tenant member's video item with a main file, and a ladder directory as ffmpeg leaves it. */
async function videoWithLadder(limits: Record<string, number> = { storage_gb: 1 }) {
  const tenantId = await kit.tenant(limits);
  const author = member(await kit.newUser(), tenantId);
  const item = await kit.created(author, { kind: 'video', visibility: 'tenant' });
  const uploaded = (
    await kit.upload(author, { name: 'talk.mp4', type: 'video/mp4', data: mp4Bytes(4000) }, 'media')
  ).json().data;
  const attached = await kit.call(author, 'POST', '/api/resources/files/createFile', {
    item_id: item.item_id,
    file_id: uploaded.file_id,
  });
  expect(attached.statusCode, attached.body).toBe(201);
  const file = attached.json().data[0] as { item_file_id: number; url: string };
  const dir = mkdtempSync(join(work, 'hls-'));
  writeFileSync(join(dir, 'v0-0.ts'), SEGMENT);
  writeFileSync(join(dir, 'v0-1.ts'), SEGMENT);
  writeFileSync(join(dir, 'v0.m3u8'), '#EXTM3U\n');
  writeFileSync(join(dir, 'index.m3u8'), '#EXTM3U\n');
  const hlsKey = `${(await fileRow(uploaded.file_id)).storage_key}-hls`;
  const ladder = { itemFileId: file.item_file_id, fileId: uploaded.file_id as string, hlsKey, dir };
  const keys = ['index.m3u8', 'v0.m3u8', 'v0-0.ts', 'v0-1.ts'].map((name) => `${hlsKey}/${name}`);
  return { tenantId, author, item, file, ladder, keys, size: Number(uploaded.size_bytes) };
}

const stored = async (keys: string[]) => Promise.all(keys.map((key) => store.has(key)));

describe('HLS ladder storage', () => {
  it('counts a ladder into the tenant’s storage and removes it with the original file', async () => {
    const video = await videoWithLadder();
    const before = await usedBytes(video.tenantId);
    expect(await storeLadder(t.database, deps(), video.ladder)).toBe(true);
    expect(await stored(video.keys)).toEqual([true, true, true, true]);
    expect(await usedBytes(video.tenantId)).toBe(before + LADDER_BYTES);
    expect((await fileRow(video.ladder.fileId)).stored_bytes).toBe(video.size + LADDER_BYTES);
    const master = await kit.call(video.author, 'GET', `${video.file.url}/hls/index.m3u8`);
    expect(master.statusCode).toBe(200);
    expect(master.body).toBe('#EXTM3U\n');

    const gone = await kit.call(
      video.author,
      'DELETE',
      `${FILES_API}/deleteFile/${video.ladder.fileId}/${video.author.userId}`,
    );
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    expect(await stored(video.keys)).toEqual([false, false, false, false]);
    expect(await usedBytes(video.tenantId)).toBe(before - video.size);
  });

  it('removes the ladders of a deleted item through a job, giving their bytes back', async () => {
    const video = await videoWithLadder();
    await storeLadder(t.database, deps(), video.ladder);
    const withLadder = await usedBytes(video.tenantId);
    const deleted = await kit.call(
      video.author,
      'DELETE',
      `${RESOURCE_ITEMS_API}/deleteItem/${video.item.item_id}/${video.author.userId}`,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    await t.app.jobs.drain('resources.drop-hls');
    expect(await stored(video.keys)).toEqual([false, false, false, false]);
    expect(await usedBytes(video.tenantId)).toBe(withLadder - LADDER_BYTES);
    const row = await fileRow(video.ladder.fileId);
    expect(row.stored_bytes).toBe(video.size);
    expect(row.derived).toEqual([]);
    // The original stays: it is its uploader's file, deleted through the files module.
    expect(await store.has(row.storage_key)).toBe(true);
  });

  it('keeps nothing of a ladder whose item went meanwhile, or past the tenant’s storage', async () => {
    const orphan = await videoWithLadder();
    await kit.call(
      orphan.author,
      'DELETE',
      `${RESOURCE_ITEMS_API}/deleteItem/${orphan.item.item_id}/${orphan.author.userId}`,
    );
    const before = await usedBytes(orphan.tenantId);
    await storeLadder(t.database, deps(), orphan.ladder);
    expect(await stored(orphan.keys)).toEqual([false, false, false, false]);
    expect(await usedBytes(orphan.tenantId)).toBe(before);

    // Room for the original (4,000 bytes) but not for the ladder's 15 KB.
    const full = await videoWithLadder({ storage_gb: 10_000 / GB });
    const logged: string[] = [];
    const fullBefore = await usedBytes(full.tenantId);
    expect(await storeLadder(t.database, deps(logged), full.ladder)).toBe(true);
    expect(logged).toEqual(['The tenant’s storage is full: no HLS ladder, the original file plays']);
    expect(await stored(full.keys)).toEqual([false, false, false, false]);
    expect(await usedBytes(full.tenantId)).toBe(fullBefore);
    expect((await kit.get(full.author, full.item.item_id)).json().data.files[0].hls_url).toBeNull();
  });
});
