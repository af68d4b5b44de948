import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loggerOptions } from './logger';
import { makeTestDatabase } from './test/make-app';

/** Collects what the app's logger writes, one parsed object per line. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}

describe('request logging', () => {
  const opened = makeTestDatabase();
  afterAll(async () => (await opened).drop());

  it('writes one JSON line per request with method, url, status, time and request id', async () => {
    const { database } = await opened;
    const { stream, lines } = capture();
    const options = loggerOptions({ logLevel: 'info' });
    const app = await buildApp({ database, logger: { ...(options as object), stream } });
    await app.ready();
    const before = lines.length;
    const response = await app.inject({ method: 'GET', url: '/healthz?probe=1' });
    const missing = await app.inject({ method: 'GET', url: '/api/no-such-route' });
    await app.close();
    const written = lines.slice(before).filter((line) => !line.includes('"closing'));
    expect(written).toHaveLength(2);
    const [ok, notFound] = written.map((line) => JSON.parse(line));
    expect(ok).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      url: '/healthz?probe=1',
      statusCode: 200,
      reqId: response.headers['x-request-id'],
    });
    expect(typeof ok.responseTime).toBe('number');
    expect(notFound).toMatchObject({ url: '/api/no-such-route', statusCode: 404 });
    expect(notFound.reqId).toBe(missing.headers['x-request-id']);
  });

  it('prints pretty lines only when asked (npm run dev), JSON otherwise, production or not', () => {
    expect(loggerOptions({ logLevel: 'info' })).not.toHaveProperty('transport');
    expect(loggerOptions({ logLevel: 'warn' }, { pretty: true })).toHaveProperty('transport');
  });
});
