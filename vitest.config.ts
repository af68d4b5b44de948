import { defineConfig } from 'vitest/config';

// One runner for every unit, component and server suite; `npm test` adds the Playwright journeys.
export default defineConfig({
  test: {
    // Vitest runs one file at a time on a 2-core machine (cores - 1); the suites wait on I/O (PGlite,
    // PostgreSQL, sockets) much of the time, so two files at once use the machine better.
    maxWorkers: 2,
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
  },
});
