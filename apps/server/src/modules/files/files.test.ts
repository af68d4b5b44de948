import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { FILES_API } from '@nexus/contracts';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, tenantSubscriptions, userRoles } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { mp4Bytes, multipart, pngBytes, textBytes } from '../../test/upload-fixtures';
import { DiskStore } from './store';

const MB = 1024 * 1024;
let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'nexus-files-'));
  t = await makeApp({ fileStore: new DiskStore(dir), uploadMaxMb: 1 });
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Every object under the storage directory (partial files included). */
function storedObjects(): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
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

function upload(
  actor: Actor | null,
  file: { name: string; type?: string; data: Buffer },
  purpose = 'document',
) {
  t.actAs(actor);
  return t.app.inject({ method: 'POST', url: `${FILES_API}/upload`, ...multipart(file, { purpose }) });
}

function get(actor: Actor | null, url: string, headers: Record<string, string> = {}) {
  t.actAs(actor);
  return t.app.inject({ method: 'GET', url, headers });
}

describe('upload and download', () => {
  it('stores a document under a generated key, counts its bytes and serves it back to its owner', async () => {
    const tenantId = await tenantWith({ storage_gb: 1 });
    const owner = await makeUser(t.database);
    const data = textBytes(5000);
    const response = await upload(member(owner.user_id, tenantId), {
      name: 'notes.txt',
      type: 'text/plain',
      data,
    });
    expect(response.statusCode).toBe(201);
    const record = response.json().data;
    expect(record).toMatchObject({
      name: 'notes.txt',
      content_type: 'text/plain',
      size_bytes: 5000,
      purpose: 'document',
      tenant_id: tenantId,
      owner_id: owner.user_id,
      url: `${FILES_API}/content/${record.file_id}`,
    });
    expect(storedObjects()).toContain(join(dir, `t${tenantId}`, record.file_id));
    expect(await storageGb(tenantId)).toBeCloseTo(5000 / 1024 ** 3, 12);

    const content = await get(member(owner.user_id, tenantId), record.url);
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.equals(data)).toBe(true);
    expect(content.headers).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'content-disposition': `attachment; filename="notes.txt"; filename*=UTF-8''notes.txt`,
      etag: `"${record.sha256}"`,
    });
    const again = await get(member(owner.user_id, tenantId), record.url, {
      'if-none-match': `"${record.sha256}"`,
    });
    expect(again.statusCode).toBe(304);
    const meta = await get(member(owner.user_id, tenantId), `${FILES_API}/getFile/${record.file_id}`);
    expect(meta.json().data).toEqual(record);
  });

  it('serves byte ranges of a video: 206 with Content-Range, a suffix, and 416 past the end', async () => {
    const tenantId = await tenantWith();
    const owner = await makeUser(t.database);
    const data = mp4Bytes(100_000);
    const record = (
      await upload(member(owner.user_id, tenantId), { name: 'clip.mp4', type: 'video/mp4', data }, 'media')
    ).json().data;
    expect(record.content_type).toBe('video/mp4');
    const part = await get(member(owner.user_id, tenantId), record.url, { range: 'bytes=1000-1999' });
    expect(part.statusCode).toBe(206);
    expect(part.headers).toMatchObject({
      'content-range': 'bytes 1000-1999/100000',
      'accept-ranges': 'bytes',
      'content-length': '1000',
      'content-disposition': `inline; filename="clip.mp4"; filename*=UTF-8''clip.mp4`,
    });
    expect(part.rawPayload.equals(data.subarray(1000, 2000))).toBe(true);
    const tail = await get(member(owner.user_id, tenantId), record.url, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(data.subarray(99_990))).toBe(true);
    const beyond = await get(member(owner.user_id, tenantId), record.url, { range: 'bytes=100000-' });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */100000');
  });

  it('makes WebP variants of a profile photo, kept on the platform and shown to any signed-in user', async () => {
    const tenantId = await tenantWith({ storage_gb: 1 });
    const owner = await makeUser(t.database);
    const photo = await pngBytes(600, 400);
    const response = await upload(
      member(owner.user_id, tenantId),
      { name: 'me.png', type: 'image/png', data: photo },
      'profile-photo',
    );
    expect(response.statusCode).toBe(201);
    const record = response.json().data;
    expect(record).toMatchObject({ tenant_id: null, content_type: 'image/png', variants: [64, 256, 1024] });
    // A personal file is the person's, not the organisation's: no tenant pays for it.
    expect(await storageGb(tenantId)).toBe(0);
    const stranger = await makeUser(t.database);
    const small = await get(member(stranger.user_id, await tenantWith()), `${record.url}?size=64`);
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 64, height: 43, format: 'webp' });
    const large = await get(member(stranger.user_id, null), `${record.url}?size=1024`);
    // Never enlarged past the original.
    expect((await sharp(large.rawPayload).metadata()).width).toBe(600);
    expect((await get(member(stranger.user_id, null), `${record.url}?size=100`)).statusCode).toBe(400);
  });
});

describe('refusals leave nothing stored', () => {
  async function nothingStoredAfter(work: () => Promise<void>) {
    const objects = storedObjects();
    const rows = await t.database.system.select({ id: files.file_id }).from(files);
    await work();
    expect(storedObjects()).toEqual(objects);
    expect(await t.database.system.select({ id: files.file_id }).from(files)).toEqual(rows);
  }

  it('refuses a file over UPLOAD_MAX_MB with 413 while streaming, removing the partial object', async () => {
    const tenantId = await tenantWith({ storage_gb: 1 });
    const owner = await makeUser(t.database);
    await nothingStoredAfter(async () => {
      const response = await upload(member(owner.user_id, tenantId), {
        name: 'big.txt',
        data: textBytes(MB + 1),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The file is larger than 1 MB, the most one upload may be.',
      });
      // A declared length far past the cap is refused before a byte is read.
      const early = await upload(member(owner.user_id, tenantId), {
        name: 'huge.txt',
        data: textBytes(3 * MB),
      });
      expect(early.statusCode).toBe(413);
      expect(early.json().message).toBe('The file is larger than 1 MB, the most one upload may be.');
    });
    expect(await storageGb(tenantId)).toBe(0);
    const exact = await upload(member(owner.user_id, tenantId), { name: 'edge.txt', data: textBytes(MB) });
    expect(exact.statusCode).toBe(201);
  });

  it('refuses content that is not what its name or purpose says with 415', async () => {
    const tenantId = await tenantWith();
    const owner = await makeUser(t.database);
    const actor = member(owner.user_id, tenantId);
    await nothingStoredAfter(async () => {
      const textAsPhoto = await upload(
        actor,
        { name: 'me.png', type: 'image/png', data: textBytes(200) },
        'profile-photo',
      );
      expect(textAsPhoto.statusCode).toBe(415);
      expect(textAsPhoto.json().message).toBe(
        "This file's content is not a type accepted for a profile photo (PNG, JPEG, WebP or GIF); nothing was stored.",
      );
      const pdfAsPng = await upload(actor, { name: 'scan.png', data: Buffer.from('%PDF-1.7\n%...') });
      expect(pdfAsPng.statusCode).toBe(415);
      expect(pdfAsPng.json().message).toBe(
        "The file's name or declared type does not match its content (application/pdf); nothing was stored.",
      );
      const exe = await upload(actor, {
        name: 'setup.exe',
        data: Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]),
      });
      expect(exe.statusCode).toBe(415);
      const html = await upload(actor, {
        name: 'page.html',
        type: 'text/html',
        data: Buffer.from('<script>x</script>'),
      });
      expect(html.statusCode).toBe(415);
      const empty = await upload(actor, { name: 'empty.txt', data: Buffer.alloc(0) });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('The file is empty.');
    });
  });

  it('refuses an image that would decode to too many pixels', async () => {
    const owner = await makeUser(t.database);
    await nothingStoredAfter(async () => {
      const response = await upload(
        member(owner.user_id, null),
        { name: 'bomb.png', data: pngHeaderOnly(60_000, 60_000) },
        'profile-photo',
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'The image could not be read, or it has too many pixels; nothing was stored.',
      );
    });
  });

  it("refuses an upload past the subscription's storage limit with 409, counting nothing", async () => {
    // About 2 KB of room.
    const tenantId = await tenantWith({ storage_gb: 2048 / 1024 ** 3 });
    const owner = await makeUser(t.database);
    const actor = member(owner.user_id, tenantId);
    await nothingStoredAfter(async () => {
      const response = await upload(actor, { name: 'a.txt', data: textBytes(3000) });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toMatch(/^This organisation has used all .* GB of storage of its plan/);
    });
    expect(await storageGb(tenantId)).toBe(0);
    expect((await upload(actor, { name: 'b.txt', data: textBytes(1500) })).statusCode).toBe(201);
    // Full now: refused before a byte is read, whatever the size.
    await nothingStoredAfter(async () => {
      expect((await upload(actor, { name: 'c.txt', data: textBytes(1000) })).statusCode).toBe(409);
    });
  });

  it('never uses the client name as a path: traversal, NUL bytes and very long names', async () => {
    const owner = await makeUser(t.database);
    const actor = member(owner.user_id, null);
    const names = [
      '../../etc/passwd',
      '..\\..\\boot.txt',
      'a\u0000b.txt',
      `${'x'.repeat(1000)}.txt`,
      '"quoted"; x=1.txt',
    ];
    for (const name of names) {
      const response = await upload(actor, { name, data: textBytes(100) });
      expect(response.statusCode).toBe(201);
      const record = response.json().data;
      expect(record.name).not.toMatch(/[/\\"]/);
      expect(record.name.includes('\u0000')).toBe(false);
      expect(record.name.length).toBeLessThanOrEqual(180);
      const content = await get(actor, record.url);
      expect(content.headers['content-disposition']).toMatch(
        /^attachment; filename="[^"\\]*"; filename\*=UTF-8''\S+$/,
      );
    }
    // Every object sits under a generated key: `p/<uuid>` or `t<tenant>/<uuid>`, variants beside it.
    const key = /^(p|t\d+)\/[0-9a-f-]{36}(-w\d+\.webp)?$/;
    expect(storedObjects().filter((path) => !key.test(path.slice(dir.length + 1)))).toEqual([]);
  });
});

describe('malformed requests', () => {
  it('answers 400 naming what is missing: not multipart, no file, no purpose, a broken body', async () => {
    const owner = await makeUser(t.database);
    t.actAs(member(owner.user_id, null));
    const send = (options: Pick<InjectOptions, 'payload' | 'headers'>) =>
      t.app.inject({ method: 'POST', url: `${FILES_API}/upload`, ...options });
    const json = await send({ payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Send the upload as multipart/form-data.');
    const noPurpose = await send(multipart({ name: 'a.txt', data: textBytes(10) }));
    expect(noPurpose.statusCode).toBe(400);
    expect(noPurpose.json().message).toBe("Name the file's purpose: one of profile-photo, media, document.");
    const viaQuery = await t.app.inject({
      method: 'POST',
      url: `${FILES_API}/upload?purpose=document`,
      ...multipart({ name: 'a.txt', data: textBytes(10) }),
    });
    expect(viaQuery.statusCode).toBe(201);
    for (const headers of [
      { 'content-type': 'multipart/form-data' },
      { 'content-type': 'multipart/form-data; boundary=abc' },
    ]) {
      const broken = await send({ headers, payload: 'garbage' });
      expect(broken.statusCode, broken.body).toBeGreaterThanOrEqual(400);
      expect(broken.statusCode, broken.body).toBeLessThan(500);
    }
  });
});

describe('access', () => {
  it("answers 404 for another tenant's file, for metadata, content and delete alike", async () => {
    const a = await tenantWith();
    const b = await tenantWith();
    const owner = await makeUser(t.database);
    const record = (
      await upload(member(owner.user_id, a), { name: 'clip.mp4', data: mp4Bytes(2000) }, 'media')
    ).json().data;
    const other = await makeUser(t.database);
    for (const actor of [tenantAdmin(other.user_id, b), member(other.user_id, b)]) {
      expect((await get(actor, `${FILES_API}/getFile/${record.file_id}`)).statusCode).toBe(404);
      expect((await get(actor, record.url)).statusCode).toBe(404);
      t.actAs(actor);
      const gone = await t.app.inject({
        method: 'DELETE',
        url: `${FILES_API}/deleteFile/${record.file_id}/${other.user_id}`,
      });
      expect(gone.statusCode).toBe(404);
      expect(gone.json().message).toBe('File not found.');
    }
    // The owner, out of the tenant's context, does not see it either.
    expect((await get(member(owner.user_id, b), record.url)).statusCode).toBe(404);
    expect((await get(platformAdmin(other.user_id), record.url)).statusCode).toBe(200);
  });

  it('answers 401 signed out', async () => {
    const owner = await makeUser(t.database);
    const record = (await upload(member(owner.user_id, null), { name: 'a.txt', data: textBytes(10) })).json()
      .data;
    expect((await upload(null, { name: 'a.txt', data: textBytes(10) })).statusCode).toBe(401);
    expect((await get(null, record.url)).statusCode).toBe(401);
    expect((await get(null, `${FILES_API}/getFile/${record.file_id}`)).statusCode).toBe(401);
    t.actAs(null);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `${FILES_API}/deleteFile/${record.file_id}/${owner.user_id}`,
    });
    expect(gone.statusCode).toBe(401);
  });

  it("keeps a document to its owner and the tenant's admins; media is read by members, deleted by its owner", async () => {
    const tenantId = await tenantWith();
    const [owner, colleague, admin] = [
      await makeUser(t.database),
      await makeUser(t.database),
      await makeUser(t.database),
    ];
    const doc = (
      await upload(member(owner.user_id, tenantId), { name: 'cv.txt', data: textBytes(10) })
    ).json().data;
    const clip = (
      await upload(member(owner.user_id, tenantId), { name: 'c.mp4', data: mp4Bytes(500) }, 'media')
    ).json().data;
    expect((await get(member(colleague.user_id, tenantId), doc.url)).statusCode).toBe(404);
    expect((await get(tenantAdmin(admin.user_id, tenantId), doc.url)).statusCode).toBe(200);
    expect((await get(member(colleague.user_id, tenantId), clip.url)).statusCode).toBe(200);
    t.actAs(member(colleague.user_id, tenantId));
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `${FILES_API}/deleteFile/${clip.file_id}/${colleague.user_id}`,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only the owner or an administrator may delete this file.');
    t.actAs(member(owner.user_id, tenantId));
    const notMine = await t.app.inject({
      method: 'DELETE',
      url: `${FILES_API}/deleteFile/${clip.file_id}/${colleague.user_id}`,
    });
    expect(notMine.statusCode).toBe(403);
    t.actAs(tenantAdmin(admin.user_id, tenantId));
    const byAdmin = await t.app.inject({
      method: 'DELETE',
      url: `${FILES_API}/deleteFile/${doc.file_id}/${admin.user_id}`,
    });
    expect(byAdmin.statusCode).toBe(200);
  });

  it('gives the bytes back on delete and removes the objects', async () => {
    const tenantId = await tenantWith({ storage_gb: 1 });
    const owner = await makeUser(t.database);
    await t.database.system
      .insert(userRoles)
      .values({ user_id: owner.user_id, role_id: 13, tenant_id: tenantId });
    const actor = member(owner.user_id, tenantId);
    const record = (await upload(actor, { name: 'a.txt', data: textBytes(4000) })).json().data;
    expect(await storageGb(tenantId)).toBeGreaterThan(0);
    t.actAs(actor);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `${FILES_API}/deleteFile/${record.file_id}/${owner.user_id}`,
    });
    expect(response.statusCode).toBe(200);
    expect(await storageGb(tenantId)).toBe(0);
    expect(storedObjects().some((path) => path.includes(record.file_id))).toBe(false);
    expect((await get(actor, record.url)).statusCode).toBe(404);
  });
});

/** A PNG whose header claims `width` x `height` pixels, with no picture behind it. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
