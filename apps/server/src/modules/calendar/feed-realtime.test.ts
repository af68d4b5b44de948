import type { AddressInfo } from 'node:net';
import { AUTH_COOKIE } from '@nexus/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { type OpenedSocket, openSocket, signedInUser } from '../../kernel/realtime/socket-fixture';
import { makeTestDatabase } from '../../test/make-app';

const PUBLIC_ORIGIN = 'http://localhost:18470';
let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let baseUrl: string;
const opened: OpenedSocket[] = [];

beforeAll(async () => {
  ({ database, drop } = await makeTestDatabase());
  app = await buildApp({ database, publicOrigin: PUBLIC_ORIGIN });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const { socket } of opened) socket.close();
  await app.close();
  await drop();
});

describe('resetting the feed address, live', () => {
  it("tells the user's other sockets to read the feed address again, and nobody else's", async () => {
    const owner = await signedInUser(database);
    const other = await signedInUser(database);
    const ownerSocket = await openSocket(baseUrl, { cookie: owner.cookie });
    const otherSocket = await openSocket(baseUrl, { cookie: other.cookie });
    opened.push(ownerSocket, otherSocket);
    const headers = { cookie: `${AUTH_COOKIE}=${owner.cookie}`, origin: PUBLIC_ORIGIN };
    const before = await app.inject({ method: 'GET', url: '/api/calendar/getFeedUrl', headers });
    expect(before.statusCode).toBe(200);
    const message = ownerSocket.next('calendar.feed.reset');
    const reset = await app.inject({ method: 'POST', url: '/api/calendar/resetFeedToken', headers });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data.url).not.toBe(before.json().data.url);
    expect(await message).toEqual({
      type: 'calendar.feed.reset',
      ids: [owner.userId],
      tags: ['CalendarFeed'],
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(otherSocket.messages.map((m) => m.type)).not.toContain('calendar.feed.reset');
  });
});
