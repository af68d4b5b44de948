import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_ORIGIN = 'http://127.0.0.1:8080';

// Only the server's auth endpoints are proxied; the SPA route `/auth` itself (spec section 2) must
// stay with Vite so it can redirect to /login.
const SERVER_AUTH_PATHS = '^/auth/(profile|refresh|logout|redirect|callback)(/|\\?|$)';

/**
 * Stable vendor code gets its own long-cached chunks. Mantine is left to automatic splitting on
 * purpose: one Mantine chunk would grow with every page and every page would pay for it, /login
 * included (its budget is 150 KB of gzip JavaScript, issue 2 part 7).
 */
const VENDOR_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
  // RTK Query (dist/query) stays out: it loads with the first page that fetches (src/app/api.ts).
  {
    name: 'state',
    test: /node_modules[\\/](@reduxjs[\\/]toolkit[\\/]dist[\\/](?!query)|redux|redux-persist|react-redux|immer|reselect|redux-thunk|use-sync-external-store)/,
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
  plugins: [react()],
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
      [SERVER_AUTH_PATHS]: { target: API_ORIGIN, changeOrigin: false },
      '/socket.io': { target: API_ORIGIN, ws: true },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // bench/web.mjs reads the manifest to weigh exactly what each page loads.
    manifest: true,
    rolldownOptions: {
      treeshake: { moduleSideEffects },
      output: { codeSplitting: { groups: VENDOR_GROUPS } },
    },
  },
}));
