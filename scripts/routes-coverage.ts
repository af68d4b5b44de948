// `npm run routes:coverage`: how many spec routes (spec section 2) have a page in the web client.

import { IMPLEMENTED_PATHS } from '../apps/web/src/app/implemented-routes';
import { ROUTES } from '../packages/contracts/src/routes';

const implemented = new Set(IMPLEMENTED_PATHS);
const specRoutes = ROUTES.filter((route) => !route.beyondSpec);
const missing = specRoutes.filter((route) => !implemented.has(route.path));
const done = specRoutes.length - missing.length;

console.log(
  missing.length === 0
    ? `Routes coverage: all ${specRoutes.length} spec routes have a page.`
    : `${done} of ${specRoutes.length} spec routes have a page (${Math.round((done / specRoutes.length) * 100)}%).`,
);
if (process.argv.includes('--summary')) process.exit(0);
const byArea = new Map<string, string[]>();
for (const route of missing) byArea.set(route.area, [...(byArea.get(route.area) ?? []), route.path]);
for (const [area, paths] of byArea) {
  console.log(`\nWithout a page, area ${area} (${paths.length}):`);
  for (const path of paths) console.log(`  ${path}`);
}
const unknown = IMPLEMENTED_PATHS.filter((path) => !ROUTES.some((route) => route.path === path));
if (unknown.length > 0) console.log(`\nPages not in the spec's route table: ${unknown.join(', ')}`);
