import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES, routePattern } from '@nexus/contracts';
import type { FastifyInstance } from 'fastify';

/** Paths that belong to the API: an unknown one is a JSON 404, never the SPA. */
const API_PREFIXES = ['/api', '/operations', '/auth', '/socket.io'];
/** `/auth` itself is a public client route (spec section 2) that redirects to /login; only `/auth/*` is the server's. */
const CLIENT_ROUTES_UNDER_API_PREFIXES = new Set(['/auth']);

function isApiPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (CLIENT_ROUTES_UNDER_API_PREFIXES.has(path)) return false;
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Helmet's headers that govern a document (what it may load, frame, open or prefetch). A script or
 * style sheet is never a document (the SPA starts no workers), and each of the dozen files a page
 * loads would otherwise carry ~0.6 KB of them over HTTP/1.1. nosniff, CORP, HSTS and the referrer
 * policy (which a style sheet's own requests follow) stay. Helmet writes them on the raw response.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Nexus</title></head>
<body><main><h1>The web client is not built</h1><p>Run <code>npm run build</code> (or <code>npm start</code>,
which builds what is missing) and reload this page. The API is running.</p></main></body></html>`;

/** Written by the web build (apps/web/build/route-preload.ts): route path -> its page, relative to dist/. */
const ROUTE_PAGES_INDEX = '.vite/route-pages.json';

/**
 * The page to send for a client route: the web build writes one index.html per route that preloads
 * the route's chunks (a deep link such as /lxp needs them before the entry could ask). The most
 * specific route wins, as in the client's router: fewer parameters first, so `/lxp` beats `/:hash`.
 */
export function routePages(staticDir: string): (pathname: string) => string {
  const indexFile = join(staticDir, ROUTE_PAGES_INDEX);
  if (!existsSync(indexFile)) return () => 'index.html';
  let index: Record<string, string>;
  try {
    index = JSON.parse(readFileSync(indexFile, 'utf8')) as Record<string, string>;
  } catch {
    return () => 'index.html';
  }
  const params = (path: string) => path.split('/').filter((segment) => segment.startsWith(':')).length;
  const routes = Object.entries(index)
    .filter(([, page]) => typeof page === 'string' && page.endsWith('.html') && !page.includes('..'))
    .map(([path, page]) => ({ pattern: routePattern(path), page, params: params(path) }))
    .sort((a, b) => a.params - b.params);
  return (pathname) => {
    const page = routes.find((route) => route.pattern.test(pathname))?.page;
    return page && existsSync(join(staticDir, page)) ? page : 'index.html';
  };
}

/**
 * Markup an area adds to a client route's document head as the server sends it, for readers that
 * run no script (a job posting's schema.org JSON-LD for job search engines). `head` answers null when
 * it has nothing for that path (no such posting); the page is then sent as built.
 */
export interface DocumentHead {
  /** A client route, `/search-jobs/:postingId`. */
  route: string;
  head(pathname: string): Promise<string | null>;
}

/**
 * Serves the built SPA from the not-found handler, so no wildcard route competes with the API:
 * hashed assets are cached for a year, index.html is always revalidated (client routes fall back to it).
 * The web build writes a `.br` and a `.gz` beside every text file (apps/web/build/precompress.ts);
 * `preCompressed` sends the best one the browser accepts, with `Vary: Accept-Encoding`, so no
 * request spends CPU compressing the same bytes again.
 */
export async function installSpa(
  app: FastifyInstance,
  staticDir: string | undefined,
  heads: readonly DocumentHead[] = [],
): Promise<void> {
  const built = staticDir !== undefined && existsSync(join(staticDir, 'index.html'));
  if (built) await app.register(fastifyStatic, { root: staticDir, serve: false, preCompressed: true });
  const pageFor = built ? routePages(staticDir) : () => 'index.html';
  const headed = heads.map((entry) => ({ pattern: routePattern(entry.route), head: entry.head }));

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isApiPath(pathname)) {
      return reply
        .status(404)
        .send({ message: `No route ${request.method} ${pathname}`, code: ERROR_CODES.notFound });
    }
    if (!built) return reply.status(200).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);

    let relative: string;
    try {
      relative = normalize(decodeURIComponent(pathname)).replace(/^(\.\.(\/|\\|$))+/, '');
    } catch {
      relative = '/';
    }
    if (relative !== '/' && extname(relative) !== '') {
      const file = join(staticDir, relative);
      if (file.startsWith(staticDir) && existsSync(file) && statSync(file).isFile()) {
        const hashed = relative.startsWith('/assets/');
        if (/\.(js|css)$/.test(relative))
          for (const header of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(header);
        return reply.sendFile(relative, { maxAge: hashed ? '365d' : '1h', immutable: hashed });
      }
      if (relative.startsWith('/assets/')) {
        return reply.status(404).send({ message: 'No such asset', code: ERROR_CODES.notFound });
      }
    }
    const page = pageFor(pathname);
    const extra = await headed.find((entry) => entry.pattern.test(pathname))?.head(pathname);
    if (extra) {
      const html = await readFile(join(staticDir, page), 'utf8');
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html.replace('</head>', `${extra}</head>`));
    }
    return reply.header('cache-control', 'no-cache').sendFile(page, { maxAge: 0, cacheControl: false });
  });
}
