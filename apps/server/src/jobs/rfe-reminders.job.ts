/**
 * RFE due-date reminders (decision 0079): hourly, so each customer's "today" (their own time zone) is seen soon after
 * it begins; each reminder is sent once whatever the number of runs (case_rfe.reminders_sent).
 */
export const RFE_REMINDERS_JOB = 'filing.rfe_reminders';
export const RFE_REMINDERS_CRON = '23 * * * *';
