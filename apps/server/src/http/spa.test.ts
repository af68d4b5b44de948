import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../test/make-app';

const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const html = `<!doctype html><title>Nexus SPA</title>${'<!-- padding -->'.repeat(100)}`;

let t: TestApp;
let staticDir: string;

/** The files the web build writes: each text file with its brotli and gzip siblings. */
function writeWithCompressed(relative: string, text: string): void {
  const file = join(staticDir, relative);
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'nexus-spa-compressed-'));
  mkdirSync(join(staticDir, 'assets'));
  writeWithCompressed('index.html', html);
  writeWithCompressed('assets/app-abc123.js', script);
  // Built before precompression existed: served as it is.
  writeFileSync(join(staticDir, 'assets/plain-def456.js'), script);
  t = await makeApp({ staticDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('precompressed SPA files', () => {
  it('sends the brotli file of a hashed asset to a browser that accepts br', async () => {
    const response = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip file when br is not accepted', async () => {
    const response = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the file itself, still varying on Accept-Encoding, when nothing compressed is accepted', async () => {
    const response = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': '' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(script);
  });

  it('falls back to the file itself when no compressed sibling exists', async () => {
    const response = await t.app.inject({
      url: '/assets/plain-def456.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(script);
  });

  it('sends index.html compressed for a client route, never cached', async () => {
    const response = await t.app.inject({ url: '/lxp', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(html);
  });

  it('keeps document-only headers off hashed scripts but on index.html', async () => {
    const asset = await t.app.inject('/assets/app-abc123.js');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    const page = await t.app.inject('/login');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('route pages (the web build preloads each route chunks)', () => {
  const plain = '<!doctype html><title>Nexus</title>';
  const lxpPage = '<!doctype html><title>Nexus</title><link rel="modulepreload" href="/assets/lxp.js">';
  const invitationPage =
    '<!doctype html><title>Nexus</title><link rel="modulepreload" href="/assets/inv.js">';
  const overviewPage = '<!doctype html><title>Nexus</title><link rel="modulepreload" href="/assets/ov.js">';
  let routesApp: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nexus-spa-routes-'));
    mkdirSync(join(dir, '.vite/pages'), { recursive: true });
    const write = (relative: string, text: string) => {
      writeFileSync(join(dir, relative), text);
      writeFileSync(join(dir, `${relative}.br`), brotliCompressSync(text));
    };
    write('index.html', plain);
    write('.vite/pages/lxp.html', lxpPage);
    write('.vite/pages/inv.html', invitationPage);
    write('.vite/pages/ov.html', overviewPage);
    // Key order puts the catch-all first: the most specific route must still win.
    writeFileSync(
      join(dir, '.vite/route-pages.json'),
      JSON.stringify({
        '/:hash': '.vite/pages/inv.html',
        '/login': 'index.html',
        '/lxp': '.vite/pages/lxp.html',
        '/programs/overview/:programId': '.vite/pages/ov.html',
        '/missing': '.vite/pages/gone.html',
        '/escape/:file': '../../etc/passwd.html',
      }),
    );
    routesApp = await makeApp({ staticDir: dir });
  });
  afterAll(async () => {
    await routesApp?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const page = async (url: string) => {
    const response = await routesApp.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    return brotliDecompressSync(response.rawPayload).toString();
  };

  it('sends the page that preloads the route chunks, compressed and revalidated', async () => {
    expect(await page('/lxp')).toBe(lxpPage);
    expect(await page('/lxp?tab=1')).toBe(lxpPage);
    expect(await page('/programs/overview/42')).toBe(overviewPage);
  });

  it('prefers a static route over a parameter that also matches', async () => {
    expect(await page('/login')).toBe(plain);
    expect(await page('/Ab3dInvite')).toBe(invitationPage);
  });

  it('falls back to index.html for unknown paths, missing pages and paths outside dist', async () => {
    expect(await page('/does/not/exist')).toBe(plain);
    expect(await page('/missing')).toBe(plain);
    expect(await page('/escape/1')).toBe(plain);
  });
});
