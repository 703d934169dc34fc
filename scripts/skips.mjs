// Skipped tests under CI (issue 29 item 9, decision 0059): every skip a run reports is named and compared with
// scripts/skips-allowed.json, so a test that starts skipping (a guard that no longer finds what it needs, a
// forgotten `.skip`) fails the run instead of passing as "N skipped".
import { relative } from 'node:path';

/** `part › file › titles`: how a skipped test is named in reports and in the allowlist. */
const idOf = (part, file, titles) => [part, file, ...titles].join(' › ');

/**
 * The skipped tests of a vitest JSON report (`--reporter=json`): pending, skipped and todo assertions, named by
 * their file (relative to `root`) and full name.
 */
export function vitestSkips(report, part, root) {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((a) => a.status === 'pending' || a.status === 'skipped' || a.status === 'todo')
      .map((a) => idOf(part, relative(root, file.name), [...(a.ancestorTitles ?? []), a.title])),
  );
}

/**
 * The failed tests of a vitest JSON report, named like skips, each with the first line of its first failure — the
 * run's summary repeats them at the end, where a CI log that keeps only its tail still shows them.
 */
export function vitestFailures(report, part, root) {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((a) => a.status === 'failed')
      .map((a) => {
        const why = String(a.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 200);
        return `${idOf(part, relative(root, file.name), [...(a.ancestorTitles ?? []), a.title])}${why ? `: ${why}` : ''}`;
      }),
  );
}

/** The tests of a Playwright JSON report that `keep` selects, one per project, named by their describe blocks. */
function playwrightTests(report, part, keep) {
  const out = [];
  const walk = (suite, titles) => {
    const here = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (keep(t)) out.push(idOf(`${part} [${t.projectName}]`, spec.file, [...here, spec.title]));
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return out;
}

/** The failed tests of a Playwright JSON report (failed on every try), one per project. */
export const playwrightFailures = (report, part = 'e2e') =>
  playwrightTests(report, part, (t) => t.status === 'unexpected');

/** The journeys of a Playwright JSON report that passed only on their retry, one per project. */
export const playwrightFlaky = (report, part = 'e2e') =>
  playwrightTests(report, part, (t) => t.status === 'flaky').map((name) => `${name} (flaky)`);

/** The skipped tests of a Playwright JSON report, one per project that skipped it. */
export const playwrightSkips = (report, part = 'e2e') =>
  playwrightTests(report, part, (t) => t.status === 'skipped' || t.expectedStatus === 'skipped');

/**
 * Skips the allowlist does not name. Each entry `{ test, why }` names one test, or a describe block or a file
 * whose tests are all allowed to skip (a block that runs on one database only): it matches a skipped test's name
 * whole or up to a ` › `.
 */
export function unexpectedSkips(found, allowed) {
  return found.filter((f) => !allowed.some((a) => f === a.test || f.startsWith(`${a.test} › `)));
}
