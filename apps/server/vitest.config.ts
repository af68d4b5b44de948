import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Every file builds the whole app over its own database, so a fresh module graph per file spent
    // a third of the run importing the same modules again. The product keeps no per-process state
    // that outlives a database (caches are per database or per app), so files may share modules.
    isolate: false,
  },
});
