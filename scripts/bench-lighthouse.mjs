// `npm run bench:lighthouse`: Lighthouse (performance, accessibility) on the home page /index/firstTerm in
// Debian's Chromium, plus the gzip size of every JavaScript file the page loads. The figure is Lighthouse's
// default run: mobile, simulated throttling (slow 4G, 4x CPU slowdown) with no calibration to the host (issue 17).
// Exits 1 when a score or the JavaScript total is below its target. `npm run bench:home-js` (`--js-only`) prints the JavaScript figures
// only and needs no Lighthouse. Prints figures; not a timed test.
// `--workbench` measures two logged-in workbench pages of a seeded case instead (bench-lighthouse-workbench.mjs).
//
// The web app is built into its own folder (BENCH_WEB_DIST, default <tmp>/dossier-bench-web) when missing or
// older than its sources, and served by a real server on BENCH_PORT (default 3241) with a fresh DATA_DIR.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { HOME_JS_GZIP_KB } from './budgets.mjs';
import { ensureServerBuild, serverDist } from './server-build.mjs';
import { buildWeb, webBuildState } from './web-build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const jsOnly = process.argv.includes('--js-only');
const port = Number(process.env.BENCH_PORT ?? 3241);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const webDist = process.env.BENCH_WEB_DIST ?? join(tmpdir(), 'dossier-bench-web');
const homePath = '/index/firstTerm';
const TARGETS = { performance: 95, accessibility: 100, homeJsKb: HOME_JS_GZIP_KB };
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const kb = (bytes) => (bytes / 1000).toFixed(1);

function buildIfNeeded() {
  if (webBuildState(root, webDist) === 'fresh') return;
  process.stdout.write(`Building the web app into ${webDist}…\n`);
  if (buildWeb(root, webDist) !== 0) throw new Error('the web build failed');
}

/** The real server on BENCH_PORT over `dataDir`; `env` overrides its settings (the workbench bench's seeding run). */
async function startServer(dataDir, env = {}) {
  const busy = await fetch(`http://127.0.0.1:${port}/readyz`).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`port ${port} is already in use (set BENCH_PORT)`);
  await ensureServerBuild(root);
  const child = spawn(process.execPath, [join(serverDist(root), 'main.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // No payment happens in this bench; production otherwise refuses the default sandbox provider.
      INSECURE_DEMO_MODE: 'true',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server was not ready within 120 s');
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { child, base };
    await sleep(100);
  }
}

/** The built file behind an /assets/ URL, gzipped here (level 6, like `gzip -c`) whatever the server sent. */
function gzipSizeOf(url) {
  const path = join(webDist, new URL(url).pathname);
  const raw = readFileSync(path);
  return { raw: raw.length, gzip: gzipSync(raw).length };
}

function printJs(urls) {
  const files = [...new Set(urls)].map((url) => ({ name: new URL(url).pathname, ...gzipSizeOf(url) }));
  files.sort((a, b) => b.gzip - a.gzip);
  const width = Math.max(...files.map((f) => f.name.length));
  console.log(`\nJavaScript loaded by ${homePath} (${files.length} files)`);
  for (const f of files) {
    console.log(
      `  ${f.name.padEnd(width)}  ${kb(f.raw).padStart(7)} kB raw  ${kb(f.gzip).padStart(6)} kB gzip`,
    );
  }
  const total = files.reduce((s, f) => s + f.gzip, 0);
  const totalRaw = files.reduce((s, f) => s + f.raw, 0);
  console.log(
    `  ${'total'.padEnd(width)}  ${kb(totalRaw).padStart(7)} kB raw  ${kb(total).padStart(6)} kB gzip`,
  );
  return total / 1000;
}

/** Script URLs the home page requests until the network is idle (lazy route chunks included). */
async function homeScripts(base) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    const urls = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script' && res.url().startsWith(base)) urls.push(res.url());
    });
    await page.goto(`${base}${homePath}`, { waitUntil: 'networkidle' });
    await page.locator('.hero__title').waitFor();
    return urls;
  } finally {
    await browser.close();
  }
}

// `--preset=desktop` uses Lighthouse's desktop configuration (no CPU slowdown, fast network, 1350 px wide);
// the default is Lighthouse's own default, mobile.
const preset = process.argv.find((a) => a.startsWith('--preset='))?.slice('--preset='.length) ?? 'mobile';
if (!['mobile', 'desktop'].includes(preset)) {
  console.error(`Unknown --preset=${preset}: mobile or desktop`);
  process.exit(2);
}

async function runLighthouse(base) {
  const [{ default: lighthouse }, chromeLauncher, desktopConfig] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
    preset === 'desktop'
      ? import('lighthouse/core/config/desktop-config.js').then((m) => m.default)
      : undefined,
  ]);
  // No config for mobile: Lighthouse's own default, whatever this host's speed (benchmarkIndex is printed).
  const config = desktopConfig;
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: CHROMIUM_FLAGS });
  try {
    // Lighthouse's defaults: mobile form factor, simulated slow 4G and 4x CPU slowdown.
    const result = await lighthouse(
      `${base}${homePath}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      },
      config,
    );
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

/** Prints the run; returns its failures against `targets` (performance, accessibility). */
function report(lhr, targets = TARGETS) {
  const t = lhr.configSettings.throttling;
  console.log(
    `\nLighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}, ${lhr.configSettings.throttlingMethod} throttling, ` +
      `CPU ${t.cpuSlowdownMultiplier}x, host benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)}`,
  );
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ]) {
    const audit = lhr.audits[id];
    if (audit) console.log(`  ${audit.title.padEnd(26)} ${audit.displayValue ?? ''}`);
  }
  const out = [];
  for (const [id, target] of [
    ['performance', targets.performance],
    ['accessibility', targets.accessibility],
  ]) {
    const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
    console.log(`  ${`${id} score`.padEnd(26)} ${score} (target ≥ ${target})`);
    if (score < target) out.push(`${id} ${score} < ${target}`);
  }
  const failed = Object.values(lhr.audits).filter(
    (a) =>
      a.scoreDisplayMode === 'binary' &&
      a.score === 0 &&
      lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id),
  );
  for (const a of failed) console.log(`  accessibility: ${a.id} — ${a.title}`);
  return out;
}

function hasLighthouse() {
  return ['lighthouse', 'chrome-launcher'].every((p) => existsSync(join(root, 'node_modules', p)));
}

if (!jsOnly && !hasLighthouse()) {
  console.error('Lighthouse is not installed (npm package `lighthouse`, which brings `chrome-launcher`).');
  console.error('Run `npm run bench:home-js` for the JavaScript figures alone.');
  process.exit(2);
}

// `--workbench`: two logged-in workbench pages of a seeded case instead of the home page (issue 29 item 7).
if (process.argv.includes('--workbench')) {
  const { benchWorkbench } = await import('./bench-lighthouse-workbench.mjs');
  process.exit(await benchWorkbench({ chromiumPath, CHROMIUM_FLAGS, buildIfNeeded, startServer, report }));
}

buildIfNeeded();
const dataDir = mkdtempSync(join(tmpdir(), 'dossier-bench-lh-'));
const { child, base } = await startServer(dataDir);
const failures = [];
try {
  console.log(`bench:${jsOnly ? 'home-js' : 'lighthouse'} — ${base}${homePath}, web build ${webDist}`);
  if (jsOnly) {
    const totalKb = printJs(await homeScripts(base));
    if (totalKb > TARGETS.homeJsKb)
      failures.push(`home JavaScript ${totalKb.toFixed(1)} KB > ${TARGETS.homeJsKb} KB`);
  } else {
    const lhr = await runLighthouse(base);
    // LH_REPORT=/path.json keeps Lighthouse's whole report for a closer look.
    if (process.env.LH_REPORT) writeFileSync(process.env.LH_REPORT, JSON.stringify(lhr));
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
    const scripts = requests
      .filter((r) => r.resourceType === 'Script' && r.url.startsWith(base))
      .map((r) => r.url);
    const totalKb = printJs(scripts);
    if (totalKb > TARGETS.homeJsKb)
      failures.push(`home JavaScript ${totalKb.toFixed(1)} KB > ${TARGETS.homeJsKb} KB`);
    failures.push(...report(lhr));
  }
} finally {
  const exited = new Promise((r) => child.on('exit', r));
  child.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.log(`\nBelow target: ${failures.join('; ')}`);
  process.exit(1);
}
console.log('\nAll targets met.');
