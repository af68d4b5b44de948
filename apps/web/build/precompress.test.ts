import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './precompress';

const page = `<!doctype html><html><head>${'<link rel="modulepreload" href="/assets/chunk.js">'.repeat(40)}</head></html>`;

describe('precompress', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('compresses what is served, the per-route pages included, and leaves the build manifests alone', () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.vite', 'pages'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), page);
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("a long enough line");\n'.repeat(20));
    writeFileSync(join(dir, '.vite', 'pages', 'lxp.html'), page);
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify({ entries: page }));
    writeFileSync(join(dir, 'tiny.css'), 'a{}');

    const totals = precompress(dir);

    expect(totals.files).toBe(3);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
    expect(existsSync(join(dir, 'assets', 'app.js.gz'))).toBe(true);
    expect(existsSync(join(dir, '.vite', 'pages', 'lxp.html.br'))).toBe(true);
    expect(existsSync(join(dir, '.vite', 'pages', 'lxp.html.gz'))).toBe(true);
    expect(existsSync(join(dir, '.vite', 'manifest.json.br'))).toBe(false);
    expect(existsSync(join(dir, 'tiny.css.br'))).toBe(false);
    expect(brotliDecompressSync(readFileSync(join(dir, '.vite', 'pages', 'lxp.html.br'))).toString()).toBe(
      page,
    );
  });
});
