import { describe, expect, it } from 'vitest';
import { moveStylesAfterBootScreen } from './styles-after-boot';

const built = `<!doctype html>
<html>
  <head>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor.js">
    <link rel="stylesheet" crossorigin href="/assets/Stack.css">
    <link rel="stylesheet" crossorigin href="/assets/web.css">
    <link rel="preload" as="style" crossorigin href="/assets/LoginPage.css">
  </head>
  <body>
    <div id="root"><div class="boot"></div></div>
  </body>
</html>
`;

describe('moveStylesAfterBootScreen', () => {
  it('moves the style sheet links after the boot screen, in order, and leaves the preloads in the head', () => {
    const html = moveStylesAfterBootScreen(built);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('rel="stylesheet"');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/vendor.js">');
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/LoginPage.css">');
    expect(html).toContain(
      `    <div id="root"><div class="boot"></div></div>
    <link rel="stylesheet" crossorigin href="/assets/Stack.css">
    <link rel="stylesheet" crossorigin href="/assets/web.css">
  </body>`,
    );
  });

  it('leaves a page without style sheets as it is', () => {
    const plain = built.replace(/ *<link rel="stylesheet"[^>]*>\n/g, '');
    expect(moveStylesAfterBootScreen(plain)).toBe(plain);
  });
});
