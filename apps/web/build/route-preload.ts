import type { HtmlTagDescriptor, Plugin } from 'vite';

type OutputChunk = {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  /** Every module the chunk holds (a page imported statically elsewhere too has no chunk of its own). */
  moduleIds?: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};
type Bundle = Record<string, OutputChunk | { type: 'asset' }>;

/**
 * Files a lazy page needs that the entry does not already load: the page's chunk, the chunks it
 * imports statically, and their style sheets, in bundle order.
 */
export function pageFiles(
  bundle: Bundle,
  pageModule: RegExp,
  entry: string,
): { scripts: string[]; styles: string[] } {
  const chunks = new Map<string, OutputChunk>();
  for (const file of Object.values(bundle)) if (file.type === 'chunk') chunks.set(file.fileName, file);
  const closure = (start: string[]) => {
    const seen = new Set<string>();
    const visit = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      for (const imported of chunks.get(name)?.imports ?? []) visit(imported);
    };
    for (const name of start) visit(name);
    return seen;
  };

  const page =
    [...chunks.values()].find((chunk) => chunk.facadeModuleId && pageModule.test(chunk.facadeModuleId)) ??
    [...chunks.values()].find((chunk) => chunk.moduleIds?.some((id) => pageModule.test(id)));
  if (!page) throw new Error(`route-preload: no chunk is built from ${pageModule}`);
  const loaded = closure([entry]);
  const scripts = [...closure([page.fileName])].filter((name) => !loaded.has(name));
  const styles = scripts.flatMap((name) => [...(chunks.get(name)?.viteMetadata?.importedCss ?? [])]);
  return { scripts, styles };
}

/**
 * Adds preload links to index.html for the page a first, signed-out visit lands on (/login), so the
 * browser fetches that page's chunk and styles alongside the entry instead of only after the entry
 * has run and the router has asked for it (issue 13: two round trips in front of the first paint).
 * Style sheets are preloaded, not linked: a `<link rel=stylesheet>` would block the first paint of
 * every other page too. `crossorigin` matches the links Vite's preload helper adds later, so the
 * browser reuses the preloaded responses instead of fetching again.
 */
export function preloadLandingPage(pageModule: RegExp): Plugin {
  let base = '/';
  return {
    name: 'nexus:preload-landing-page',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const entry = context.chunk?.fileName;
        if (!context.bundle || !entry) return [];
        // The hosted sign-in pages are a separate build without the client's pages.
        if (!context.filename.endsWith('index.html')) return [];
        const { scripts, styles } = pageFiles(context.bundle as unknown as Bundle, pageModule, entry);
        const tags: HtmlTagDescriptor[] = [
          ...scripts.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head' as const,
          })),
          ...styles.map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head' as const,
          })),
        ];
        return tags;
      },
    },
  };
}

/** Route paths and the page modules they load, read from the route registry's `'path': () => import('…')` lines. */
export function registryPages(source: string): Array<{ path: string; module: string }> {
  const pages: Array<{ path: string; module: string }> = [];
  for (const match of source.matchAll(/'(\/[^']*)':\s*\(\)\s*=>\s*import\('([^']+)'\)/g))
    pages.push({ path: match[1] as string, module: match[2] as string });
  return pages;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Preload tags for files, leaving out those the page already names. */
function preloadTags(html: string, base: string, files: { scripts: string[]; styles: string[] }): string {
  const tag = (href: string, attrs: string) =>
    html.includes(`"${href}"`) ? '' : `<link ${attrs} href="${href}">`;
  return [
    ...files.scripts.map((file) => tag(`${base}${file}`, 'rel="modulepreload" crossorigin')),
    ...files.styles.map((file) => tag(`${base}${file}`, 'rel="preload" as="style" crossorigin')),
  ].join('');
}

export interface RoutePagesOptions {
  /** The route registry source file (absolute), `'path': () => import('…')` per route. */
  registry: string;
  /** The lazy layout every guarded route renders in. */
  layout: RegExp;
  /** Whether a route renders inside that layout. */
  guarded: (path: string) => boolean;
  /**
   * The page index.html preloads for a first, signed-out visit (preloadLandingPage). A guarded
   * route other than `/` never shows it (a signed-out visitor there goes to the silent sign-in), so
   * its page leaves those preloads out rather than spend two requests on them.
   */
  landingPage?: RegExp;
}

/** index.html without the preload links of the given files. */
export function withoutPreloads(html: string, base: string, files: string[]): string {
  let result = html;
  for (const file of files) {
    const href = escapeRegExp(`${base}${file}`);
    result = result.replace(
      new RegExp(`[ \\t]*<link rel="(?:modulepreload|preload)"[^>]*href="${href}"[^>]*>\\n?`),
      '',
    );
  }
  return result;
}

/** Where the server finds which page to send for which route (apps/server/src/http/spa.ts). */
export const ROUTE_PAGES_INDEX = '.vite/route-pages.json';

/**
 * One index.html per route that preloads what that route renders: the layout of guarded routes and
 * the route's page, with their imports and style sheets. Without them a deep link such as /lxp finds
 * its chunks only after the entry has downloaded and run (issue 13: two waves of requests in front of
 * the first paint). The server sends the page of the matching route; index.html itself is unchanged,
 * so /login carries nothing extra. Identical pages are written once, named by their content.
 */
export function preloadRoutePages(options: RoutePagesOptions): Plugin {
  let base = '/';
  return {
    name: 'nexus:preload-route-pages',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      order: 'post',
      async handler(_options, output) {
        const index = output['index.html'];
        if (index?.type !== 'asset') return;
        const html = String(index.source);
        const bundle = output as unknown as Bundle;
        const entry = Object.values(output).find(
          (file) => file.type === 'chunk' && file.isEntry && file.facadeModuleId?.endsWith('index.html'),
        );
        if (!entry) throw new Error('route-preload: the bundle has no index.html entry');
        const { readFile } = await import('node:fs/promises');
        const { dirname, resolve } = await import('node:path');
        const { createHash } = await import('node:crypto');
        const layout = pageFiles(bundle, options.layout, entry.fileName);
        const landing = options.landingPage
          ? pageFiles(bundle, options.landingPage, entry.fileName)
          : undefined;
        const guardedHtml = landing
          ? withoutPreloads(html, base, [...landing.scripts, ...landing.styles])
          : html;
        // Every page but the landing one is found through the registry, which the entry loads on
        // demand (app/route-table.ts): its chunk goes with each of their pages.
        const registry = pageFiles(bundle, new RegExp(`^${escapeRegExp(options.registry)}$`), entry.fileName);
        const routes: Record<string, string> = {};
        const written = new Set<string>();
        for (const page of registryPages(await readFile(options.registry, 'utf8'))) {
          const module = resolve(dirname(options.registry), page.module);
          const own = pageFiles(bundle, new RegExp(`^${escapeRegExp(module)}\\.[jt]sx?$`), entry.fileName);
          const guarded = options.guarded(page.path);
          const pageHtml = guarded && page.path !== '/' ? guardedHtml : html;
          const isLanding = options.landingPage?.test(`${module}.tsx`) ?? false;
          const parts = [...(guarded ? [layout] : []), ...(isLanding ? [] : [registry]), own];
          const files = {
            scripts: [...new Set(parts.flatMap((part) => part.scripts))],
            styles: [...new Set(parts.flatMap((part) => part.styles))],
          };
          const tags = preloadTags(pageHtml, base, files);
          // Recorded even when index.html already preloads everything (/login), so no looser
          // pattern such as `/:hash` answers for the route.
          if (!tags && pageHtml === html) {
            routes[page.path] = 'index.html';
            continue;
          }
          const routeHtml = pageHtml.replace('</head>', `${tags}</head>`);
          const name = `.vite/pages/${createHash('sha256').update(routeHtml).digest('hex').slice(0, 12)}.html`;
          if (!written.has(name)) this.emitFile({ type: 'asset', fileName: name, source: routeHtml });
          written.add(name);
          routes[page.path] = name;
        }
        this.emitFile({
          type: 'asset',
          fileName: ROUTE_PAGES_INDEX,
          source: JSON.stringify(routes, null, 2),
        });
      },
    },
  };
}
