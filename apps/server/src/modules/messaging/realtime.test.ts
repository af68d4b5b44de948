import type { AddressInfo } from 'node:net';
import {
  AUTH_COOKIE,
  CONVERSATION_ROOM,
  CONVERSATIONS_API,
  MESSAGES_API,
  REALTIME_JOIN,
  type RealtimeAck,
} from '@nexus/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { type OpenedSocket, openSocket, pause, signedInUser } from '../../kernel/realtime/socket-fixture';
import { makeTenant } from '../../test/factories';
import { makeTestDatabase } from '../../test/make-app';

let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let baseUrl: string;
const opened: OpenedSocket[] = [];

beforeAll(async () => {
  ({ database, drop } = await makeTestDatabase());
  app = await buildApp({ database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const { socket } of opened) socket.close();
  await app.close();
  await drop();
});

async function socketOf(cookie: string) {
  const socket = await openSocket(baseUrl, { cookie });
  opened.push(socket);
  return socket;
}

describe('live delivery', () => {
  it("emits a new message to the recipient's socket, never to a third user's", async () => {
    const tenant = (await makeTenant(database)).tenant_id;
    const a = await signedInUser(database, [tenant]);
    const b = await signedInUser(database, [tenant]);
    const c = await signedInUser(database, [tenant]);
    const [socketB, socketC] = [await socketOf(b.cookie), await socketOf(c.cookie)];
    const headers = { cookie: `${AUTH_COOKIE}=${a.cookie}` };
    const created = await app.inject({
      method: 'POST',
      url: `${CONVERSATIONS_API}/createConversation`,
      headers,
      payload: { member_ids: [b.userId] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const conversationId = created.json().data.conversation_id;
    const arriving = socketB.next('message.created');
    const sent = await app.inject({
      method: 'POST',
      url: `${MESSAGES_API}/createMessage`,
      headers,
      payload: { conversation_id: conversationId, body: 'live hello' },
    });
    expect(sent.statusCode).toBe(201);
    const message = await arriving;
    expect(message.ids).toEqual([conversationId, sent.json().data.message_id, a.userId]);
    expect(message.tags).toContain('UnreadCount');
    await pause(300);
    expect(socketC.messages.filter((m) => m.type.startsWith('message.'))).toEqual([]);
  });

  it('lets only members follow a conversation room', async () => {
    const tenant = (await makeTenant(database)).tenant_id;
    const a = await signedInUser(database, [tenant]);
    const b = await signedInUser(database, [tenant]);
    const c = await signedInUser(database, [tenant]);
    const created = await app.inject({
      method: 'POST',
      url: `${CONVERSATIONS_API}/createConversation`,
      headers: { cookie: `${AUTH_COOKIE}=${a.cookie}` },
      payload: { member_ids: [b.userId] },
    });
    const id = created.json().data.conversation_id;
    const join = (socket: OpenedSocket) =>
      new Promise<RealtimeAck>((resolve) =>
        socket.socket.emit(REALTIME_JOIN, { kind: CONVERSATION_ROOM, id }, resolve),
      );
    expect((await join(await socketOf(b.cookie))).ok).toBe(true);
    expect((await join(await socketOf(c.cookie))).ok).toBe(false);
  });
});
