// `npm run bench:lighthouse -- --workbench` (issue 29 item 7): Lighthouse's default mobile run (simulated slow 4G,
// 4x CPU, no calibration to the host) on two logged-in workbench pages of one seeded case: the Evidence tab with
// 40 exhibits and the Petition tab with a ~40-page letter. Targets: performance ≥ 90, accessibility 100.
//
// The case is seeded over HTTP (bench-workbench-seed.mjs) on a development server (CAPTCHA_MODE=test is refused
// in production); that server is then stopped and the measured one started on the same DATA_DIR exactly as the
// home bench starts it (NODE_ENV=production). Each page is measured in a fresh Chromium (cold cache) driven by
// puppeteer-core, Lighthouse's documented way for pages behind a login: the session is put in localStorage from
// a same-origin page that loads no app code (/readyz), then Lighthouse runs on that page with
// `disableStorageReset` so it keeps the session.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SESSION_KEYS from '../apps/web/src/api/session-keys.json' with { type: 'json' };
import { refreshed, seedWorkbenchCase } from './bench-workbench-seed.mjs';

const TARGETS = { performance: 90, accessibility: 100 };
const PAGES = [
  { name: 'evidence', path: '/EB-1A/evidence', ready: '[data-testid="folder-name"]' },
  { name: 'petition', path: '/EB-1A/petition', ready: '[data-testid="doc-editor"]' },
];

async function stop(child) {
  const exited = new Promise((r) => child.on('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Performance audits (metrics, opportunities, diagnostics) that lost points, worst first. */
function performanceFindings(lhr) {
  const ids = new Set(lhr.categories.performance.auditRefs.map((r) => r.id));
  return Object.values(lhr.audits)
    .filter(
      (a) =>
        ids.has(a.id) &&
        a.score !== null &&
        a.score < 0.9 &&
        ['numeric', 'metricSavings', 'binary'].includes(a.scoreDisplayMode),
    )
    .sort((a, b) => a.score - b.score);
}

/** Lighthouse on one logged-in page, in its own browser. */
async function measure(ctx, base, session, { path, ready }) {
  const [{ default: lighthouse }, { default: puppeteer }] = await Promise.all([
    import('lighthouse'),
    import('puppeteer-core'),
  ]);
  const browser = await puppeteer.launch({
    executablePath: ctx.chromiumPath,
    args: ctx.CHROMIUM_FLAGS,
    headless: true,
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/readyz`);
    await page.evaluate(
      (keys, s) => {
        localStorage.setItem(keys.accessToken, s.access_token);
        localStorage.setItem(keys.accessTokenExpires, String(s.access_token_expires));
        localStorage.setItem(keys.refreshToken, s.refresh_token);
        localStorage.setItem(keys.refreshTokenExpires, String(s.refresh_token_expires));
        localStorage.setItem(keys.areaCode, s.customer.area_code);
        localStorage.setItem(keys.phone, s.customer.phone);
        localStorage.setItem(keys.fuzzyPhone, s.customer.fuzzy_phone);
      },
      SESSION_KEYS,
      session,
    );
    // No config: Lighthouse's default (mobile, simulated throttling, 4x CPU), as the home bench.
    const result = await lighthouse(
      `${base}${path}`,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
      },
      undefined,
      page,
    );
    // The page Lighthouse measured must be the logged-in screen, not the login page it would redirect to.
    const shown = await page.$$eval(ready, (els) => els.length);
    const at = new URL(page.url()).pathname;
    if (shown === 0 || at !== path) throw new Error(`${path}: the screen did not show (${ready}; at ${at})`);
    return { lhr: result.lhr, shown };
  } finally {
    await browser.close();
  }
}

/**
 * Seeds, measures both pages, prints the figures; answers the process exit code (1 below target).
 * `ctx` is the home bench's: its server start, report and Chromium settings.
 */
export async function benchWorkbench(ctx) {
  ctx.buildIfNeeded();
  const dataDir = mkdtempSync(join(tmpdir(), 'dossier-bench-lh-wb-'));
  const failures = [];
  try {
    const seeding = await ctx.startServer(dataDir, {
      NODE_ENV: 'development',
      CAPTCHA_MODE: 'test',
      SMS_PROVIDER: 'console',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    const started = Date.now();
    let seed;
    try {
      seed = await seedWorkbenchCase(seeding.base);
    } finally {
      await stop(seeding.child);
    }
    console.log(
      `Seeded case ${seed.caseId} over HTTP in ${((Date.now() - started) / 1000).toFixed(0)} s: ` +
        `${seed.folders} exhibits (one ready PDF each), a petition letter of ${seed.letterKb.toFixed(0)} kB of JSON`,
    );
    const { child, base } = await ctx.startServer(dataDir);
    try {
      let session = seed.session;
      for (const p of PAGES) {
        session = await refreshed(base, session);
        const { lhr, shown } = await measure(ctx, base, session, p);
        // LH_REPORT=/path.json keeps each page's whole report (/path.evidence.json, /path.petition.json).
        if (process.env.LH_REPORT)
          writeFileSync(process.env.LH_REPORT.replace(/(\.json)?$/, `.${p.name}.json`), JSON.stringify(lhr));
        console.log(`\n${base}${p.path} (${shown} × ${p.ready} on screen)`);
        const below = ctx.report(lhr, TARGETS).map((f) => `${p.name}: ${f}`);
        if (below.some((f) => f.includes('performance')))
          for (const a of performanceFindings(lhr))
            console.log(`  performance: ${a.id} — ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
        failures.push(...below);
      }
    } finally {
      await stop(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failures.length > 0) {
    console.log(`\nBelow target: ${failures.join('; ')}`);
    return 1;
  }
  console.log('\nAll targets met.');
  return 0;
}
