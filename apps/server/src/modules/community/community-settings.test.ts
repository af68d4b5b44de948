import { COMMUNITIES_API, COMMUNITY_LIMITS, COMMUNITY_MESSAGES, FILES_API } from '@nexus/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communities, communityAuditLog } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { multipart, pngBytes, textBytes } from '../../test/upload-fixtures';
import { communityKit } from './test-kit';

/**
 * Editing a community (communities/updateCommunity: who may, bad input, the audit log) and its cover
 * image (which files may be one, and who may read it). Beyond community.test.ts.
 */

let t: TestApp;
let tenantA: number;
let tenantB: number;
let kit: ReturnType<typeof communityKit>;

beforeAll(async () => {
  t = await makeApp();
  tenantA = (await makeTenant(t.database)).tenant_id;
  tenantB = (await makeTenant(t.database)).tenant_id;
  kit = communityKit(t, tenantA);
});
afterAll(async () => {
  await t?.close();
});

const communityRow = async (id: number) =>
  (await t.database.system.select().from(communities).where(eq(communities.community_id, id)))[0]!;

const auditActions = async (communityId: number) =>
  (
    await t.database.system
      .select({ action: communityAuditLog.action })
      .from(communityAuditLog)
      .where(eq(communityAuditLog.community_id, communityId))
  ).map((row) => row.action);

describe('communities/updateCommunity', () => {
  it('lets the owner, a moderator and a tenant admin edit; the change is read back and audited', async () => {
    const owner = await kit.person();
    const id = await kit.community(owner.actor);
    const edited = await kit.call(owner.actor, 'PUT', `${COMMUNITIES_API}/updateCommunity/${id}`, {
      name: '  Makers Guild ',
      description: 'Tools and people',
      visibility: 'private',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      community_id: id,
      name: 'Makers Guild',
      description: 'Tools and people',
      visibility: 'private',
      my_role: 'owner',
      member_count: 1,
    });
    const read = await kit.call(owner.actor, 'GET', `${COMMUNITIES_API}/getCommunity/${id}`);
    expect(read.json().data).toMatchObject({ name: 'Makers Guild', visibility: 'private' });
    // An outsider of the tenant now sees the name only.
    const outsider = await kit.person();
    expect(
      (await kit.call(outsider.actor, 'GET', `${COMMUNITIES_API}/getCommunity/${id}`)).json().data,
    ).toMatchObject({ name: 'Makers Guild', description: null, member_count: null });
    const [entry] = await t.database.system
      .select()
      .from(communityAuditLog)
      .where(and(eq(communityAuditLog.community_id, id), eq(communityAuditLog.action, 'community.updated')));
    expect(entry).toMatchObject({ actor_id: owner.id, detail: 'name, description, visibility' });

    const moderator = await kit.person();
    await kit.call(moderator.actor, 'POST', `${COMMUNITIES_API}/join/${id}`);
    await kit.decide(owner.actor, id, moderator.id, 'approve');
    await kit.decide(owner.actor, id, moderator.id, 'make_moderator');
    const byModerator = await kit.call(moderator.actor, 'PUT', `${COMMUNITIES_API}/updateCommunity/${id}`, {
      description: 'Edited by a moderator',
    });
    expect(byModerator.statusCode, byModerator.body).toBe(200);
    expect(await communityRow(id)).toMatchObject({
      description: 'Edited by a moderator',
      modified_by: moderator.id,
    });

    // A tenant admin moderates the tenant's public communities without belonging to them.
    const admin = await makeUser(t.database);
    const open = await kit.community(owner.actor);
    const byAdmin = await kit.call(
      tenantAdmin(admin.user_id, tenantA),
      'PUT',
      `${COMMUNITIES_API}/updateCommunity/${open}`,
      { name: 'Renamed by an admin' },
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await communityRow(open)).toMatchObject({
      name: 'Renamed by an admin',
      modified_by: admin.user_id,
    });
  });

  it('refuses bad input with 400 and a clear message, changing nothing', async () => {
    const owner = await kit.person();
    const id = await kit.community(owner.actor);
    const before = await communityRow(id);
    const url = `${COMMUNITIES_API}/updateCommunity/${id}`;
    const nothing = await kit.call(owner.actor, 'PUT', url, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe('Nothing to change.');
    const blank = await kit.call(owner.actor, 'PUT', url, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain(COMMUNITY_MESSAGES.nameEmpty);
    const long = await kit.call(owner.actor, 'PUT', url, {
      description: 'x'.repeat(COMMUNITY_LIMITS.descriptionMax + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain(`At most ${COMMUNITY_LIMITS.descriptionMax} characters.`);
    for (const payload of [{ visibility: 'hidden' }, { owner_user_id: owner.id }, { name: 7 }]) {
      const response = await kit.call(owner.actor, 'PUT', url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().details).toBeDefined();
    }
    for (const badId of ['abc', '0']) {
      const response = await kit.call(owner.actor, 'PUT', `${COMMUNITIES_API}/updateCommunity/${badId}`, {
        name: 'x',
      });
      expect(response.statusCode, badId).toBe(400);
    }
    expect(await communityRow(id)).toEqual(before);
    expect(await auditActions(id)).toEqual(['community.created']);
  });

  it('answers 401 signed out, 403 to a member, 404 to outsiders of a private one and to another tenant', async () => {
    const owner = await kit.person();
    const joiner = await kit.person();
    const outsider = await kit.person();
    const stranger = await kit.person(tenantB);
    const strangerAdmin = await makeUser(t.database);
    const open = await kit.community(owner.actor);
    const closed = await kit.community(owner.actor, { visibility: 'private' });
    await kit.join(joiner.actor, open);
    const before = [await communityRow(open), await communityRow(closed)];
    const edit = (actor: Actor | null, id: number) =>
      kit.call(actor, 'PUT', `${COMMUNITIES_API}/updateCommunity/${id}`, { name: 'Taken over' });

    expect((await edit(null, open)).statusCode).toBe(401);
    const asMember = await edit(joiner.actor, open);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().message).toBe(COMMUNITY_MESSAGES.moderatorsOnly);
    const asOutsider = await edit(outsider.actor, closed);
    expect(asOutsider.statusCode).toBe(404);
    expect(asOutsider.json().message).toBe(COMMUNITY_MESSAGES.notFound);
    for (const actor of [stranger.actor, tenantAdmin(strangerAdmin.user_id, tenantB)]) {
      expect((await edit(actor, open)).statusCode).toBe(404);
      expect((await edit(actor, closed)).statusCode).toBe(404);
    }
    expect((await edit(owner.actor, 2_147_000_000)).statusCode).toBe(404);
    expect([await communityRow(open), await communityRow(closed)]).toEqual(before);
    expect(await auditActions(open)).toEqual(['community.created']);
  });
});

describe('community covers', () => {
  async function upload(actor: Actor, name: string, type: 'image/png' | 'text/plain') {
    t.actAs(actor);
    const data = type === 'image/png' ? await pngBytes(40, 20) : textBytes(300);
    const response = await t.app.inject({
      method: 'POST',
      url: `${FILES_API}/upload`,
      ...multipart({ name, type, data }, { purpose: type === 'image/png' ? 'media' : 'document' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.file_id as string;
  }
  const coverOf = async (communityId: number) =>
    (
      await t.database.system
        .select({ cover: communities.cover_file_id })
        .from(communities)
        .where(eq(communities.community_id, communityId))
    )[0]?.cover;

  it('takes an image the owner uploaded, on create and on edit', async () => {
    const owner = await kit.person();
    const first = await upload(owner.actor, 'cover.png', 'image/png');
    const communityId = await kit.community(owner.actor, { cover_file_id: first });
    expect(await coverOf(communityId)).toBe(first);
    const second = await upload(owner.actor, 'cover-2.png', 'image/png');
    const edited = await kit.call(owner.actor, 'PUT', `${COMMUNITIES_API}/updateCommunity/${communityId}`, {
      cover_file_id: second,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await coverOf(communityId)).toBe(second);
  });

  it('shows the cover to whoever may read the community, a private one’s to nobody outside it', async () => {
    const owner = await kit.person(tenantA);
    const outsider = await kit.person(tenantB);
    const content = (actor: Actor | null, fileId: string) =>
      kit.call(actor, 'GET', `${FILES_API}/content/${fileId}`);
    const open = await upload(owner.actor, 'open.png', 'image/png');
    const closed = await upload(owner.actor, 'closed.png', 'image/png');
    // Media is counted against tenant A, whose members alone may read it by its purpose.
    expect((await content(outsider.actor, open)).statusCode).toBe(404);
    await kit.community(owner.actor, { name: 'Open platform makers', tenant_id: null, cover_file_id: open });
    await kit.community(owner.actor, {
      name: 'Closed platform makers',
      tenant_id: null,
      visibility: 'private',
      cover_file_id: closed,
    });
    const shown = await content(outsider.actor, open);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect((await content(outsider.actor, closed)).statusCode).toBe(404);
    expect((await content(owner.actor, closed)).statusCode).toBe(200);
    expect((await content(null, open)).statusCode).toBe(401);
  });

  it('refuses someone else’s image, a document, an unknown id and a malformed one, and changes nothing', async () => {
    const owner = await kit.person();
    const other = await kit.person();
    const communityId = await kit.community(owner.actor);
    const theirs = await upload(other.actor, 'theirs.png', 'image/png');
    const document = await upload(owner.actor, 'notes.txt', 'text/plain');
    for (const cover of [theirs, document, '00000000-0000-4000-8000-000000000000']) {
      const created = await kit.call(owner.actor, 'POST', `${COMMUNITIES_API}/createCommunity`, {
        name: `Covered ${cover.slice(0, 8)}`,
        cover_file_id: cover,
      });
      expect(created.statusCode).toBe(400);
      expect(created.json().message).toBe(COMMUNITY_MESSAGES.coverNotFound);
      const edited = await kit.call(owner.actor, 'PUT', `${COMMUNITIES_API}/updateCommunity/${communityId}`, {
        cover_file_id: cover,
      });
      expect(edited.statusCode).toBe(400);
      expect(edited.json().message).toBe(COMMUNITY_MESSAGES.coverNotFound);
    }
    const malformed = await kit.call(
      owner.actor,
      'PUT',
      `${COMMUNITIES_API}/updateCommunity/${communityId}`,
      {
        cover_file_id: 'not-a-file',
      },
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('cover_file_id');
    expect(await coverOf(communityId)).toBeNull();
    const named = await t.database.system
      .select({ id: communities.community_id })
      .from(communities)
      .where(eq(communities.name, `Covered ${theirs.slice(0, 8)}`));
    expect(named).toEqual([]);
  });
});
