import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import {
  CONSULTANT_FILE,
  EDITOR_FILE,
  REVIEWER_FILE,
  STAFF_FILE,
  TRANSLATOR_FILE,
} from './e2e/staff-support.ts';
import { isCI } from './scripts/ci.mjs';

// E2E_PORT lets two checkouts (or helpers) run journeys side by side; CI uses 3210.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The second server (no assistant configured): E2E_PORT + 1 (e2e/assistant.spec.ts). */
const OFF_URL = `http://127.0.0.1:${PORT + 1}`;
/** The journeys' server environment (both servers below; the first adds the assistant's console model). */
const SERVER_ENV = {
  PORT: String(PORT),
  HOST: '127.0.0.1',
  // A fresh data directory per run: no state leaks between runs.
  DATA_DIR: join(tmpdir(), `dossier-e2e-${Date.now()}`),
  NODE_ENV: 'test',
  // The upload journey needs the worker role: an uploaded file is checked by the `uploads.normalise` job
  // (decision 0016). Its pollers are light; the other schedules (daily purge, order expiry) find nothing.
  SERVICES: 'api,worker',
  // Accounts journeys: any captcha answer is accepted, the console SMS/mail providers return the codes, and
  // the per-IP budget of auth calls fits a whole run from one address.
  CAPTCHA_MODE: 'test',
  SMS_PROVIDER: 'console',
  MAIL_PROVIDER: 'console',
  AUTH_RATE_LIMIT_PER_MINUTE: '10000',
  // The API budget per IP (600 a minute) is the server tests' subject; two journeys seeding and polling from
  // the one test address went past it on a quiet machine (429 on an upload poll, seen 2026-11-29).
  RATE_LIMIT_PER_MINUTE: '100000',
  // A whole run sends far more than the default 200 codes an hour to +86.
  SMS_HOURLY_CAP_PER_AREA_CODE: '100000',
  // Shop journeys: payments use the sandbox provider (the embedded default); a finance member confirms
  // transfers.
  // After filing (issue 32): the console provider plays its scripted USCIS timeline; the scheduler ticks every
  // 2 s so a receipt's first polled status reaches the Schedule tab within seconds (a receipt is asked again
  // after the minimum 60 s).
  // OCR at the upload check (decision 0085) is the server tests' subject (exhibit-text-ocr.test.ts); here the
  // journeys' phone photos would each cost seconds of Tesseract on the shared 2 cores.
  OCR_MAX_PAGES: '0',
  CASE_STATUS_PROVIDER: 'console',
  CASE_STATUS_TICK_SECONDS: '2',
  CASE_STATUS_REPOLL_SECONDS: '60',
};

/** The staff accounts the journeys sign in with: the file the one-time password goes to, username, role. */
const STAFF_ACCOUNTS: ReadonlyArray<readonly [string, string, string]> = [
  [STAFF_FILE, 'e2e-finance', 'finance'],
  [REVIEWER_FILE, 'e2e-reviewer', 'reviewer'],
  [TRANSLATOR_FILE, 'e2e-translator', 'translator'],
  [EDITOR_FILE, 'e2e-editor', 'content_editor'],
  [CONSULTANT_FILE, 'e2e-consultant', 'consultant'],
];

/** Chrome on Android: the engine the journeys run in (Debian's Chromium), as a phone reports it. */
const MOBILE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/**
 * Every journey runs with the press and layout checks of e2e/fixtures.ts (decision 0017): a spec that takes
 * `test` straight from Playwright, or forces a click past them, is refused before anything runs.
 */
const E2E_DIR = fileURLToPath(new URL('./e2e', import.meta.url));
for (const file of readdirSync(E2E_DIR).filter((name) => name.endsWith('.spec.ts'))) {
  const source = readFileSync(join(E2E_DIR, file), 'utf8');
  if (/import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*'@playwright\/test'/.test(source))
    throw new Error(
      `e2e/${file}: import { test, expect } from './fixtures.ts' (the phone checks), not from Playwright`,
    );
  if (/force:\s*true/.test(source)) throw new Error(`e2e/${file}: no forced clicks (force: true)`);
}

export default defineConfig({
  testDir: 'e2e',
  // Two workers fit the 2-core machines CI runs on; the server and Chromium share them. Tests are handed out one
  // by one (serial groups stay together), so a long file does not leave the other worker idle at the end.
  workers: 2,
  fullyParallel: true,
  // One retry under CI (decision 0024), for its trace (`on-first-retry`): a journey that fails and then passes is
  // flaky; scripts/test.mjs names it, and under CI fails the run on it (decisions 0059, 0096).
  retries: isCI() ? 1 : 0,
  forbidOnly: isCI(),
  // Generous: a journey on a 2-core machine shared with the server and another worker can take 30 s or more.
  timeout: 60_000,
  // A page's first load on the loaded 2-core machine can take over 10 s (seen in CI, decision 0045).
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  // The axe totals per screen (e2e/fixtures.ts expectAccessible) are summed up after the run.
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  outputDir: 'test-results/artifacts',
  use: {
    baseURL: BASE_URL,
    headless: true,
    // A trace only for a retry (CI retries once): recording every journey's trace (its screencast above all) kept
    // Chromium's compositor busy and made the journeys about 1.5 × slower (decision 0045). Locally: --trace on.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The product honours the system's reduced-motion setting (antd without animations): nothing to wait for
    // between a press and the next, fewer frames painted (decision 0092).
    reducedMotion: 'reduce',
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
  projects: [
    // The desktop runs each journey in the default language, Chinese (decision 0045): a journey written for both
    // languages names its copy "(en)" or "(zh)". Journeys without a language in their name run in both projects.
    { name: 'chromium', grepInvert: /\(en\)/ },
    // Every journey again on a phone (decision 0017): 390 × 844, touch, a mobile user agent. The journeys'
    // press checks (e2e/fixtures.ts) make "reachable on a phone" part of every test. A journey written for both
    // languages runs here in English (decision 0088: each journey runs in both languages and at both sizes, the
    // Chinese copy on the desktop), except the phone-layout journeys, which run here in both (every workbench
    // screen at 390 × 844 — alone, on a customer it buys for: decision 0092; the phone's tab bar), and the journeys
    // written in Chinese only (the zh screens' language check, the assessment, the real print file), which have no
    // English copy to run instead.
    {
      name: 'mobile',
      grepInvert:
        /^(?!.*(workbench forms \(zh\) at 390×844|phone's tab bar|one language per screen: Chinese|fills the US assessment in three steps|the real print file \(zh\))).*\(zh\)/,
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        userAgent: MOBILE_USER_AGENT,
      },
    },
  ],
  webServer: [
    {
      // The journeys' finance staff member is made the way an operator makes one (decision 0020): the CLI prints
      // its one-time password, e2e/staff-support.ts signs it in. The server itself has no test account.
      command: [
        `rm -rf ${STAFF_ACCOUNTS.map(([file]) => `"${file}.state"`).join(' ')} "${STAFF_FILE}.lock"`,
        // One process makes the five accounts (five processes took 26.5 s before the server could start, one 9.5 s).
        `npm run -s staff:create -- ${STAFF_ACCOUNTS.map(([, username, role]) => `--username ${username} --role ${role}`).join(' ')} --json > "${STAFF_FILE}.all"`,
        ...STAFF_ACCOUNTS.map(([file], i) => `sed -n ${i + 1}p "${STAFF_FILE}.all" > "${file}"`),
        'node scripts/start.mjs',
      ].join(' && '),
      url: `${BASE_URL}/readyz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ...SERVER_ENV, ASSISTANT_PROVIDER: 'console' },
    },
    // The same app with no assistant configured (issue 33: its buttons say it is off): API only, its own data.
    {
      command: 'node scripts/start.mjs',
      url: `${OFF_URL}/readyz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...SERVER_ENV,
        PORT: String(PORT + 1),
        SERVICES: 'api',
        DATA_DIR: join(tmpdir(), `dossier-e2e-off-${Date.now()}`),
      },
    },
  ],
});
