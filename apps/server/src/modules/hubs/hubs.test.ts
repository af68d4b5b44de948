import { HUB_DEFINITIONS, HUB_MESSAGES, HUB_PAGES_API, type HubContent } from '@nexus/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client';
import { hubPages } from '../../db/schema';
import { seedHubPages } from '../../db/seed/demo-hubs';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

/** Issue 22: hub pages read by path, edited as drafts and published, by whom. */

let t: TestApp;
let tenantA: number;
let tenantB: number;
let adminId: number;
let ideaHubId: number;

const content = (title = 'Our welcome page'): HubContent => ({
  title,
  intro: 'What our organisation offers this term.',
  audience: 'Our members',
  theme: ['welcome'],
  blocks: [
    { kind: 'events', title: 'Upcoming events', filter: { when: 'upcoming' } },
    { kind: 'programs', title: 'Programs to join', limit: 3 },
  ],
});

function call(
  actor: Actor | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) {
  t.actAs(actor);
  return t.app.inject({
    method,
    url: `${HUB_PAGES_API}/${url}`,
    ...(payload === undefined ? {} : { payload }),
  });
}
const byPath = (actor: Actor | null, query: string) => call(actor, 'GET', `byPath?${query}`);

beforeAll(async () => {
  t = await makeApp();
  await t.database.system.transaction((tx) => seedHubPages(tx as unknown as Tx));
  tenantA = (await makeTenant(t.database)).tenant_id;
  tenantB = (await makeTenant(t.database)).tenant_id;
  adminId = (await makeUser(t.database)).user_id;
  const [idea] = await t.database.system
    .select({ id: hubPages.hub_id })
    .from(hubPages)
    .where(and(eq(hubPages.path, '/idea-hub'), isNull(hubPages.tenant_id)));
  ideaHubId = idea!.id;
});
afterAll(async () => {
  await t?.close();
});

describe('the seed', () => {
  it('publishes every default definition once, and a second run adds nothing', async () => {
    const rows = await t.database.system.select().from(hubPages).where(isNull(hubPages.tenant_id));
    expect(rows.length).toBe(HUB_DEFINITIONS.length);
    for (const row of rows) expect(row.published).toEqual(row.draft);
    expect(await t.database.system.transaction((tx) => seedHubPages(tx as unknown as Tx))).toBe(0);
  });
});

describe('byPath', () => {
  it('answers the published definition to anyone signed in, in any case of the path', async () => {
    const user = member((await makeUser(t.database)).user_id, null);
    const response = await byPath(user, 'path=/IDEA-hub/');
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data.path).toBe('/idea-hub');
    expect(data.definition.title).toBe('Idea hub');
    expect(data.editable).toBe(false);
    expect((await byPath(platformAdmin(adminId), 'path=/idea-hub')).json().data.editable).toBe(true);
  });

  it('asks a signed-out visitor to sign in for a private hub, and says 404 for an unknown one', async () => {
    expect((await byPath(null, 'path=/idea-hub')).statusCode).toBe(401);
    expect((await byPath(member(adminId, null), 'path=/no-such-hub')).statusCode).toBe(404);
    expect((await byPath(null, '')).statusCode).toBe(400);
  });

  it('shows a public hub signed out', async () => {
    await t.database.system.insert(hubPages).values({
      path: '/open-test-hub',
      group: 'hub',
      is_public: true,
      title: 'Open',
      draft: content('Open'),
      published: content('Open'),
    });
    const response = await byPath(null, 'path=/open-test-hub');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.editable).toBe(false);
  });
});

describe('editing a platform hub', () => {
  it('saves a draft that visitors do not see until it is published', async () => {
    const admin = platformAdmin(adminId);
    const draft = { ...content('Idea hub, renewed') };
    const saved = await call(admin, 'PUT', `updateHub/${ideaHubId}`, { draft });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.has_changes).toBe(true);
    expect((await byPath(member(adminId, null), 'path=/idea-hub')).json().data.definition.title).toBe(
      'Idea hub',
    );

    const published = await call(admin, 'POST', `publishHub/${ideaHubId}`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data.has_changes).toBe(false);
    expect(published.json().data.published_by).toBe(adminId);
    const seen = (await byPath(member(adminId, null), 'path=/idea-hub')).json().data;
    expect(seen.definition.title).toBe('Idea hub, renewed');
    expect(seen.definition.blocks.map((block: { title: string }) => block.title)).toEqual([
      'Upcoming events',
      'Programs to join',
    ]);
  });

  it('is refused to a tenant admin (403 with the reason), a student (403) and the signed out (401)', async () => {
    const draft = content('Taken over');
    const tenantAdminA = tenantAdmin((await makeUser(t.database)).user_id, tenantA);
    const refused = await call(tenantAdminA, 'PUT', `updateHub/${ideaHubId}`, { draft });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(HUB_MESSAGES.platformOnly);
    expect((await call(tenantAdminA, 'POST', `publishHub/${ideaHubId}`)).statusCode).toBe(403);
    const student = member((await makeUser(t.database)).user_id, tenantA);
    expect((await call(student, 'PUT', `updateHub/${ideaHubId}`, { draft })).statusCode).toBe(403);
    expect((await call(student, 'GET', `getHub/${ideaHubId}`)).statusCode).toBe(403);
    expect((await call(null, 'PUT', `updateHub/${ideaHubId}`, { draft })).statusCode).toBe(401);
    const [row] = await t.database.system.select().from(hubPages).where(eq(hubPages.hub_id, ideaHubId));
    expect(row?.draft.title).not.toBe('Taken over');
  });

  it('refuses invalid blocks with a 400 that names the field, and changes nothing', async () => {
    const admin = platformAdmin(adminId);
    const before = await call(admin, 'GET', `getHub/${ideaHubId}`);
    const bad = async (blocks: unknown[], path: string) => {
      const response = await call(admin, 'PUT', `updateHub/${ideaHubId}`, {
        draft: { ...content(), blocks },
      });
      expect(response.statusCode, JSON.stringify(blocks)).toBe(400);
      expect(JSON.stringify(response.json().details)).toContain(path);
    };
    await bad([], 'blocks');
    await bad([{ kind: 'weather', title: 'Sun' }], 'blocks');
    await bad([{ kind: 'events', title: 'A', limit: 99 }], 'limit');
    await bad([{ kind: 'people', title: 'A', filter: { view: 'mine' } }], 'filter');
    await bad(
      [
        { kind: 'events', title: 'Same' },
        { kind: 'jobs', title: 'Same' },
      ],
      'title',
    );
    const after = await call(admin, 'GET', `getHub/${ideaHubId}`);
    expect(after.json().data).toEqual(before.json().data);
  });
});

describe("a tenant's own hub pages", () => {
  let hubId: number;

  it('are made by its admin as a draft, listed, published, and read by its members only', async () => {
    const admin = tenantAdmin((await makeUser(t.database)).user_id, tenantA);
    const made = await call(admin, 'POST', 'createHub', { slug: 'welcome', draft: content() });
    expect(made.statusCode, made.body).toBe(201);
    hubId = made.json().data.hub_id;
    expect(made.json().data).toMatchObject({
      tenant_id: tenantA,
      path: 'welcome',
      group: 'tenant',
      published: null,
    });
    const again = await call(admin, 'POST', 'createHub', { slug: 'welcome', draft: content() });
    expect(again.statusCode).toBe(409);
    expect((await call(admin, 'POST', 'createHub', { slug: 'Bad Slug', draft: content() })).statusCode).toBe(
      400,
    );

    const list = await call(admin, 'GET', 'getHubs');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((row: { hub_id: number }) => row.hub_id)).toEqual([hubId]);

    const memberA = member((await makeUser(t.database)).user_id, tenantA);
    // Unpublished: nobody reads it yet.
    expect((await byPath(memberA, `path=welcome&tenant_id=${tenantA}`)).statusCode).toBe(404);
    expect((await call(admin, 'POST', `publishHub/${hubId}`)).statusCode).toBe(200);
    const read = await byPath(memberA, `path=welcome&tenant_id=${tenantA}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.definition.title).toBe('Our welcome page');
    expect(read.json().data.editable).toBe(false);
    const tenantList = await call(memberA, 'GET', 'getHubs?view=tenant');
    expect(tenantList.json().data.map((row: { hub_id: number }) => row.hub_id)).toEqual([hubId]);

    const memberB = member((await makeUser(t.database)).user_id, tenantB);
    expect((await byPath(memberB, `path=welcome&tenant_id=${tenantA}`)).statusCode).toBe(404);
    expect((await byPath(null, `path=welcome&tenant_id=${tenantA}`)).statusCode).toBe(401);
  });

  it('are not reached by the admin of another tenant: 404 as for a missing hub, and nothing changes', async () => {
    const adminB = tenantAdmin((await makeUser(t.database)).user_id, tenantB);
    const [before] = await t.database.system.select().from(hubPages).where(eq(hubPages.hub_id, hubId));
    expect((await call(adminB, 'GET', `getHub/${hubId}`)).statusCode).toBe(404);
    expect((await call(adminB, 'PUT', `updateHub/${hubId}`, { draft: content('B') })).statusCode).toBe(404);
    expect((await call(adminB, 'POST', `publishHub/${hubId}`)).statusCode).toBe(404);
    expect((await call(adminB, 'DELETE', `deleteHub/${hubId}/${adminB.userId}`)).statusCode).toBe(404);
    expect((await call(adminB, 'GET', 'getHubs')).json().data).toEqual([]);
    const [after] = await t.database.system.select().from(hubPages).where(eq(hubPages.hub_id, hubId));
    expect(after).toEqual(before);
  });

  it('are not made by a student, nor by a platform admin outside a tenant', async () => {
    const student = member((await makeUser(t.database)).user_id, tenantA);
    expect((await call(student, 'POST', 'createHub', { slug: 'mine', draft: content() })).statusCode).toBe(
      403,
    );
    const outside = await call(platformAdmin(adminId), 'POST', 'createHub', {
      slug: 'mine',
      draft: content(),
    });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe(HUB_MESSAGES.tenantOnly);
    expect((await call(student, 'GET', 'getHubs')).json().data).toEqual([]);
  });

  it('are deleted by their admin (soft), while platform hubs cannot be', async () => {
    const admin = tenantAdmin((await makeUser(t.database)).user_id, tenantA);
    expect((await call(admin, 'DELETE', `deleteHub/${hubId}/${admin.userId + 1}`)).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `deleteHub/${hubId}/${admin.userId}`)).statusCode).toBe(200);
    expect((await byPath(member(adminId, tenantA), `path=welcome&tenant_id=${tenantA}`)).statusCode).toBe(
      404,
    );
    const platform = await call(platformAdmin(adminId), 'DELETE', `deleteHub/${ideaHubId}/${adminId}`);
    expect(platform.statusCode).toBe(403);
  });

  it('list platform hubs for a platform admin with only the defaults', async () => {
    const response = await call(platformAdmin(adminId), 'GET', 'getHubs');
    expect(response.statusCode).toBe(200);
    expect(response.json().meta.total).toBeGreaterThanOrEqual(HUB_DEFINITIONS.length);
    expect(response.json().data).toHaveLength(10);
  });
});
