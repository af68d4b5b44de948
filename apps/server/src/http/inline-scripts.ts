import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;
/** Where the web build puts the per-route copies of index.html (apps/web/build/route-preload.ts). */
const ROUTE_PAGES_DIR = join('.vite', 'pages');

/**
 * CSP sources for the inline scripts of the built pages: the colour-scheme script runs inline so that
 * no request holds the first paint, and the policy allows exactly that text by its hash, never
 * 'unsafe-inline'. Read at start from what will be served; a rebuild that changes the script needs a
 * restart, as any server change does.
 */
export function inlineScriptHashes(staticDir: string | undefined): string[] {
  if (!staticDir) return [];
  const pages = ['index.html', 'auth.html'].map((name) => join(staticDir, name));
  const routePages = join(staticDir, ROUTE_PAGES_DIR);
  if (existsSync(routePages)) {
    for (const name of readdirSync(routePages))
      if (name.endsWith('.html')) pages.push(join(routePages, name));
  }
  const hashes = new Set<string>();
  for (const page of pages) {
    if (!existsSync(page)) continue;
    for (const match of readFileSync(page, 'utf8').matchAll(INLINE_SCRIPT)) {
      hashes.add(
        `'sha256-${createHash('sha256')
          .update(match[1] ?? '')
          .digest('base64')}'`,
      );
    }
  }
  return [...hashes];
}
