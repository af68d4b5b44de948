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
