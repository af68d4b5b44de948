import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoResources } from '../../db/seed/demo-resources';
import { makeUser } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { DiskStore } from '../files';
import { resourceKit } from './test-kit';

let t: TestApp;
let storageDir: string;
let store: DiskStore;

beforeAll(async () => {
  storageDir = mkdtempSync(join(tmpdir(), 'nexus-resources-seed-'));
  store = new DiskStore(storageDir);
  t = await makeApp({ fileStore: store });
});
afterAll(async () => {
  await t?.close();
  rmSync(storageDir, { recursive: true, force: true });
});

describe('demo resources', () => {
  it('seeds every kind once, with a generated PDF and captions readable signed out', async () => {
    await makeUser(t.database, { username: 'admin' });
    const first = await t.database.system.transaction((tx) => seedDemoResources(tx, store));
    expect(first).toBe(8);
    expect(await t.database.system.transaction((tx) => seedDemoResources(tx, store))).toBe(0);
    const kit = resourceKit(t);
    const listed = (await kit.search(null, '?facets=true&search=photovoltaic OR datasets')).json();
    // The platform's publication is public; the portal's report is the (absent) institute's.
    expect(listed.data.map((item: { kind: string }) => item.kind)).toContain('publication');
    const template = (await kit.search(null, '?kind=template')).json().data[0];
    const detail = (await kit.get(null, template.item_id)).json().data;
    const pdf = await kit.call(null, 'GET', detail.files[0].url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const video = (await kit.search(null, '?kind=video')).json().data[0];
    const captions = (await kit.get(null, video.item_id)).json().data.files[0];
    expect(captions.slot).toBe('caption');
    expect((await kit.call(null, 'GET', captions.url)).body).toMatch(/^WEBVTT/);
  });
});
