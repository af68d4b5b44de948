import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { hiringKit } from './test-kit';

/** Issue 20 point 2: a posting's public page carries its JSON-LD in the HTML the server sends. */

let t: TestApp;
let kit: ReturnType<typeof hiringKit>;
let staticDir: string;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'nexus-posting-page-'));
  writeFileSync(
    join(staticDir, 'index.html'),
    '<!doctype html><html><head><title>Nexus</title></head><body></body></html>',
  );
  t = await makeApp({ staticDir });
  kit = hiringKit(t);
});
afterAll(async () => {
  await t?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

/** The JSON-LD blocks of a page, each parsed as a crawler reads it: from the HTML, no script run. */
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

describe('/search-jobs/{postingId} as the server sends it', () => {
  it('has the JobPosting in its head, signed out, with script-breaking text escaped', async () => {
    const tenant = (await makeTenant(t.database, { tenant_name: 'Page Labs' })).tenant_id;
    const admin = tenantAdmin(await kit.newUser(), tenant);
    const posting = await kit.posted(admin, { title: 'Data steward </script><script>alert(1)' });
    t.actAs(null);
    const page = await t.app.inject({ url: `/search-jobs/${posting.posting_id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toContain('<script>alert(1)');
    const [ld, ...more] = jsonLdOf(page.body);
    expect(more).toEqual([]);
    expect(ld).toMatchObject({
      '@type': 'JobPosting',
      title: 'Data steward </script><script>alert(1)',
      hiringOrganization: { name: 'Page Labs' },
    });
  });

  it('sends the page as built for a posting that does not exist or a malformed id', async () => {
    for (const path of ['/search-jobs/999999', '/search-jobs/abc', '/search-jobs/99999999999']) {
      const page = await t.app.inject({ url: path });
      expect(page.statusCode, path).toBe(200);
      expect(jsonLdOf(page.body), path).toEqual([]);
    }
  });
});
