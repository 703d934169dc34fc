// `npm test`: typecheck + lint, unit and integration suites in one vitest run (PGlite always, PostgreSQL when
// TEST_DATABASE_URL is set), then the Playwright journeys in Debian's Chromium when it is installed.
// Parts that cannot run here are skipped with a line saying so — unless this is CI (scripts/ci.mjs isCI), where
// they are required.
// The last line is `N passed, N failed, N skipped`.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failOnFlaky, isCI } from './ci.mjs';
import {
  playwrightFailures,
  playwrightFlaky,
  playwrightSkips,
  unexpectedSkips,
  vitestFailures,
  vitestSkips,
} from './skips.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ci = isCI();
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
/** Every skipped test, by name (scripts/skips.mjs); under CI compared with scripts/skips-allowed.json. */
const skipped = [];
/** Every failed test, by name and first line of its failure: repeated at the end of the run's output. */
const failures = [];
/** Runs a command to its end; its status (1 when it could not start or was killed). `output`: a file for its output. */
function run(cmd, args, env = {}, output = null) {
  const fd = output ? openSync(output, 'w') : null;
  const child = spawn(cmd, args, {
    cwd: root,
    stdio: fd === null ? 'inherit' : ['ignore', fd, fd],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (status) => {
      if (fd !== null) closeSync(fd);
      resolve(status ?? 1);
    });
  });
}
const bin = (pkg, path) => join(root, 'node_modules', pkg, path);

/** Each part's wall-clock time, printed as it ends and again with the total at the end (a full run's length). */
const started = performance.now();
const timings = [];
let current = null;
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
/** A part has ended: its time is printed now and in the table at the end. */
function partEnded(title, ms) {
  timings.push([title, ms]);
  process.stdout.write(`\n--- ${title}: ${seconds(ms)}\n`);
}
function endSection() {
  if (!current) return;
  partEnded(current.title, performance.now() - current.t0);
  current = null;
}
function section(title) {
  endSection();
  current = { title, t0: performance.now() };
  process.stdout.write(`\n=== ${title} ===\n`);
}

function skip(what, why) {
  const line = `SKIPPED ${what}: ${why}`;
  if (ci) {
    process.stdout.write(`REQUIRED in CI but unavailable — ${what}: ${why}\n`);
    totals.failed++;
    problems.push(what);
  } else {
    process.stdout.write(`${line}\n`);
  }
}

// A part of the run, for a developer's shorter run: TEST_PARTS=unit,e2e runs only those parts (typecheck, lint,
// unit, server-pglite, server-postgres, e2e), TEST_FILTER="a.test.ts b.test.ts" passes file filters to vitest and
// Playwright. A part left out is a skip, which fails a CI run like any other.
const parts = process.env.TEST_PARTS?.split(',').map((p) => p.trim());
const filters = process.env.TEST_FILTER?.split(/\s+/).filter(Boolean) ?? [];
const wanted = (part) => {
  if (!parts || parts.includes(part)) return true;
  skip(part, 'not in TEST_PARTS');
  return false;
};

// 1. Typecheck and lint. tsc -b keeps one core busy for a minute: it runs beside lint and vitest (decision 0095), its
// output kept and printed once it ends.
const typecheck = wanted('typecheck')
  ? (() => {
      const log = join(tmp, 'typecheck.log');
      const t0 = performance.now();
      return run(process.execPath, [bin('typescript', 'bin/tsc'), '-b', 'tsconfig.json'], {}, log).then(
        (status) => ({ status, log, ms: performance.now() - t0 }),
      );
    })()
  : null;
if (wanted('lint')) {
  section('lint (biome)');
  if ((await run(process.execPath, [bin('@biomejs/biome', 'bin/biome'), 'check', '.'])) !== 0) {
    totals.failed++;
    problems.push('lint');
  } else totals.passed++;
}

// 2. vitest: unit + PGlite integration, + PostgreSQL integration when configured — the projects in one vitest run
// (decision 0095): its two workers go from one project's files to the next, instead of one worker idling while
// the other finishes a project's last file. Counts, skips and failures stay per project
// (scripts/vitest-json-per-project.mjs writes one JSON report per project).
const projects = ['unit', 'server-pglite'];
if (process.env.TEST_DATABASE_URL) projects.push('server-postgres');
else
  skip(
    'PostgreSQL integration suites',
    'TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test)',
  );
if (process.env.TEST_DATABASE_URL && !process.env.TEST_REDIS_URL)
  skip('Redis fault tests', 'TEST_REDIS_URL is not set (e.g. redis://127.0.0.1:6379)');
const vitestProjects = projects.filter(wanted);
if (vitestProjects.length) {
  section(`vitest ${vitestProjects.join(' + ')}`);
  const reportOf = (project) => join(tmp, `vitest-${project}.json`);
  for (const project of vitestProjects) rmSync(reportOf(project), { force: true });
  const vitestStatus = await run(
    process.execPath,
    [
      bin('vitest', 'vitest.mjs'),
      'run',
      ...vitestProjects.flatMap((project) => ['--project', project]),
      '--reporter=default',
      `--reporter=${join(root, 'scripts', 'vitest-json-per-project.mjs')}`,
      ...(filters.length ? ['--passWithNoTests', ...filters] : []),
    ],
    { VITEST_JSON_DIR: tmp },
  );
  const reports = vitestProjects
    .filter((project) => existsSync(reportOf(project)))
    .map((project) => [project, JSON.parse(readFileSync(reportOf(project), 'utf8'))]);
  for (const [project, r] of reports) {
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
    skipped.push(...vitestSkips(r, `vitest ${project}`, root));
    failures.push(...vitestFailures(r, `vitest ${project}`, root));
  }
  if (vitestStatus !== 0 && reports.every(([, r]) => r.numFailedTests === 0)) {
    totals.failed++;
    // Say which: a file that failed outside its tests (import, hook), or an error thrown after a test ended.
    const files = reports.flatMap(([project, r]) =>
      (r.testResults ?? []).filter((f) => f.status === 'failed').map((f) => [project, f]),
    );
    const why = files.length
      ? files.map(
          ([project, f]) =>
            `${project} ${relative(root, f.name)}: ${String(f.message ?? '')
              .split('\n')[0]
              .slice(0, 200)}`,
        )
      : reports.length
        ? ['an error outside any test (vitest\'s "Unhandled Errors" above)']
        : ['no report'];
    problems.push(`vitest (suite error: ${why.join('; ')})`);
  }
}

// The typecheck's end (started in 1.), before the journeys: they need both cores.
if (typecheck) {
  endSection();
  const { status, log, ms } = await typecheck;
  const title = 'typecheck (tsc -b, beside lint and vitest)';
  process.stdout.write(`\n=== ${title} ===\n${readFileSync(log, 'utf8')}`);
  partEnded(title, ms);
  if (status !== 0) {
    totals.failed++;
    problems.push('typecheck');
  }
}

// 3. e2e in a real browser.
if (!wanted('e2e')) {
  // Left out by TEST_PARTS (a skip, above).
} else if (process.env.SKIP_E2E === '1' && !ci) {
  skip('e2e journeys', 'SKIP_E2E=1');
} else if (!existsSync(chromium)) {
  skip('e2e journeys', `Chromium not found at ${chromium} (apt-get install chromium)`);
} else {
  section('e2e (Playwright, Debian Chromium)');
  const e2eJson = join(root, 'test-results', 'e2e.json');
  rmSync(e2eJson, { force: true });
  const status = await run(process.execPath, [bin('@playwright/test', 'cli.js'), 'test', ...filters], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
  });
  if (existsSync(e2eJson)) {
    const report = JSON.parse(readFileSync(e2eJson, 'utf8'));
    const s = report.stats;
    totals.passed += s.expected + s.flaky;
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
    skipped.push(...playwrightSkips(report));
    failures.push(...playwrightFailures(report));
    // Passed only on their retry (playwright.config.ts retries once under CI for the trace): named, and under
    // CI counted as failed (issue 29 item 9, decision 0096). E2E_FAIL_ON_FLAKY=1 asks for it outside CI,
    // E2E_FAIL_ON_FLAKY=0 turns it off (a developer chasing another failure).
    if (s.flaky > 0) {
      process.stdout.write(
        `\ne2e: ${s.flaky} journey(s) passed only on their retry (flaky, see the list above)\n`,
      );
      if (failOnFlaky(ci, process.env.E2E_FAIL_ON_FLAKY)) {
        totals.passed -= s.flaky;
        totals.failed += s.flaky;
        failures.push(...playwrightFlaky(report));
        problems.push(`e2e (${s.flaky} flaky)`);
      }
    }
    if (status !== 0 && s.unexpected === 0) {
      totals.failed++;
      problems.push('e2e (run error)');
    }
  } else if (status !== 0) {
    totals.failed++;
    problems.push('e2e (no report)');
  }
}

endSection();
if (skipped.length) process.stdout.write(`\nSkipped tests:\n${skipped.map((n) => `  ${n}`).join('\n')}\n`);
if (ci) {
  const allowed = JSON.parse(readFileSync(join(root, 'scripts', 'skips-allowed.json'), 'utf8')).allowed;
  const unexpected = unexpectedSkips(skipped, allowed);
  if (unexpected.length) {
    process.stdout.write(
      `\nSkipped under CI but not in scripts/skips-allowed.json (each fails the run):\n${unexpected.map((n) => `  ${n}`).join('\n')}\n`,
    );
    totals.failed += unexpected.length;
    problems.push(`${unexpected.length} unexpected skip(s)`);
  }
}
process.stdout.write(
  `\nTime per part:\n${timings.map(([title, ms]) => `  ${title.padEnd(48)} ${seconds(ms).padStart(7)}`).join('\n')}\n  ${'total'.padEnd(48)} ${seconds(performance.now() - started).padStart(7)}\n`,
);
if (failures.length) process.stdout.write(`\nFailed tests:\n${failures.map((n) => `  ${n}`).join('\n')}\n`);
if (problems.length) process.stdout.write(`\nFailed parts: ${problems.join(', ')}\n`);
process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(totals.failed > 0 ? 1 : 0);
