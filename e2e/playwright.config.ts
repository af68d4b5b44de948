import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 18080);
export const baseURL = `http://localhost:${port}`;

// The real server, built and started on a fresh temporary data directory, driving the system Chromium
// (no browser download works here; DESIGN section 7).
export default defineConfig({
  testDir: './tests',
  // Journeys walk many pages with an accessibility check on each, on one server that also runs its
  // jobs: on CI's two loaded cores a whole journey has run past 30 s with every step on time.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One retry on CI only: a journey that fails twice fails the run, one lost to a stalled machine
  // does not. Each journey makes its own titles and people, so a second attempt starts clean.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `node server.mjs`,
    url: `${baseURL}/readyz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
});
