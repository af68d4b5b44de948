import {
  RESOURCE_COLLECTIONS_API,
  RESOURCE_ITEMS_API,
  RESOURCE_LIBRARY_API,
  RESOURCE_PLAYLISTS_API,
} from '@nexus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../http/policy';
import { member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { resourceKit } from './test-kit';

/** Issue 21 points 3, 5 and 6: facet counts against a hand-counted fixture, playlists, my library. */

let t: TestApp;
let kit: ReturnType<typeof resourceKit>;
let tenantC: number;
let viewer: Actor;
let author: Actor;
let collectionX: number;

const counts = (facet: { value: string; count: number }[]) =>
  Object.fromEntries(facet.map((entry) => [entry.value, entry.count]));

beforeAll(async () => {
  t = await makeApp();
  kit = resourceKit(t);
  tenantC = await kit.tenant();
  const tenantD = await kit.tenant();
  viewer = member(await kit.newUser(), tenantC);
  author = member(await kit.newUser(), tenantC);
  const admin = tenantAdmin(await kit.newUser(), tenantC);
  const collection = await kit.call(admin, 'POST', `${RESOURCE_COLLECTIONS_API}/createCollection`, {
    name: 'Field notes',
  });
  collectionX = collection.json().data.collection_id;
  const summary = 'zebrafixture notes';
  // The fixture, counted by hand: four published items the viewer sees, one draft, one elsewhere.
  await kit.created(author, { kind: 'report', tags: ['solar', 'grid'], summary, collection_id: collectionX });
  await kit.created(author, { kind: 'report', tags: ['solar'], language: 'fr', summary });
  await kit.created(author, { kind: 'article', tags: ['grid'], summary, collection_id: collectionX });
  await kit.created(author, { kind: 'video', tags: ['solar'], summary });
  await kit.created(author, { kind: 'article', tags: ['solar'], summary, status: 'draft' });
  await kit.created(member(await kit.newUser(), tenantD), { kind: 'podcast', tags: ['wind'], summary });
});
afterAll(async () => {
  await t?.close();
});

describe('faceted search', () => {
  it('lists with only its defaults', async () => {
    const response = await kit.search(viewer);
    expect(response.statusCode).toBe(200);
    expect(response.json().meta).toMatchObject({ page: 1, limit: 20, total: 4, facets: null });
    expect((await kit.search(null)).json().meta.total).toBe(0);
  });

  it('counts every facet under the other facets’ filters', async () => {
    const all = (await kit.search(viewer, '?search=zebrafixture&facets=true')).json();
    expect(all.meta.total).toBe(4);
    expect(counts(all.meta.facets.kind)).toEqual({ report: 2, article: 1, video: 1 });
    expect(counts(all.meta.facets.tag)).toEqual({ solar: 3, grid: 2 });
    expect(counts(all.meta.facets.language)).toEqual({ en: 3, fr: 1 });
    expect(counts(all.meta.facets.collection)).toEqual({ [String(collectionX)]: 2 });
    expect(all.meta.facets.kind.find((k: { value: string }) => k.value === 'report').label).toBe('Report');

    const reports = (await kit.search(viewer, '?search=zebrafixture&facets=true&kind=report')).json();
    expect(reports.meta.total).toBe(2);
    expect(counts(reports.meta.facets.kind)).toEqual({ report: 2, article: 1, video: 1 });
    expect(counts(reports.meta.facets.tag)).toEqual({ solar: 2, grid: 1 });
    expect(counts(reports.meta.facets.language)).toEqual({ en: 1, fr: 1 });

    const grid = (await kit.search(viewer, '?search=zebrafixture&facets=true&tag=grid')).json();
    expect(grid.meta.total).toBe(2);
    expect(counts(grid.meta.facets.kind)).toEqual({ report: 1, article: 1 });
    expect(counts(grid.meta.facets.tag)).toEqual({ solar: 3, grid: 2 });

    const several = (await kit.search(viewer, `?kind=report,video&collection_id=${collectionX}`)).json();
    expect(several.meta.total).toBe(1);

    // Ordered by count, the year counted by the date each item is filed under.
    const year = new Date().getUTCFullYear();
    expect(all.meta.facets.kind[0]).toEqual({ value: 'report', label: 'Report', count: 2 });
    expect(counts(all.meta.facets.year)).toEqual({ [String(year)]: 4 });
    const inCollection = (
      await kit.search(viewer, `?search=zebrafixture&facets=true&collection_id=${collectionX}`)
    ).json();
    expect(inCollection.meta.total).toBe(2);
    expect(counts(inCollection.meta.facets.collection)).toEqual({ [String(collectionX)]: 2 });
    expect(inCollection.meta.facets.collection[0].label).toBe('Field notes');
    expect(counts(inCollection.meta.facets.kind)).toEqual({ report: 1, article: 1 });
    expect(counts(inCollection.meta.facets.language)).toEqual({ en: 2 });
    // Another year matches nothing, yet its own facet still counts the other years.
    const lastYear = (await kit.search(viewer, `?search=zebrafixture&facets=true&year=${year - 1}`)).json();
    expect(lastYear.meta.total).toBe(0);
    expect(lastYear.data).toEqual([]);
    expect(counts(lastYear.meta.facets.year)).toEqual({ [String(year)]: 4 });
    expect(lastYear.meta.facets.kind).toEqual([]);
  });

  it('refuses unknown filters and kinds with a 400', async () => {
    expect((await kit.search(viewer, '?kind=poem')).statusCode).toBe(400);
    expect((await kit.search(viewer, '?colour=red')).statusCode).toBe(400);
    expect((await kit.search(viewer, '?limit=1000')).statusCode).toBe(400);
  });

  it('counts again after a write: a repeated search never answers from counts made before it', async () => {
    const query = '?search=zebrafixture&facets=true';
    expect((await kit.search(viewer, query)).json().meta.total).toBe(4);
    const added = await kit.created(author, { kind: 'video', tags: ['wind'], summary: 'zebrafixture notes' });
    const after = (await kit.search(viewer, query)).json();
    expect(after.meta.total).toBe(5);
    expect(counts(after.meta.facets.kind)).toEqual({ report: 2, article: 1, video: 2 });
    expect(counts(after.meta.facets.tag)).toEqual({ solar: 3, grid: 2, wind: 1 });
    // Renaming the collection shows in its facet's label at once.
    const admin = tenantAdmin(await kit.newUser(), tenantC);
    await kit.call(admin, 'PUT', `${RESOURCE_COLLECTIONS_API}/updateCollection/${collectionX}`, {
      name: 'Field notes 2',
    });
    expect((await kit.search(viewer, query)).json().meta.facets.collection[0].label).toBe('Field notes 2');
    // The page is part of what is kept: a renamed item shows under its new title at once.
    expect(after.data.map((card: { title: string }) => card.title)).toContain(added.title);
    const renamed = await kit.call(author, 'PUT', `${RESOURCE_ITEMS_API}/updateItem/${added.item_id}`, {
      title: 'Renamed zebra notes',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const titles = (await kit.search(viewer, query)).json().data.map((card: { title: string }) => card.title);
    expect(titles).toContain('Renamed zebra notes');
    expect(titles).not.toContain(added.title);
    await kit.call(author, 'DELETE', `${RESOURCE_ITEMS_API}/deleteItem/${added.item_id}/${author.userId}`);
    const removed = (await kit.search(viewer, query)).json();
    expect(removed.meta.total).toBe(4);
    expect(counts(removed.meta.facets.kind)).toEqual({ report: 2, article: 1, video: 1 });
  });

  it('lists the author’s own drafts under scope=mine, nobody else’s', async () => {
    const mine = (await kit.search(author, '?scope=mine')).json();
    expect(mine.meta.total).toBe(5);
    expect((await kit.search(viewer, '?scope=mine')).json().meta.total).toBe(0);
  });
});

describe('playlists and my library', () => {
  it('keeps a playlist in order, private to its owner, public for all once shared', async () => {
    const owner = member(await kit.newUser(), tenantC);
    const video = await kit.created(owner, { kind: 'video', visibility: 'public' });
    const podcast = await kit.created(owner, { kind: 'podcast', visibility: 'public' });
    const report = await kit.created(owner, { kind: 'report' });
    const create = (body: Record<string, unknown>) =>
      kit.call(owner, 'POST', `${RESOURCE_PLAYLISTS_API}/createPlaylist`, body);
    expect((await create({ title: 'Mixed', item_ids: [report.item_id] })).statusCode).toBe(400);
    expect((await create({ item_ids: [] })).statusCode).toBe(400);
    const created = await create({ title: 'Listen', item_ids: [podcast.item_id, video.item_id] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.playlist_id;
    const url = `${RESOURCE_PLAYLISTS_API}/getPlaylist/${id}`;
    expect((await kit.call(viewer, 'GET', url)).statusCode).toBe(404);
    expect((await kit.call(null, 'GET', url)).statusCode).toBe(404);
    const update = `${RESOURCE_PLAYLISTS_API}/updatePlaylist/${id}`;
    expect((await kit.call(viewer, 'PUT', update, { visibility: 'public' })).statusCode).toBe(404);
    await kit.call(owner, 'PUT', update, {
      visibility: 'public',
      item_ids: [video.item_id, podcast.item_id],
    });
    const shared = (await kit.call(null, 'GET', url)).json().data;
    expect(shared.items.map((i: { item_id: number }) => i.item_id)).toEqual([video.item_id, podcast.item_id]);
    expect(shared.can_manage).toBe(false);
    expect((await kit.call(null, 'GET', `${RESOURCE_PLAYLISTS_API}/getPlaylists`)).json().meta.total).toBe(1);
    const del = `${RESOURCE_PLAYLISTS_API}/deletePlaylist/${id}`;
    expect((await kit.call(owner, 'DELETE', `${del}/${viewer.userId}`)).statusCode).toBe(403);
    expect((await kit.call(platformAdmin(await kit.newUser()), 'DELETE', `${del}/1`)).statusCode).toBe(403);

    // Saved playlists and items, with progress, come back in the library.
    expect(
      (await kit.call(viewer, 'POST', `${RESOURCE_LIBRARY_API}/saveEntry`, { playlist_id: id, saved: true }))
        .statusCode,
    ).toBe(200);
    const progress = `${RESOURCE_LIBRARY_API}/updateProgress/${video.item_id}`;
    expect(
      (await kit.call(viewer, 'PUT', progress, { position_seconds: 42, progress_percent: 30 })).json().data,
    ).toEqual({
      position_seconds: 42,
      progress_percent: 30,
    });
    expect((await kit.call(viewer, 'PUT', progress, { position_seconds: -1 })).statusCode).toBe(400);
    expect((await kit.call(null, 'PUT', progress, { position_seconds: 1 })).statusCode).toBe(401);
    expect(
      (await kit.call(viewer, 'PUT', `${RESOURCE_LIBRARY_API}/updateProgress/${report.item_id}`, {}))
        .statusCode,
    ).toBe(200);
    const hidden = await kit.created(member(await kit.newUser(), await kit.tenant()), {});
    expect(
      (
        await kit.call(viewer, 'POST', `${RESOURCE_LIBRARY_API}/saveEntry`, {
          item_id: hidden.item_id,
          saved: true,
        })
      ).statusCode,
    ).toBe(404);
    const item = (await kit.get(viewer, video.item_id)).json().data;
    expect(item).toMatchObject({ position_seconds: 42, progress_percent: 30, saved: false });
    const library = (await kit.call(viewer, 'GET', `${RESOURCE_LIBRARY_API}/getLibrary`)).json();
    expect(
      library.data.map((e: { item: { item_id: number } | null; playlist: { playlist_id: number } | null }) =>
        e.item ? `item ${e.item.item_id}` : `playlist ${e.playlist?.playlist_id}`,
      ),
    ).toEqual([`item ${video.item_id}`, `playlist ${id}`]);
    expect((await kit.call(null, 'GET', `${RESOURCE_LIBRARY_API}/getLibrary`)).statusCode).toBe(401);
  });
});
