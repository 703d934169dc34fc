/**
 * The case status scheduler's job (decision 0079): one run every `tickSeconds` (config.caseStatus). A tick of a
 * whole number of minutes that divides the hour is a pg-boss cron; any other tick (e2e uses a few seconds) is a
 * self-rescheduling job: each run sends the next one `tickSeconds` later, under one singleton key so two workers
 * never hold two chains.
 */
export const CASE_STATUS_POLL_JOB = 'filing.case_status_poll';
export const CASE_STATUS_POLL_SINGLETON = 'case-status-tick';

/** The cron for a tick, or null when the tick needs the self-rescheduling chain. */
export function caseStatusCron(tickSeconds: number): string | null {
  if (tickSeconds < 60 || tickSeconds % 60 !== 0) return null;
  const minutes = tickSeconds / 60;
  if (minutes === 60) return '0 * * * *';
  if (minutes > 60 || 60 % minutes !== 0) return null;
  return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
}
