export interface AllowedSkip {
  test: string;
  why: string;
}
/** The skipped tests of a vitest JSON report, named `part › file › titles`. */
export function vitestSkips(report: unknown, part: string, root: string): string[];
/** The skipped tests of a Playwright JSON report, named `e2e [project] › file › titles`. */
export function playwrightSkips(report: unknown, part?: string): string[];
/** Skips the allowlist does not name (an entry names a test, or a describe block or file: a prefix up to ` › `). */
export function unexpectedSkips(found: readonly string[], allowed: readonly AllowedSkip[]): string[];
/** The failed tests of a vitest JSON report, named like skips, each with the first line of its failure. */
export function vitestFailures(report: unknown, part: string, root: string): string[];
/** The failed tests of a Playwright JSON report (failed on every try), one per project. */
export function playwrightFailures(report: unknown, part?: string): string[];
/** The journeys of a Playwright JSON report that passed only on their retry, one per project, marked `(flaky)`. */
export function playwrightFlaky(report: unknown, part?: string): string[];
