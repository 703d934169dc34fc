import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { upload } from '../../db/schema/index.ts';

/**
 * Each upload's text per page, for the review's text rules (letters that read alike, leftovers, translations).
 * For now the stored ~4 KB sample as one page; the page-text store replaces this.
 */
export async function pageTextsOf(ctx: AppContext, ids: readonly number[]): Promise<Map<number, string[]>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db.db
    .select({ id: upload.id, text: upload.textSample })
    .from(upload)
    .where(inArray(upload.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.text ? [r.text] : []]));
}
