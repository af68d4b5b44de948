import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// Relative, so the config bundles it: the package entry is TypeScript Node cannot load by itself.
import { PUBLIC_PATHS } from '../../packages/contracts/src/routes.ts';
import { mantineComponentStyles } from './build/mantine-css.ts';
import { mantineStableIds } from './build/mantine-use-id.ts';
import { precompress } from './build/precompress.ts';
import { preloadLandingPage, preloadRoutePages } from './build/route-preload.ts';
import { stylesAfterBootScreen } from './build/styles-after-boot.ts';

/** Routes that render without the private layout: the public ones and app/route-table's SELF_GUARDED_PATHS. */
const UNGUARDED_PATHS = new Set([...PUBLIC_PATHS, '/:hash']);
const LOGIN_PAGE = /[\\/]features[\\/]identity[\\/]pages[\\/]LoginPage\.tsx$/;

const API_ORIGIN = 'http://127.0.0.1:8080';

// Only the server's auth endpoints are proxied; the SPA route `/auth` itself (spec section 2) must
// stay with Vite so it can redirect to /login.
const SERVER_AUTH_PATHS = '^/auth/(profile|refresh|logout|redirect|callback)(/|\\?|$)';

/**
 * In development the hosted sign-in pages come from Vite (auth.html, with its modules and HMR): the
 * server would send the built page, whose hashed assets this dev server does not have. silent=1 still
 * goes to the server, which answers it without a page; the page re-checks redirect_uri itself.
 */
function hostedPagesInDev(request: { url?: string }): string | undefined {
  const url = new URL(request.url ?? '/', 'http://dev.invalid');
  if (url.pathname !== '/auth/redirect' || url.searchParams.get('silent') === '1') return undefined;
  return '/auth.html';
}

/**
 * Stable vendor code gets its own long-cached chunks. Mantine is left to automatic splitting on
 * purpose: one Mantine chunk would grow with every page and every page would pay for it, /login
 * included (its budget is 150 KB of gzip JavaScript, issue 2 part 7).
 */
const VENDOR_GROUPS = [
  // React, the router and the state libraries, with Vite's preload helper and the bundler runtime:
  // every page needs all of them, so they travel as one file. Over HTTP/1.1 each file costs a
  // connection round trip and its response headers (issue 13).
  // RTK Query (dist/query) stays out: it loads with the first page that fetches (src/app/api.ts).
  {
    name: 'vendor',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@reduxjs[\\/]toolkit[\\/]dist[\\/](?!query)|redux|redux-persist|react-redux|immer|reselect|redux-thunk|use-sync-external-store)[\\/]|vite[\\/]preload-helper|rolldown:runtime/,
  },
];

/**
 * react-router 7 points its package exports at its development build; the production build beside
 * it drops the dev-only checks. Both entries share one chunk, so router context stays single.
 */
const routerProduction = (entry: string) =>
  fileURLToPath(new URL(`../../node_modules/react-router/dist/production/${entry}`, import.meta.url));

/**
 * @nexus/contracts builds zod schemas at module level, so without this the bundler keeps every
 * schema (and all of zod) whenever any constant is imported. Its modules have no side effects;
 * declaring that here lets /login take only the constants, messages and routes it uses.
 */
function moduleSideEffects(id: string): boolean {
  return !/[\\/]packages[\\/]contracts[\\/]src[\\/]/.test(id);
}

export default defineConfig(({ command }) => ({
  plugins: [
    mantineStableIds(fileURLToPath(new URL('./src/shared/ui/mantine-use-id.ts', import.meta.url))),
    mantineComponentStyles(),
    react(),
    // A signed-out first visit lands on /login (spec section 4).
    preloadLandingPage(LOGIN_PAGE),
    // Deep links and signed-in visits (a learner's /lxp) get their route's chunks preloaded too.
    preloadRoutePages({
      registry: fileURLToPath(new URL('./src/app/route-registry.ts', import.meta.url)),
      layout: /[\\/]app[\\/]layouts[\\/]private-route\.ts$/,
      guarded: (path) => !UNGUARDED_PATHS.has(path),
      landingPage: LOGIN_PAGE,
    }),
    // Last: after Vite and the plugins above have written every tag into index.html.
    stylesAfterBootScreen(),
  ],
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: routerProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: routerProduction('dom-export.mjs') },
          ]
        : [],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: false },
      '/operations': { target: API_ORIGIN, changeOrigin: false },
      [SERVER_AUTH_PATHS]: { target: API_ORIGIN, changeOrigin: false, bypass: hostedPagesInDev },
      '/socket.io': { target: API_ORIGIN, ws: true },
    },
  },
  preview: { port: 4173 },
  // The provider's hosted sign-in pages (auth.html, served by the server at GET /auth/redirect) are a
  // second, separate build into the same dist/: sharing no chunks with the client keeps the client's
  // chunk graph, and so the /login budget, exactly as it is without them.
  environments: {
    hosted: {
      consumer: 'client',
      build: {
        emptyOutDir: false,
        copyPublicDir: false,
        manifest: '.vite/hosted-manifest.json',
        rolldownOptions: {
          input: { auth: fileURLToPath(new URL('./auth.html', import.meta.url)) },
          treeshake: { moduleSideEffects },
        },
      },
    },
  },
  builder: {
    // In order: the client empties dist/, the hosted pages are added beside it.
    async buildApp(builder) {
      for (const name of ['client', 'hosted']) {
        const environment = builder.environments[name];
        if (!environment) throw new Error(`vite environment ${name} is missing`);
        await builder.build(environment);
      }
      // After both builds, so every file that lands in dist/ (public files too) gets its .br and .gz.
      const outDir = fileURLToPath(new URL('./dist', import.meta.url));
      const { files, bytes, brotliBytes } = precompress(outDir);
      builder.config.logger.info(
        `precompressed ${files} files: ${(bytes / 1024).toFixed(0)} KB -> ${(brotliBytes / 1024).toFixed(0)} KB brotli`,
      );
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // NO_MINIFY=1 keeps names readable in a CPU profile of the built app (docs/operations.md).
    minify: process.env.NO_MINIFY !== '1',
    // bench/web.mjs reads the manifest to weigh exactly what each page loads.
    manifest: true,
    rolldownOptions: {
      treeshake: { moduleSideEffects },
      output: {
        codeSplitting: {
          groups: VENDOR_GROUPS,
          // Automatic splitting leaves dozens of shared chunks of a few hundred bytes (one Mantine
          // component, one helper); each costs a request and ~1 KB of response headers, more than
          // its code. Those are copied into the chunks that use them instead.
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
        },
      },
    },
  },
}));
