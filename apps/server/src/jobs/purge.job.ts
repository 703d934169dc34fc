import { z } from 'zod';

/**
 * The daily purge: removes what nobody needs any more. Later issues register their own steps
 * (expired captchas and SMS codes, accounts past their deletion grace, stale print files).
 */
export const PURGE_JOB = 'maintenance.purge';
/** 03:17 UTC daily: off the hour, when the audience (China, US) is least active. */
export const PURGE_CRON = '17 3 * * *';
export const ZPurgePayload = z.object({ reason: z.enum(['schedule', 'manual']).default('schedule') });
export type TPurgePayload = z.infer<typeof ZPurgePayload>;
/** Leftovers of interrupted uploads older than this are removed. */
export const INCOMPLETE_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;
