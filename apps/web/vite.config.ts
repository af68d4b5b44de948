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
  {
    name: 'state',
    test: /node_modules[\\/](@reduxjs|redux|redux-persist|react-redux|immer|reselect|redux-thunk|use-sync-external-store)[\\/]/,
  },
];

export default defineConfig({
  plugins: [react()],
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
    rolldownOptions: {
      output: { codeSplitting: { groups: VENDOR_GROUPS } },
    },
  },
});
