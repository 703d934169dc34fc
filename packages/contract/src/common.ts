import { z } from 'zod';

/**
 * Field schemas every module shares: ids, pages, e-mail length, money bounds. Routes take these instead of
 * writing their own, so a bound fixed here holds everywhere (an id of 2³¹ is a 400, never a database error).
 */

/** Largest value of a PostgreSQL `integer` / `serial` column. */
export const INT32_MAX = 2_147_483_647;

/** A row id in a JSON body: a positive int32. */
export const ZIdValue = z.number().int().positive().max(INT32_MAX);
/** A row id from a path or query string (text, coerced). */
export const ZIdParam = z.coerce.number().int().positive().max(INT32_MAX);
/** `{ id }` path parameters. */
export const ZIdParams = z.object({ id: ZIdParam });
export type TIdParams = z.infer<typeof ZIdParams>;
/** A list of ids in a body (batch calls). */
export const ZIdList = (max: number) => z.array(ZIdValue).min(1).max(max);

/**
 * Bounded integers for everything else (issue 27 item 6): zod's `.int()` alone lets any safe integer through,
 * and a value past an int32 column reached the database as a 500. Every integer of the contract has both bounds
 * (packages/contract/test/integer-bounds.test.ts walks every exported schema).
 */
/** A version sent back with a change (409 version_conflict when stale): an int32 column, from 0. */
export const ZVersion = z.number().int().min(0).max(INT32_MAX);
/** A count, position, order, page or exhibit number: 0 … int32, what the columns it comes from hold. */
export const ZCountValue = z.number().int().min(0).max(INT32_MAX);
/** Bytes (bigint columns), seconds or a Unix time: 0 … 2⁵³ − 1, as far as a JSON number stays exact. */
export const ZSafeCount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** An amount in minor units in an answer (int32 amounts, their sums and differences), exact in JSON. */
export const ZMinorValue = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

/**
 * Deepest page a list may be asked for: `page × size` stays far below what OFFSET accepts, and nobody reads
 * page 10 001 of anything.
 */
export const PAGE_MAX = 10_000;

/** `page` (from 1) and `size` query parameters with a list's own default and largest size. */
export const ZPageQuery = (opts: { size: number; maxSize: number }) =>
  z.object({
    page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
    size: z.coerce.number().int().min(1).max(opts.maxSize).default(opts.size),
  });

/** A page of results: the total count and this page's items. */
export const ZPage = <T extends z.ZodType>(item: T) =>
  z.object({ count: ZCountValue, results: z.array(item) });

/** RFC 5321's limit on an address; every e-mail field uses it. */
export const EMAIL_MAX = 254;

/**
 * Largest amount in minor units any call accepts (10 000 000.00 in the major unit): far above any price
 * here, far below where integer columns or arithmetic would overflow.
 */
export const MONEY_MINOR_MAX = 1_000_000_000;
/** An amount in minor units (cents, fen) in a request. */
export const ZMinorAmount = z.number().int().positive().max(MONEY_MINOR_MAX);

/**
 * `Idempotency-Key` request header: the client picks one random key per intended action (a UUID) and sends the
 * same key again when it retries, so a retry after a lost answer does the action once.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const ZIdempotencyKey = z.string().regex(/^[A-Za-z0-9._:-]{16,100}$/, 'idempotency_key');
