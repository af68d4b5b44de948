import { describe, expect, it } from 'vitest';
import { isPublicPath, PUBLIC_PATHS, ROUTES, routePattern } from './routes';
import { readSpec } from './spec-text';

const spec = readSpec();
const section2 = spec.slice(spec.indexOf('## 2. Screens and routes'), spec.indexOf('## 3. Entities'));

/** Every `/path` the spec's section 2 names, with `{param}` turned into `:param`. */
function specPaths(): string[] {
  const found = new Set<string>();
  for (const match of section2.matchAll(/(?<![\w})])\/[A-Za-z0-9{}_\-/]*/g)) {
    let path = match[0].replace(/\/$/, '') || '/';
    if (path === '/test' || path.startsWith('/test/')) continue; // "others under /test/..." are not enumerated by the spec
    if (path === '/t') continue;
    path = path.replace(/\{(\w+)\}/g, ':$1');
    found.add(path);
  }
  return [...found];
}

describe('route table', () => {
  it('has exactly the five public routes the spec names, the certificate check issue 5 opens, the job posting page issue 20 opens, the help pages of issue 22 and the library item pages of issue 21', () => {
    expect([...PUBLIC_PATHS].sort()).toEqual(
      [
        '/auth',
        '/competition/blockchain',
        '/investor-hub',
        '/login',
        '/search-jobs',
        // A posting's own page carries its JobPosting JSON-LD for search engines (issue 20).
        '/search-jobs/:postingId',
        '/certification/:userId/:publicKey',
        // The help pages read signed out too (issue 22 point 5).
        '/faqs',
        '/privacy-policy',
        // A public library item, and a public playlist, read signed out (issue 21); a hidden one is a 404.
        '/article/:id',
        '/video/:id',
        '/podcast/:id',
        '/case-study/:id',
        '/template/:id',
        '/report/:id',
        '/publications/overview/:itemId',
        '/stream/:id',
        '/playlists/:id',
      ].sort(),
    );
  });

  it('holds every route of spec section 2', () => {
    const paths = new Set(ROUTES.map((route) => route.path));
    const missing = specPaths().filter((path) => {
      if (paths.has(path)) return false;
      // `module-content/{moduleId}` is written relative to the course-content page in the spec.
      if (path === '/module-content/:moduleId') {
        return !paths.has('/program-content/:programId/course-content/:courseId/module-content/:moduleId');
      }
      return true;
    });
    expect(missing).toEqual([]);
  });

  it('marks exactly the routes beyond spec section 2, so coverage counts spec routes only', () => {
    const spec = new Set(specPaths());
    const beyond = ROUTES.filter((route) => route.beyondSpec).map((route) => route.path);
    expect(beyond.filter((path) => spec.has(path))).toEqual([]);
    const unmarked = ROUTES.filter(
      (route) =>
        !route.beyondSpec &&
        !spec.has(route.path) &&
        route.path !== '/program-content/:programId/course-content/:courseId/module-content/:moduleId',
    ).map((route) => route.path);
    expect(unmarked).toEqual([]);
  });

  it('lists each path once', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('marks the tenant routes tenant-aware and lets /tenant-setup skip the tenant check', () => {
    const byPath = new Map(ROUTES.map((route) => [route.path, route]));
    expect(byPath.get('/admin-center')?.tenantAware).toBe(true);
    expect(byPath.get('/t/:tenant_type/:tenant_name/admin-center')?.tenantAware).toBe(true);
    expect(byPath.get('/t/:tenant_type/:tenant_name/user/home')?.tenantAware).toBe(true);
    expect(byPath.get('/tenant-setup')?.skipTenantCheck).toBe(true);
    expect(byPath.get('/tenant-setup')?.tenantAware).toBe(false);
  });

  it('gives every route an area of the roadmap and a title', () => {
    for (const route of ROUTES) {
      expect(route.title.length).toBeGreaterThan(0);
      expect(route.path.startsWith('/')).toBe(true);
    }
  });

  it('classifies concrete paths', () => {
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/investor-hub')).toBe(true);
    expect(isPublicPath('/funding-hub')).toBe(false);
    expect(isPublicPath('/admin-center')).toBe(false);
    expect(routePattern('/profile/:userId').test('/profile/42')).toBe(true);
    expect(routePattern('/profile/:userId').test('/profile/42/x')).toBe(false);
  });
});
