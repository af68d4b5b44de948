import type { Plugin } from 'vite';

const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

/**
 * Moves index.html's style sheet links from the head to the end of the body. In the head they hold
 * every paint, the boot screen's included, until they arrive; at the end of the body the boot screen
 * above them (inline styles only) paints with the HTML. Nothing renders unstyled: module scripts,
 * like deferred ones, wait for every style sheet the parser has met before they run (HTML "the end"
 * of parsing), wherever it stands, and React draws nothing before its script runs. The entry's
 * first step moves them back to the head (src/app/boot-styles.ts), so the cascade keeps the order
 * the bundler meant: these shared sheets before the ones lazy chunks add to the head later.
 */
export function moveStylesAfterBootScreen(html: string): string {
  const links = html.match(STYLESHEET) ?? [];
  if (links.length === 0 || !html.includes('</body>')) return html;
  return html.replace(STYLESHEET, '').replace(/([ \t]*)<\/body>/, (_end, indent: string) => {
    const moved = links.map((link) => `${indent}  ${link.trim()}\n`).join('');
    return `${moved}${indent}</body>`;
  });
}

export function stylesAfterBootScreen(): Plugin {
  return {
    name: 'nexus:styles-after-boot-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        // The hosted sign-in pages have no boot screen to paint first.
        if (!context.filename.endsWith('index.html')) return html;
        return moveStylesAfterBootScreen(html);
      },
    },
  };
}
