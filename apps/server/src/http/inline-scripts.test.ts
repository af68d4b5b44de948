import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../test/make-app';
import { inlineScriptHashes } from './inline-scripts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const webPage = (name: string) => readFileSync(new URL(`../../../web/${name}`, import.meta.url), 'utf8');

let t: TestApp;
let staticDir: string;
const schemeScript = "document.documentElement.setAttribute('data-x', 'dark');";
const otherScript = 'window.routePage = true;';

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'nexus-inline-scripts-'));
  mkdirSync(join(staticDir, '.vite', 'pages'), { recursive: true });
  writeFileSync(
    join(staticDir, 'index.html'),
    `<!doctype html><script>${schemeScript}</script><div id="root"></div>`,
  );
  writeFileSync(
    join(staticDir, '.vite', 'pages', 'lxp.html'),
    `<!doctype html><script>${otherScript}</script>`,
  );
  t = await makeApp({ staticDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('inline scripts of the built pages', () => {
  it('allows exactly their text by hash in the page CSP, never any inline script', async () => {
    const response = await t.app.inject({ url: '/' });
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).toContain(sha(schemeScript));
    expect(scriptSrc).toContain(sha(otherScript));
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it('finds nothing without a build, and allows no other script', () => {
    expect(inlineScriptHashes(undefined)).toEqual([]);
    expect(inlineScriptHashes(join(staticDir, 'missing'))).toEqual([]);
    expect(inlineScriptHashes(staticDir)).not.toContain(
      sha("document.documentElement.setAttribute('data-x', 'light');"),
    );
  });

  it('covers the colour-scheme script the web pages carry inline', () => {
    for (const name of ['index.html', 'auth.html']) {
      const scripts = [...webPage(name).matchAll(/<script>([\s\S]*?)<\/script>/g)];
      expect(scripts, name).toHaveLength(1);
      expect(scripts[0]?.[1]).toContain("localStorage.getItem('nexus-color-scheme')");
    }
  });
});
