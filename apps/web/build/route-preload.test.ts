import { describe, expect, it } from 'vitest';
import { pageFiles, registryPages, withoutPreloads } from './route-preload.ts';

const chunk = (fileName: string, facadeModuleId: string | null, imports: string[], css: string[] = []) => ({
  type: 'chunk' as const,
  fileName,
  facadeModuleId,
  imports,
  viteMetadata: { importedCss: new Set(css) },
});

const bundle = {
  'assets/index.js': chunk('assets/index.js', '/app/index.html', ['assets/react.js', 'assets/router.js']),
  'assets/react.js': chunk('assets/react.js', null, []),
  'assets/router.js': chunk('assets/router.js', null, ['assets/react.js']),
  'assets/LoginPage.js': chunk(
    'assets/LoginPage.js',
    '/app/src/features/identity/pages/LoginPage.tsx',
    ['assets/Stack.js', 'assets/react.js'],
    ['assets/LoginPage.css'],
  ),
  'assets/Stack.js': chunk('assets/Stack.js', null, ['assets/react.js'], ['assets/Stack.css']),
  'assets/Other.js': chunk('assets/Other.js', '/app/src/features/x/pages/Other.tsx', ['assets/Stack.js']),
  'assets/LoginPage.css': { type: 'asset' as const },
};

describe('pageFiles', () => {
  it('lists the page chunk, its static imports and their styles, minus what the entry loads', () => {
    expect(pageFiles(bundle, /LoginPage\.tsx$/, 'assets/index.js')).toEqual({
      scripts: ['assets/LoginPage.js', 'assets/Stack.js'],
      styles: ['assets/LoginPage.css', 'assets/Stack.css'],
    });
  });

  it('fails the build when the page is not in the bundle, rather than preloading nothing', () => {
    expect(() => pageFiles(bundle, /Missing\.tsx$/, 'assets/index.js')).toThrow(/no chunk/);
  });
});

describe('registryPages', () => {
  it('reads each route path and the page module it imports, across line breaks', () => {
    const source = `export const PAGE_MODULES = {
  '/login': () => import('../features/identity/pages/LoginPage'),
  '/programs/overview/:programId': () =>
    import('../features/learning/pages/ProgramOverviewPage'),
};`;
    expect(registryPages(source)).toEqual([
      { path: '/login', module: '../features/identity/pages/LoginPage' },
      { path: '/programs/overview/:programId', module: '../features/learning/pages/ProgramOverviewPage' },
    ]);
  });
});

describe('pageFiles for a page without a chunk of its own', () => {
  it('finds the chunk that holds the page module', () => {
    const merged = {
      ...bundle,
      'assets/Shared.js': {
        ...chunk('assets/Shared.js', null, ['assets/react.js']),
        moduleIds: ['/app/src/features/x/pages/Merged.tsx'],
      },
    };
    expect(pageFiles(merged, /Merged\.tsx$/, 'assets/index.js').scripts).toEqual(['assets/Shared.js']);
  });
});

describe('withoutPreloads', () => {
  it('removes the preload links of the given files and nothing else', () => {
    const html = `<head>
    <link rel="modulepreload" crossorigin href="/assets/web.js">
    <link rel="modulepreload" crossorigin href="/assets/LoginPage.js">
    <link rel="preload" as="style" crossorigin href="/assets/LoginPage.css">
  </head>`;
    expect(withoutPreloads(html, '/', ['assets/LoginPage.js', 'assets/LoginPage.css'])).toBe(`<head>
    <link rel="modulepreload" crossorigin href="/assets/web.js">
  </head>`);
  });
});
