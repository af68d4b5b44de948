import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { makeApp, type TestApp } from './test/make-app';

let t: TestApp;
let staticDir: string;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'nexus-spa-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Nexus SPA</title>');
  writeFileSync(join(staticDir, 'assets/app-abc123.js'), 'console.log(1)');
  t = await makeApp({ staticDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('platform endpoints', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('serves an OpenAPI 3.1 document generated from the zod schemas', async () => {
    const response = await t.app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(
      doc.paths['/operations/system/customMenus/getMenu'].get.parameters.map((p: { name: string }) => p.name),
    ).toContain('filterFields');
    expect((await t.app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });

  it('sets helmet headers and a request id', async () => {
    const response = await t.app.inject('/healthz');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    // Only the two video players (issue 23 point 4) and the library's own files (its PDF preview, an
    // <object> the browser's viewer frames) may be framed or embedded.
    const directive = (name: string) =>
      String(response.headers['content-security-policy'])
        .split(';')
        .find((part) => part.startsWith(name));
    const files = 'http://localhost:8080/api/resources/files/content/';
    expect(directive('frame-src')).toBe(
      `frame-src https://www.youtube-nocookie.com https://player.vimeo.com ${files}`,
    );
    expect(directive('object-src')).toBe(`object-src ${files}`);
    expect(response.headers['x-request-id']).toBeTruthy();
  });
});

describe('not found and the SPA', () => {
  it.each(['/api/nope', '/operations/nope/x', '/auth/nope', '/api'])(
    'answers JSON 404 for %s',
    async (url) => {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    },
  );

  it('serves index.html for a client route, without caching it', async () => {
    const response = await t.app.inject('/programs/overview/12');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Nexus SPA');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves the SPA for /auth, a public client route, while /auth/* stays the API', async () => {
    expect((await t.app.inject('/auth')).body).toContain('Nexus SPA');
    const unknown = await t.app.inject('/auth/no-such-endpoint');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves hashed assets with a long cache and 404s a missing asset', async () => {
    const asset = await t.app.inject('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject('/assets/missing.js')).statusCode).toBe(404);
    expect((await t.app.inject('/../../etc/passwd')).body).toContain('Nexus SPA');
  });

  it('answers a not-built page when the SPA is missing', async () => {
    const app = await buildApp({ database: t.database, staticDir: join(staticDir, 'nowhere') });
    const response = await app.inject('/login');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('not built');
    await app.close();
  });
});

describe('errors and policies', () => {
  it('answers a thrown bug with a generic 500 and no internals', async () => {
    const app = await buildApp({ database: t.database });
    app.get('/api/boom', { config: { policy: 'public' } }, async () => {
      throw new Error('secret internals');
    });
    const response = await app.inject('/api/boom');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: 'Something went wrong. Please try again.',
      code: 'INTERNAL_ERROR',
    });
    await app.close();
  });

  it('refuses to register a route without a policy', async () => {
    const app = await buildApp({ database: t.database });
    expect(() => app.get('/api/unguarded', async () => 'x')).toThrow(/no policy/);
    await app.close();
  });

  it('answers 413 to a declared oversized body before asking who is calling', async () => {
    t.actAs(null);
    const response = await t.app.inject({
      method: 'POST',
      url: '/operations/system/customMenus/createMenu',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ menu_name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers 401 without an actor resolver, as the product does until sign-in exists', async () => {
    const app = await buildApp({ database: t.database });
    expect((await app.inject('/operations/user/userSettings/getUserSetting')).statusCode).toBe(401);
    await app.close();
  });

  it('lists every route with its policy', () => {
    const table = [...t.app.routePolicies]
      .filter((route) => !route.url.startsWith('/api/docs'))
      .map((route) => `${route.method} ${route.url} -> ${route.policy}`)
      .sort();
    expect(table).toMatchSnapshot();
    expect(t.app.routePolicies.every((route) => route.policy)).toBe(true);
  });
});
