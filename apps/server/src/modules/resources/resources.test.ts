import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  RESOURCE_COLLECTIONS_API,
  RESOURCE_FILES_API,
  RESOURCE_ITEMS_API,
  RESOURCE_MESSAGES,
  SUBSCRIPTION_MESSAGES,
} from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, resourceItems, startups } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { member, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { mp4Bytes, textBytes } from '../../test/upload-fixtures';
import { DiskStore } from '../files';
import { extractItemText } from './extract';
import { itemBody, resourceKit } from './test-kit';

/** Issue 21: the library's items, portals with approval, versioned files, search, playlists, library. */

let t: TestApp;
let kit: ReturnType<typeof resourceKit>;
let tenantA: number;
let tenantB: number;
let adminA: Actor;
let memberA: Actor;
let memberB: Actor;
let store: DiskStore;
let storageDir: string;

beforeAll(async () => {
  storageDir = mkdtempSync(join(tmpdir(), 'nexus-resources-test-'));
  store = new DiskStore(storageDir);
  t = await makeApp({ fileStore: store });
  kit = resourceKit(t);
  tenantA = await kit.tenant({ storage_gb: 1 });
  tenantB = await kit.tenant();
  adminA = tenantAdmin(await kit.newUser(), tenantA);
  memberA = member(await kit.newUser(), tenantA);
  memberB = member(await kit.newUser(), tenantB);
});
afterAll(async () => {
  await t?.close();
  rmSync(storageDir, { recursive: true, force: true });
});

async function pdf(words: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([400, 300]);
  page.drawText(words, { x: 20, y: 200, size: 14, font: await document.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await document.save());
}

describe('items', () => {
  it('creates a tenant item, keeps no script in its body, and hides it from other tenants and signed out', async () => {
    const response = await kit.create(
      memberA,
      itemBody({ body: '<p onclick="x()">Hi<script>bad()</script></p>' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const item = response.json().data;
    expect(item).toMatchObject({
      tenant_id: tenantA,
      status: 'published',
      visibility: 'tenant',
      can_manage: true,
    });
    expect(item.body).toBe('<p>Hi</p>');
    expect((await kit.get(member(await kit.newUser(), tenantA), item.item_id)).statusCode).toBe(200);
    const other = await kit.get(memberB, item.item_id);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(RESOURCE_MESSAGES.itemNotFound);
    expect((await kit.get(null, item.item_id)).statusCode).toBe(404);
  });

  it('links a case study to startups and projects by id, with their names and pages, and refuses unknown ones', async () => {
    const founder = await kit.newUser();
    const [startup] = await t.database.system
      .insert(startups)
      .values({
        owner_id: founder,
        name: 'Tidewater Solar',
        sector: 'climate',
        stage: 'mvp',
        country: 'KE',
        created_by: founder,
        modified_by: founder,
      })
      .returning({ id: startups.startup_id });
    const [project] = await t.database.system
      .insert(projects)
      .values({ owner_id: founder, title: 'Village microgrid', sector: 'climate', status: 'active' })
      .returning({ id: projects.project_id });
    const links = [
      { type: 'startup', id: startup!.id },
      { type: 'project', id: project!.id },
      { type: 'link', name: 'The lab', url: 'https://example.org/lab' },
    ];
    const response = await kit.create(memberA, itemBody({ kind: 'case_study', links }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.links).toEqual([
      {
        type: 'startup',
        id: startup!.id,
        name: 'Tidewater Solar',
        url: `/startup-project/overview/${startup!.id}`,
      },
      {
        type: 'project',
        id: project!.id,
        name: 'Village microgrid',
        url: `/project-overview/${project!.id}`,
      },
      { type: 'link', name: 'The lab', url: 'https://example.org/lab' },
    ]);
    const [before] = await t.database.system.select({ n: sql<number>`count(*)::int` }).from(resourceItems);
    for (const bad of [
      [{ type: 'startup', id: 999_999 }],
      [
        { type: 'link', name: 'x', url: 'https://example.org' },
        { type: 'project', id: startup!.id + 999_999 },
      ],
    ]) {
      const refused = await kit.create(memberA, itemBody({ kind: 'case_study', links: bad }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(RESOURCE_MESSAGES.linkedVentureNotFound);
      expect(refused.json().details[0].path).toBe(`links.${bad.length - 1}.id`);
    }
    // A startup link must name its id; a free name and address are for web pages.
    const named = await kit.create(
      memberA,
      itemBody({ kind: 'case_study', links: [{ type: 'startup', name: 'X', url: 'https://example.org' }] }),
    );
    expect(named.statusCode).toBe(400);
    const [after] = await t.database.system.select({ n: sql<number>`count(*)::int` }).from(resourceItems);
    expect(after!.n).toBe(before!.n);
  });

  it('refuses bad input with a 400 and stores nothing', async () => {
    const [before] = await t.database.system.select({ n: sql<number>`count(*)::int` }).from(resourceItems);
    for (const body of [
      itemBody({ kind: 'poem' }),
      itemBody({ title: '' }),
      itemBody({ tags: ['<b>'] }),
      itemBody({ visibility: 'role' }),
      itemBody({ language: 'English' }),
      { ...itemBody(), created_by: 1 },
    ]) {
      const response = await kit.create(memberA, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const onPlatform = await kit.create(
      member(await kit.newUser(), null),
      itemBody({ visibility: 'tenant' }),
    );
    expect(onPlatform.json().message).toBe(RESOURCE_MESSAGES.tenantNeeded);
    const [after] = await t.database.system.select({ n: sql<number>`count(*)::int` }).from(resourceItems);
    expect(after!.n).toBe(before!.n);
  });

  it('answers 401 signed out, 403 to a member changing another’s item, 404 to another tenant', async () => {
    expect((await kit.create(null, itemBody())).statusCode).toBe(401);
    const item = await kit.created(memberA);
    const url = `${RESOURCE_ITEMS_API}/updateItem/${item.item_id}`;
    expect(
      (await kit.call(member(await kit.newUser(), tenantA), 'PUT', url, { title: 'X' })).statusCode,
    ).toBe(403);
    expect((await kit.call(memberB, 'PUT', url, { title: 'X' })).statusCode).toBe(404);
    const changed = await kit.call(adminA, 'PUT', url, { title: 'Renamed' });
    expect(changed.json().data.title).toBe('Renamed');
    const del = `${RESOURCE_ITEMS_API}/deleteItem/${item.item_id}`;
    expect((await kit.call(memberA, 'DELETE', `${del}/${adminA.userId}`)).statusCode).toBe(403);
    expect((await kit.call(memberA, 'DELETE', `${del}/${memberA.userId}`)).statusCode).toBe(200);
    expect((await kit.get(memberA, item.item_id)).statusCode).toBe(404);
  });

  it('shows drafts to their author only, public items signed out, role items to the role', async () => {
    const draft = await kit.created(memberA, { status: 'draft' });
    expect((await kit.get(member(await kit.newUser(), tenantA), draft.item_id)).statusCode).toBe(404);
    expect((await kit.get(memberA, draft.item_id)).statusCode).toBe(200);
    const open = await kit.created(memberA, { visibility: 'public' });
    expect((await kit.get(null, open.item_id)).statusCode).toBe(200);
    const forRole = await kit.created(adminA, { visibility: 'role', role_id: 2 });
    expect((await kit.get(tenantAdmin(await kit.newUser(), tenantA), forRole.item_id)).statusCode).toBe(200);
    expect((await kit.get(member(await kit.newUser(), tenantA), forRole.item_id)).statusCode).toBe(404);
  });
});

describe('documents portal with approval', () => {
  it('lets a member submit for review, a manager approve, and refuses others', async () => {
    const manager = member(await kit.newUser(), tenantA);
    const portal = await kit.call(adminA, 'POST', `${RESOURCE_COLLECTIONS_API}/createCollection`, {
      name: 'Policy papers',
      is_portal: true,
      requires_approval: true,
      managers: [manager.userId],
    });
    expect(portal.statusCode, portal.body).toBe(201);
    const portalId = portal.json().data.collection_id;
    expect(
      (await kit.call(memberA, 'POST', `${RESOURCE_COLLECTIONS_API}/createCollection`, { name: 'x' }))
        .statusCode,
    ).toBe(403);
    const direct = await kit.create(memberA, itemBody({ collection_id: portalId }));
    expect(direct.statusCode).toBe(400);
    expect(direct.json().message).toBe(RESOURCE_MESSAGES.approvalNeeded);
    const outsider = await kit.create(memberB, itemBody({ collection_id: portalId, status: 'review' }));
    expect(outsider.statusCode).toBe(403);
    const submitted = await kit.created(memberA, { collection_id: portalId, status: 'review' });
    const reader = member(await kit.newUser(), tenantA);
    expect((await kit.get(reader, submitted.item_id)).statusCode).toBe(404);
    const queue = await kit.search(manager, '?scope=review');
    expect(queue.json().data.map((i: { item_id: number }) => i.item_id)).toContain(submitted.item_id);
    const review = `${RESOURCE_ITEMS_API}/reviewItem/${submitted.item_id}`;
    expect((await kit.call(memberA, 'PUT', review, { decision: 'approve' })).statusCode).toBe(403);
    expect((await kit.call(manager, 'PUT', review, { decision: 'maybe' })).statusCode).toBe(400);
    const approved = await kit.call(manager, 'PUT', review, { decision: 'approve' });
    expect(approved.json().data.status).toBe('published');
    expect((await kit.get(reader, submitted.item_id)).statusCode).toBe(200);
    expect((await kit.call(manager, 'PUT', review, { decision: 'approve' })).statusCode).toBe(400);
  });
});

describe('files of items', () => {
  it('keeps versions, counts downloads, serves byte ranges and hides the bytes from others', async () => {
    const item = await kit.created(memberA, { kind: 'video' });
    const data = mp4Bytes(50_000);
    const uploaded = (
      await kit.upload(memberA, { name: 'talk.mp4', type: 'video/mp4', data }, 'media')
    ).json().data;
    const attach = (body: Record<string, unknown>, actor = memberA) =>
      kit.call(actor, 'POST', `${RESOURCE_FILES_API}/createFile`, body);
    const first = await attach({ item_id: item.item_id, file_id: uploaded.file_id });
    expect(first.statusCode, first.body).toBe(201);
    const url = first.json().data[0].url as string;
    const whole = await kit.call(member(await kit.newUser(), tenantA), 'GET', url);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(data)).toBe(true);
    const part = await kit.call(memberA, 'GET', url, undefined, { range: 'bytes=1000-1999' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 1000-1999/50000');
    expect(part.rawPayload.equals(data.subarray(1000, 2000))).toBe(true);
    expect((await kit.call(memberA, 'GET', url, undefined, { range: 'bytes=60000-' })).statusCode).toBe(416);
    expect((await kit.call(memberB, 'GET', url)).statusCode).toBe(404);
    expect((await kit.call(null, 'GET', url)).statusCode).toBe(404);

    const second = (
      await kit.upload(memberA, { name: 'talk2.mp4', type: 'video/mp4', data: mp4Bytes(2000) }, 'media')
    ).json().data;
    const versions = (await attach({ item_id: item.item_id, file_id: second.file_id })).json().data;
    expect(versions.map((f: { version: number; is_current: boolean }) => [f.version, f.is_current])).toEqual([
      [2, true],
      [1, false],
    ]);
    // The first read counted once; the mid-file range did not.
    expect(versions[1].download_count).toBe(1);
    expect((await kit.call(memberA, 'GET', versions[1].url)).rawPayload.equals(data)).toBe(true);

    // Someone else's upload cannot be attached, a caption must be WebVTT.
    expect((await attach({ item_id: item.item_id, file_id: second.file_id }, adminA)).statusCode).toBe(400);
    const notVtt = (
      await kit.upload(memberA, { name: 'c.vtt', type: 'text/vtt', data: textBytes(50) })
    ).json().data;
    const refused = await attach({ item_id: item.item_id, file_id: notVtt.file_id, slot: 'caption' });
    expect(refused.json().message).toBe(RESOURCE_MESSAGES.notCaptions);
    const vtt = Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n');
    const captions = (await kit.upload(memberA, { name: 'c.vtt', type: 'text/vtt', data: vtt })).json().data;
    const withCaptions = await attach({ item_id: item.item_id, file_id: captions.file_id, slot: 'caption' });
    const track = withCaptions.json().data.find((f: { slot: string }) => f.slot === 'caption');
    const served = await kit.call(memberA, 'GET', track.url);
    expect(served.headers['content-type']).toBe('text/vtt; charset=utf-8');
  });

  it('refuses a disguised file and an upload past the storage quota with the subscription message', async () => {
    const disguised = await kit.upload(memberA, {
      name: 'report.pdf',
      type: 'application/pdf',
      data: textBytes(100),
    });
    expect(disguised.statusCode).toBe(415);
    const full = await kit.tenant({ storage_gb: 0 });
    const response = await kit.upload(member(await kit.newUser(), full), {
      name: 'r.pdf',
      type: 'application/pdf',
      data: await pdf('hello'),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(SUBSCRIPTION_MESSAGES.storageFull(0));
  });

  it('finds a report by a word inside its PDF once the extraction job ran, highlighted', async () => {
    const item = await kit.created(memberA, { title: 'Quarterly figures', tags: [] });
    const uploaded = (
      await kit.upload(memberA, {
        name: 'q.pdf',
        type: 'application/pdf',
        data: await pdf('Photovoltaic output grew'),
      })
    ).json().data;
    const attached = await kit.call(memberA, 'POST', `${RESOURCE_FILES_API}/createFile`, {
      item_id: item.item_id,
      file_id: uploaded.file_id,
    });
    expect(attached.statusCode).toBe(201);
    // The job queued with the attachment may already have run; running it again is harmless.
    await extractItemText(t.database, { database: t.database, store, maxMb: 50 }, item.item_id);
    const found = await kit.search(member(await kit.newUser(), tenantA), '?search=photovoltaic');
    const hit = found.json().data.find((i: { item_id: number }) => i.item_id === item.item_id);
    expect(hit.headline).toContain('<mark>Photovoltaic</mark>');
    expect((await kit.search(memberB, '?search=photovoltaic')).json().data).toEqual([]);
  });
});
