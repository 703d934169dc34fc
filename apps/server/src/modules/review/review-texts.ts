import { eq, inArray } from 'drizzle-orm';
import { objectId } from '../../cache/object-id.ts';
import type { AppContext } from '../../context.ts';
import { upload, uploadPageText } from '../../db/schema/index.ts';

/**
 * Each upload's text per page, for the review's text rules (letters that read alike, leftovers, translations):
 * the page text the upload check kept (upload_page_text, one entry per page; decision 0071), else, for an upload
 * checked before that store existed, its ~4 KB language sample as one page; [] when neither was read.
 *
 * A page-text row is written once, when the check accepts the file, and the review reads the case's texts on every
 * save (about 1.5 MB for the benchmark case: reading and parsing them was most of the review's input time). So the
 * process keeps the texts it read, by upload id and the row's time (a row written again reads again), bounded by
 * characters (least recently used first out); each call asks the database only for the ids and times, then the
 * pages of what it does not hold. The same arrays come back each time, so a rule may memoise per text by identity.
 */
const KEPT_CHARS_MAX = 24_000_000;

interface Kept {
  at: number;
  pages: readonly string[];
  chars: number;
}

/** By database and upload id: a process that opens several databases (the test suites) keeps them apart. */
const kept = new Map<string, Kept>();
let keptChars = 0;
const keyOf = (ctx: AppContext, uploadId: number) => `${objectId(ctx.db)}:${uploadId}`;

function keep(id: string, at: number, pages: readonly string[]) {
  const old = kept.get(id);
  if (old) {
    kept.delete(id);
    keptChars -= old.chars;
  }
  const chars = pages.reduce((n, p) => n + p.length, 0);
  if (chars > KEPT_CHARS_MAX / 4) return;
  kept.set(id, { at, pages, chars });
  keptChars += chars;
  for (const [oldest, k] of kept) {
    if (keptChars <= KEPT_CHARS_MAX) break;
    kept.delete(oldest);
    keptChars -= k.chars;
  }
}

/** Forgets what the process kept (tests; a process that wants its memory back). */
export function forgetPageTexts(): void {
  kept.clear();
  keptChars = 0;
}

export async function pageTextsOf(
  ctx: AppContext,
  ids: readonly number[],
): Promise<Map<number, readonly string[]>> {
  if (ids.length === 0) return new Map();
  const heads = await ctx.db.db
    .select({ id: upload.id, sample: upload.textSample, at: uploadPageText.createdAt })
    .from(upload)
    .leftJoin(uploadPageText, eq(uploadPageText.uploadId, upload.id))
    .where(inArray(upload.id, [...ids]));
  const out = new Map<number, readonly string[]>();
  const missing: number[] = [];
  for (const h of heads) {
    if (!h.at) {
      out.set(h.id, h.sample ? [h.sample] : []);
      continue;
    }
    const key = keyOf(ctx, h.id);
    const k = kept.get(key);
    if (k && k.at === h.at.getTime()) {
      // Most recently used last.
      kept.delete(key);
      kept.set(key, k);
      out.set(h.id, k.pages);
    } else missing.push(h.id);
  }
  if (missing.length > 0) {
    const rows = await ctx.db.db
      .select({ id: uploadPageText.uploadId, pages: uploadPageText.pages, at: uploadPageText.createdAt })
      .from(uploadPageText)
      .where(inArray(uploadPageText.uploadId, missing));
    for (const r of rows) {
      const pages = Array.isArray(r.pages) ? r.pages.map((p) => (typeof p === 'string' ? p : '')) : [];
      keep(keyOf(ctx, r.id), r.at.getTime(), pages);
      out.set(r.id, pages);
    }
  }
  return out;
}
