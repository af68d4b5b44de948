import type { HtmlTagDescriptor, Plugin } from 'vite';

type OutputChunk = {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
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

  const page = [...chunks.values()].find(
    (chunk) => chunk.facadeModuleId && pageModule.test(chunk.facadeModuleId),
  );
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
