import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../../test/make-app';
import { extractRouteTable, renderRouteTable } from './permissions-doc';

const DOC = fileURLToPath(new URL('../../../../../docs/permissions.md', import.meta.url));
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

/**
 * docs/permissions.md must list every registered route with the policy the server enforces. After
 * adding or changing a route, regenerate the table:
 * `UPDATE_PERMISSIONS_DOC=1 npx vitest run --project server permissions-doc`.
 */
it('docs/permissions.md lists every route with its policy, exactly as registered', () => {
  const generated = renderRouteTable(t.app.routePolicies);
  const document = readFileSync(DOC, 'utf8');
  const current = extractRouteTable(document);
  expect(current, 'docs/permissions.md lacks the route-policies markers').not.toBeNull();
  if (process.env.UPDATE_PERMISSIONS_DOC && current !== generated) {
    writeFileSync(DOC, document.replace(current as string, generated));
    return;
  }
  expect(current).toBe(generated);
});
