// One answer to "is this a CI run?" for scripts/test.mjs, the vitest suites and the journeys (decision 0059).
// CI is `CI=true` or `CI=1` (what CI services set; .ci/run sets `true`); anything else, `false` and `0`
// included, is a developer's machine. Under CI a test that lacks what it needs fails; elsewhere it is skipped
// with a line that starts with SKIPPED and says what is missing.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** ../shared beside the checkout: the corpora, the official forms, the field maps. CI has it, a fresh clone not. */
export const SHARED_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared');

/** True when this is a CI run: CI is `true` (any case) or `1`. */
export function isCI(env = process.env) {
  const value = (env.CI ?? '').trim().toLowerCase();
  return value === 'true' || value === '1';
}

/**
 * A suite's precondition (a folder of ../shared, a tool, a service), `present` or not. When it is missing, CI
 * fails here (the run must not pass without those tests); elsewhere one `SKIPPED <what>: <why>` line is printed.
 * Returns `present`, for `describe.runIf(...)`.
 */
export function requiredInCI(present, what, why) {
  if (present) return true;
  if (isCI()) throw new Error(`REQUIRED in CI — ${what}: ${why}`);
  console.warn(`SKIPPED ${what}: ${why}`);
  return false;
}

/**
 * Whether a journey that passed only on its retry fails the run (issue 29 item 9, decision 0096): under CI yes,
 * elsewhere no; `E2E_FAIL_ON_FLAKY=1` or `0` decides instead when it is set.
 */
export function failOnFlaky(ci, setting) {
  if (setting === '1') return true;
  if (setting === '0') return false;
  return ci;
}
