import { defineConfig } from 'vitest/config';

// One runner for every unit, component and server suite; `npm test` adds the Playwright journeys.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
  },
});
