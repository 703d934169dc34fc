/** ../shared beside the checkout: the corpora, the official forms, the field maps. CI has it, a fresh clone not. */
export const SHARED_DIR: string;
/** True when this is a CI run: CI is `true` (any case) or `1`. */
export function isCI(env?: NodeJS.ProcessEnv): boolean;
/**
 * A suite's precondition, `present` or not. Missing: throws under CI, prints `SKIPPED <what>: <why>` elsewhere.
 * Returns `present`.
 */
export function requiredInCI(present: boolean, what: string, why: string): boolean;
/** Whether a journey that passed only on its retry fails the run: under CI, unless E2E_FAIL_ON_FLAKY says otherwise. */
export function failOnFlaky(ci: boolean, setting: string | undefined): boolean;
