import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { upload, uploadPageText } from '../../db/schema/index.ts';

/**
 * Each upload's text per page, for the review's text rules (letters that read alike, leftovers, translations):
 * the page text the upload check kept (upload_page_text, one entry per page; decision 0071), else, for an upload
 * checked before that store existed, its ~4 KB language sample as one page; [] when neither was read. One query.
 */
export async function pageTextsOf(ctx: AppContext, ids: readonly number[]): Promise<Map<number, string[]>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db.db
    .select({ id: upload.id, sample: upload.textSample, pages: uploadPageText.pages })
    .from(upload)
    .leftJoin(uploadPageText, eq(uploadPageText.uploadId, upload.id))
    .where(inArray(upload.id, [...ids]));
  return new Map(rows.map((r) => [r.id, textsOf(r.pages, r.sample)]));
}

function textsOf(pages: unknown, sample: string | null): string[] {
  if (Array.isArray(pages)) return pages.map((p) => (typeof p === 'string' ? p : ''));
  return sample ? [sample] : [];
}
