import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { translate } from '@dossier/i18n';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { staticFile } from '../../db/schema/index.ts';
import { GUIDE_PDF } from '../case/eta9089-guide.ts';

/**
 * Files the release ships into the static-file catalogue (issue 11 §8): written into storage when missing or
 * changed, marked `generated`. Once staff replace one (`PUT /api/staff/static_file/{key}/`) it is theirs and a
 * release never overwrites it.
 */
export const SHIPPED_STATIC_FILES = [
  {
    key: 'eta9089.guide',
    file: GUIDE_PDF,
    contentType: 'application/pdf',
    nameKey: 'forms:eta9089.files.guide',
  },
] as const;

const ensured = new WeakMap<AppContext, Promise<void>>();

/** Once per process (and storage): cheap after the first call. A failure is retried on the next call. */
export function ensureShippedStaticFiles(ctx: AppContext): Promise<void> {
  let p = ensured.get(ctx);
  if (!p) {
    p = writeMissing(ctx).catch((err) => {
      ensured.delete(ctx);
      throw err;
    });
    ensured.set(ctx, p);
  }
  return p;
}

async function writeMissing(ctx: AppContext): Promise<void> {
  const db = ctx.db.db;
  for (const f of SHIPPED_STATIC_FILES) {
    const [row] = await db.select().from(staticFile).where(eq(staticFile.key, f.key));
    if (row?.source === 'staff') continue;
    const bytes = await readFile(f.file);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (row && row.sha256 === sha256 && (await ctx.storage.stat(row.storageKey))) continue;
    const storageKey = `static/${f.key}-${sha256.slice(0, 12)}.pdf`;
    await ctx.storage.put(storageKey, bytes, { contentType: f.contentType });
    const values = {
      nameZh: translate('zh', f.nameKey),
      nameEn: translate('en', f.nameKey),
      storageKey,
      contentType: f.contentType,
      size: bytes.length,
      sha256,
      source: 'generated',
      updatedAt: ctx.clock.now(),
    };
    await db
      .insert(staticFile)
      .values({ key: f.key, ...values })
      .onConflictDoUpdate({ target: staticFile.key, set: values });
    ctx.logger.info({ key: f.key, storageKey }, 'shipped static file written');
  }
}
