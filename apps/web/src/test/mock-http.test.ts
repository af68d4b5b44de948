import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage, errorStatus, http } from '../shared/api/http';
import { httpError, mockHttp, reply } from './mock-http';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('mockHttp', () => {
  it('answers by method and path, giving the handler the query, body and path params', async () => {
    const server = mockHttp()
      .get('/api/things/:id', ({ params, query }) => ({ id: params.id, query }))
      .post('/api/things/:id', ({ body }) => ({ saved: body }));
    const read = await http.request({ url: '/api/things/5?sort=new', params: { limit: 8 } });
    expect(read.status).toBe(200);
    expect(read.data).toEqual({ id: '5', query: { sort: 'new', limit: 8 } });
    const write = await http.request({ url: '/api/things/5', method: 'POST', data: { name: 'Ada' } });
    expect(write.data).toEqual({ saved: { name: 'Ada' } });
    expect(server.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/things/5',
      'POST /api/things/5',
    ]);
    expect(server.callsTo('POST', '/api/things/:id')[0]?.body).toEqual({ name: 'Ada' });
  });

  it('matches a RegExp route, named groups becoming params, and lets the route added last win', async () => {
    mockHttp()
      .get(/\/getTopic\/(?<id>\d+)$/, ({ params }) => ({ topic: Number(params.id) }))
      .get('/api/forum/getTopic/9', { topic: 'the override' });
    expect((await http.get('/api/forum/getTopic/5')).data).toEqual({ topic: 5 });
    expect((await http.get('/api/forum/getTopic/9')).data).toEqual({ topic: 'the override' });
  });

  it('turns a returned or thrown reply into the status the app sees, with the server message', async () => {
    mockHttp()
      .post('/api/made', reply(201, { id: 1 }))
      .get('/api/broken', () => {
        throw httpError(500, 'Database down', { code: 'DB' });
      });
    const made = await http.post('/api/made');
    expect([made.status, made.data]).toEqual([201, { id: 1 }]);
    const failed = await http.get('/api/broken').catch((error: unknown) => error);
    expect(errorStatus(failed)).toBe(500);
    expect(errorMessage(failed, 'fallback')).toBe('Database down');
  });

  it('answers a request no route matches with a 404 that names it, and lists it', async () => {
    const server = mockHttp().get('/api/known', {});
    const failed = await http.delete('/api/unknown/3').catch((error: unknown) => error);
    expect(errorStatus(failed)).toBe(404);
    expect(errorMessage(failed, 'fallback')).toBe('mockHttp: no route for DELETE /api/unknown/3');
    expect(server.unmatched).toEqual(['DELETE /api/unknown/3']);
  });

  it('passes FormData through as sent, and a Blob answer back for a download', async () => {
    const server = mockHttp()
      .post('/api/upload', { ok: true })
      .get('/api/download', () => new Blob(['BEGIN:VCALENDAR']));
    const form = new FormData();
    form.append('purpose', 'media');
    await http.post('/api/upload', form);
    expect((server.calls[0]!.body as FormData).get('purpose')).toBe('media');
    const download = await http.get('/api/download', { responseType: 'blob' });
    expect(download.data).toBeInstanceOf(Blob);
    expect(server.calls[1]?.responseType).toBe('blob');
  });
});
