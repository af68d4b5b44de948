import type { AddressInfo } from 'node:net';
import { REALTIME_JOIN, REALTIME_MESSAGES, type RealtimeAck } from '@nexus/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { sessionCache } from '../../auth/session-cache';
import { revokeSession } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { userRoles } from '../../db/schema';
import { makeTenant } from '../../test/factories';
import { makeTestDatabase } from '../../test/make-app';
import { type OpenedSocket, openSocket, pause, signedInUser } from './socket-fixture';

const PUBLIC_ORIGIN = 'http://localhost:8130';
let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let baseUrl: string;
const opened: OpenedSocket[] = [];

async function open(options: Parameters<typeof openSocket>[1]) {
  const socket = await openSocket(baseUrl, options);
  opened.push(socket);
  return socket;
}

beforeAll(async () => {
  ({ database, drop } = await makeTestDatabase());
  app = await buildApp({ database, publicOrigin: PUBLIC_ORIGIN });
  // A kind an area would register: topics 1 to 9 exist, and only a tenant's members may follow its.
  app.realtime.rooms.register('topic', (actor, id) => actor.tenantId !== null && Number(id) < 10);
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const { socket } of opened) socket.close();
  await app.close();
  await drop();
});

const note = (type: string) => ({ type, ids: [1], tags: ['User'] });

describe('socket handshake', () => {
  it('refuses a socket without a session, with a message saying so', async () => {
    await expect(openSocket(baseUrl)).rejects.toThrow(REALTIME_MESSAGES.signedOut);
    await expect(openSocket(baseUrl, { cookie: 'not-a-session' })).rejects.toThrow(
      REALTIME_MESSAGES.signedOut,
    );
  });

  it('refuses a foreign origin even with a valid session', async () => {
    const user = await signedInUser(database);
    await expect(
      openSocket(baseUrl, { cookie: user.cookie, origin: 'https://evil.example' }),
    ).rejects.toThrow(REALTIME_MESSAGES.originRefused);
  });

  it('accepts the public origin, the address the browser used, and a client without Origin', async () => {
    const user = await signedInUser(database);
    await expect(open({ cookie: user.cookie, origin: PUBLIC_ORIGIN })).resolves.toBeTruthy();
    await expect(open({ cookie: user.cookie, origin: baseUrl })).resolves.toBeTruthy();
    await expect(open({ cookie: user.cookie })).resolves.toBeTruthy();
  });
});

describe('rooms', () => {
  it("delivers a user's emits to that user's sockets only", async () => {
    const alice = await signedInUser(database);
    const bob = await signedInUser(database);
    const aliceSocket = await open({ cookie: alice.cookie, origin: PUBLIC_ORIGIN });
    const bobSocket = await open({ cookie: bob.cookie, origin: PUBLIC_ORIGIN });
    const received = aliceSocket.next('note.for-alice');
    app.realtime.toUser(alice.userId).emit(note('note.for-alice'));
    await expect(received).resolves.toEqual(note('note.for-alice'));
    await pause(200);
    expect(bobSocket.messages.map((m) => m.type)).not.toContain('note.for-alice');
  });

  it("never gives a tenant A socket tenant B's events", async () => {
    const tenantA = await makeTenant(database);
    const tenantB = await makeTenant(database);
    const inA = await signedInUser(database, [tenantA.tenant_id]);
    const inB = await signedInUser(database, [tenantB.tenant_id]);
    const socketA = await open({ cookie: inA.cookie, origin: PUBLIC_ORIGIN });
    const socketB = await open({ cookie: inB.cookie, origin: PUBLIC_ORIGIN });
    const gotB = socketB.next('tenant.b');
    const gotA = socketA.next('tenant.a');
    app.realtime.toTenant(tenantB.tenant_id).emit(note('tenant.b'));
    app.realtime.toTenant(tenantA.tenant_id).emit(note('tenant.a'));
    await Promise.all([gotA, gotB]);
    await pause(200);
    expect(socketA.messages.map((m) => m.type)).toEqual(['tenant.a']);
    expect(socketB.messages.map((m) => m.type)).toEqual(['tenant.b']);
  });

  it('joins an area room only where the area allows it', async () => {
    const tenant = await makeTenant(database);
    const member = await signedInUser(database, [tenant.tenant_id]);
    const stranger = await signedInUser(database);
    const socket = await open({ cookie: member.cookie, origin: PUBLIC_ORIGIN });
    const other = await open({ cookie: stranger.cookie, origin: PUBLIC_ORIGIN });
    const join = (s: OpenedSocket, payload: unknown) =>
      s.socket.timeout(3000).emitWithAck(REALTIME_JOIN, payload) as Promise<RealtimeAck>;

    expect(await join(socket, { kind: 'topic', id: 3, tenantId: tenant.tenant_id })).toEqual({
      ok: true,
      room: 'topic:3',
    });
    expect(await join(socket, { kind: 'topic', id: 30, tenantId: tenant.tenant_id })).toEqual({
      ok: false,
      message: REALTIME_MESSAGES.roomRefused,
    });
    // Not a member of the tenant it names, and no tenant at all: both refused by the area's rule.
    expect(await join(other, { kind: 'topic', id: 3, tenantId: tenant.tenant_id })).toMatchObject({
      ok: false,
    });
    expect(await join(other, { kind: 'topic', id: 3 })).toMatchObject({ ok: false });
    // Kernel rooms and unknown kinds are never joined on request.
    expect(await join(other, { kind: 'tenant', id: tenant.tenant_id })).toEqual({
      ok: false,
      message: REALTIME_MESSAGES.roomUnknown,
    });
    expect(await join(other, { kind: 'user', id: member.userId })).toMatchObject({ ok: false });

    const got = socket.next('topic.replied');
    app.realtime.toRoom('topic', 3).emit(note('topic.replied'));
    await got;
    await pause(200);
    expect(other.messages.map((m) => m.type)).not.toContain('topic.replied');
  });

  it('refuses to register a kernel room kind or one kind twice', () => {
    expect(() => app.realtime.rooms.register('tenant', () => true)).toThrow();
    expect(() => app.realtime.rooms.register('topic', () => true)).toThrow();
  });
});

describe('sessions and access changes', () => {
  it('disconnects the sockets of a session that ends, and they receive nothing after', async () => {
    const user = await signedInUser(database);
    const other = await signedInUser(database, []);
    const socket = await open({ cookie: user.cookie, origin: PUBLIC_ORIGIN });
    const kept = await open({ cookie: other.cookie, origin: PUBLIC_ORIGIN });
    const closed = new Promise((resolve) => socket.socket.once('disconnect', resolve));
    await revokeSession(database.db, user.sessionId);
    await closed;
    app.realtime.toUser(user.userId).emit(note('after.signout'));
    await pause(200);
    expect(socket.messages).toEqual([]);
    expect(kept.socket.connected).toBe(true);
    // And it may not come back with the ended session.
    await expect(openSocket(baseUrl, { cookie: user.cookie })).rejects.toThrow(REALTIME_MESSAGES.signedOut);
  });

  it("tells a user whose roles change, and moves their socket into the new tenant's room", async () => {
    const tenant = await makeTenant(database);
    const user = await signedInUser(database);
    const socket = await open({ cookie: user.cookie, origin: PUBLIC_ORIGIN });
    await database.system
      .insert(userRoles)
      .values({ user_id: user.userId, role_id: 13, tenant_id: tenant.tenant_id });
    const changed = socket.next('access.changed');
    sessionCache.forgetUser(user.userId);
    expect(await changed).toMatchObject({
      ids: [user.userId],
      tags: expect.arrayContaining(['Menu', 'Role']),
    });
    const got = socket.next('tenant.news');
    app.realtime.toTenant(tenant.tenant_id).emit(note('tenant.news'));
    await got;
  });
});
