import { z } from 'zod';
import { ZCountValue, ZIdValue, ZPageQuery, ZSafeCount } from './common.ts';

/** Phone area code entry (spec §3 Reference lists). */
export const ZAreaCode = z.object({
  id: ZIdValue,
  area_code: z.string(),
  short_name: z.string(),
  name_zh: z.string(),
  name_en: z.string(),
});
export type TAreaCode = z.infer<typeof ZAreaCode>;

export const ZAreaCodeQuery = ZPageQuery({ size: 200, maxSize: 500 });

/** Time zone entry: `name` is what people read, `code` the IANA identifier. */
export const ZTimezone = z.object({
  name: z.string(),
  code: z.string(),
  offset_minutes: z.number().int().min(-1440).max(1440),
});
export type TTimezone = z.infer<typeof ZTimezone>;

/** Static file in the catalogue staff maintain (templates, instructions, guides). */
export const ZStaticFile = z.object({
  id: ZIdValue,
  key: z.string(),
  name: z.string(),
  url: z.string(),
  content_type: z.string(),
  size: ZSafeCount,
  updated_at: z.string(),
});
export type TStaticFile = z.infer<typeof ZStaticFile>;

export const ZHealth = z.object({ status: z.literal('ok') });
export const ZReady = z.object({
  status: z.literal('ready'),
  database: z.string(),
  migrations: ZCountValue,
  /** `degraded`: Redis does not answer and the rate limits count per process; `off`: no REDIS_URL. */
  redis: z.enum(['ok', 'degraded', 'off']),
});
/**
 * `/readyz` 503: `reason` says what is not ready, for the operator (`database: ECONNREFUSED`, `migrations 3/5`,
 * `workers: starting (retry 3 in 4 s: 57P01)`); error codes and known messages only, the whole errors are logged.
 */
export const ZNotReady = z.object({
  code: z.string().max(100),
  msg: z.string().max(500),
  reason: z.string().max(500),
});
