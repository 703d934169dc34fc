import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// E2E_PORT lets two checkouts (or helpers) run journeys side by side; CI uses 3210.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'e2e',
  // Two workers fit the 2-core machines CI runs on; the server and Chromium share them.
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Generous: a journey on a 2-core machine shared with the server and another worker can take 30 s or more.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  outputDir: 'test-results/artifacts',
  use: {
    baseURL: BASE_URL,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium (apt package `chromium`): this machine cannot download Playwright's own build.
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      // A fresh data directory per run: no state leaks between runs.
      DATA_DIR: join(tmpdir(), `dossier-e2e-${Date.now()}`),
      NODE_ENV: 'test',
      // The journeys use no background job (the worker role's schedules and pollers are tested by the server
      // suites), so the server runs the API role alone and leaves the 2 cores to the browsers.
      SERVICES: 'api',
      // Accounts journeys: any captcha answer is accepted, the console SMS/mail providers return the codes, and
      // the per-IP budget of auth calls fits a whole run from one address.
      CAPTCHA_MODE: 'test',
      SMS_PROVIDER: 'console',
      MAIL_PROVIDER: 'console',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      // Shop journeys: payments use the sandbox provider (the embedded default); the staff API confirms transfers.
      STAFF_API_TOKEN: 'e2e-staff-token',
    },
  },
});
