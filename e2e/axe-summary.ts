import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AxeResult } from './fixtures.ts';
import { AXE_RESULTS_DIR } from './fixtures.ts';

/** Global setup: a run starts without the previous run's axe results. */
export function clearAxeResults(): void {
  rmSync(AXE_RESULTS_DIR, { recursive: true, force: true });
}

/**
 * Global teardown: the axe totals per screen × language × project, as a table in test-results/axe-summary.md
 * (and printed), for the closing note of a change. One row per screen; a screen analysed in several journeys
 * counts once.
 */
export function writeAxeSummary(): string {
  if (!existsSync(AXE_RESULTS_DIR)) return '';
  const rows = new Map<string, AxeResult>();
  for (const file of readdirSync(AXE_RESULTS_DIR)) {
    const result = JSON.parse(readFileSync(join(AXE_RESULTS_DIR, file), 'utf8')) as AxeResult;
    rows.set(`${result.screen}\u0000${result.lang}\u0000${result.project}`, result);
  }
  const sorted = [...rows.values()].sort(
    (a, b) =>
      a.screen.localeCompare(b.screen) || a.lang.localeCompare(b.lang) || a.project.localeCompare(b.project),
  );
  const lines = [
    '| screen | language | project | critical | serious | moderate | minor |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: |',
    ...sorted.map(
      (r) =>
        `| ${r.screen} | ${r.lang} | ${r.project} | ${r.totals.critical} | ${r.totals.serious} | ` +
        `${r.totals.moderate} | ${r.totals.minor} |`,
    ),
  ];
  const text = `${lines.join('\n')}\n`;
  writeFileSync(join('test-results', 'axe-summary.md'), text);
  return text;
}
