import type { AddressInfo } from 'node:net';
import { ANNOUNCEMENT_REALTIME, ANNOUNCEMENTS_API } from '@nexus/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import type { Actor } from '../../http/policy';
import { type OpenedSocket, openSocket, pause, signedInUser } from '../../kernel/realtime/socket-fixture';
import { makeTenant, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeTestDatabase } from '../../test/make-app';

let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let baseUrl: string;
let current: Actor | null = null;
const opened: OpenedSocket[] = [];

beforeAll(async () => {
  ({ database, drop } = await makeTestDatabase());
  app = await buildApp({ database, resolveActor: () => current });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const { socket } of opened) socket.close();
  await app.close();
  await drop();
});

async function socketOf(tenantIds: number[]) {
  const user = await signedInUser(database, tenantIds);
  const socket = await openSocket(baseUrl, { cookie: user.cookie });
  opened.push(socket);
  return socket;
}

async function publishAs(actor: Actor) {
  current = actor;
  const response = await app.inject({
    method: 'POST',
    url: `${ANNOUNCEMENTS_API}/createAnnouncement`,
    payload: { title: 'Live', body: '<p>live</p>', status: 'published' },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.announcement_id as number;
}

describe('announcements in real time', () => {
  it("tells the tenant's open pages of a publish, with the tag their lists refetch, and no other tenant", async () => {
    const tenantA = (await makeTenant(database)).tenant_id;
    const tenantB = (await makeTenant(database)).tenant_id;
    const inA = await socketOf([tenantA]);
    const inB = await socketOf([tenantB]);
    const heard = inA.next(ANNOUNCEMENT_REALTIME.published);
    const admin = await signedInUser(database, [tenantA]);
    const id = await publishAs(tenantAdmin(admin.userId, tenantA));
    await expect(heard).resolves.toEqual({
      type: ANNOUNCEMENT_REALTIME.published,
      ids: [id],
      tags: [ANNOUNCEMENT_REALTIME.tag],
    });
    await pause(200);
    expect(inB.messages.filter((message) => message.type === ANNOUNCEMENT_REALTIME.published)).toEqual([]);
  });

  it('tells every signed-in socket of a platform announcement', async () => {
    const nobodyInParticular = await socketOf([]);
    const heard = nobodyInParticular.next(ANNOUNCEMENT_REALTIME.published);
    const admin = await signedInUser(database);
    const id = await publishAs(platformAdmin(admin.userId));
    await expect(heard).resolves.toMatchObject({ ids: [id], tags: [ANNOUNCEMENT_REALTIME.tag] });
  });
});
