import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
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
    const videoFiles = (await kit.get(null, video.item_id)).json().data.files as {
      slot: string;
      url: string;
      content_type: string;
    }[];
    const captions = videoFiles.find((file) => file.slot === 'caption')!;
    expect((await kit.call(null, 'GET', captions.url)).body).toMatch(/^WEBVTT/);
    // The video plays: a real WebM, answered by range as a player asks.
    const media = videoFiles.find((file) => file.slot === 'main')!;
    expect(media.content_type).toBe('video/webm');
    t.actAs(null);
    const start = await t.app.inject({ url: media.url, headers: { range: 'bytes=0-3' } });
    expect(start.statusCode).toBe(206);
    expect([...start.rawPayload]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  });

  it('seeds a public playlist of the video, then the podcast', async () => {
    const rows = (await t.database.system.execute(
      sql`select p.visibility, (select array_agg(i.kind order by o.n) from jsonb_array_elements_text(p.item_ids)
            with ordinality o(id, n) join resource_items i on i.item_id = o.id::int) as kinds
          from resource_playlists p where p.title = 'Pitching and funding, start here'`,
    )) as unknown as { rows: { visibility: string; kinds: string[] }[] };
    expect(rows.rows).toEqual([{ visibility: 'public', kinds: ['video', 'podcast'] }]);
  });
});
