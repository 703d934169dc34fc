import type { Readable } from 'node:stream';
import type { Locale, TAreaCode, TStaticFile, TTimezone } from '@dossier/contract';
import { asc, count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { areaCode, staticFile, timezone } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { StorageNotFoundError } from '../../providers/storage/storage.ts';
import { ensureShippedStaticFiles } from './shipped-files.ts';

export async function listAreaCodes(
  ctx: AppContext,
  opts: { size: number; page: number },
): Promise<{ count: number; results: TAreaCode[] }> {
  const db = ctx.db.db;
  const [total] = await db.select({ n: count() }).from(areaCode);
  const rows = await db
    .select()
    .from(areaCode)
    .orderBy(asc(areaCode.position), asc(areaCode.id))
    .limit(opts.size)
    .offset((opts.page - 1) * opts.size);
  return {
    count: total?.n ?? 0,
    results: rows.map((r) => ({
      id: r.id,
      area_code: r.areaCode,
      short_name: r.shortName,
      name_zh: r.nameZh,
      name_en: r.nameEn,
    })),
  };
}

/** Whether `code` is a seeded calling code (the only ones we draw captchas for, send codes to or store). */
export async function isKnownAreaCode(ctx: AppContext, code: string): Promise<boolean> {
  const [row] = await ctx.db.db
    .select({ id: areaCode.id })
    .from(areaCode)
    .where(eq(areaCode.areaCode, code))
    .limit(1);
  return row !== undefined;
}

export async function listTimezones(ctx: AppContext, opts: { locale: Locale }): Promise<TTimezone[]> {
  const rows = await ctx.db.db.select().from(timezone).orderBy(asc(timezone.position));
  return rows.map((r) => ({
    code: r.code,
    name: opts.locale === 'en' ? r.nameEn : r.nameZh,
    offset_minutes: r.offsetMinutes,
  }));
}

export async function listStaticFiles(ctx: AppContext, opts: { locale: Locale }): Promise<TStaticFile[]> {
  await ensureShippedStaticFiles(ctx);
  const rows = await ctx.db.db.select().from(staticFile).orderBy(asc(staticFile.key));
  return rows.map((r) => ({
    id: r.id,
    key: r.key,
    name: opts.locale === 'en' ? r.nameEn : r.nameZh,
    url: `/api/customer/messy/static_files/${r.id}/download/`,
    content_type: r.contentType,
    size: r.size,
    updated_at: r.updatedAt.toISOString(),
  }));
}

export async function openStaticFile(
  ctx: AppContext,
  opts: { id: number; locale: Locale },
): Promise<{ stream: Readable; contentType: string; size: number; filename: string }> {
  await ensureShippedStaticFiles(ctx);
  const [row] = await ctx.db.db.select().from(staticFile).where(eq(staticFile.id, opts.id));
  if (!row) throw notFound();
  try {
    const { object, stream } = await ctx.storage.get(row.storageKey);
    const ext = row.storageKey.includes('.') ? row.storageKey.slice(row.storageKey.lastIndexOf('.')) : '';
    const name = opts.locale === 'en' ? row.nameEn : row.nameZh;
    return { stream, contentType: object.contentType, size: object.size, filename: `${name}${ext}` };
  } catch (e) {
    if (e instanceof StorageNotFoundError) {
      ctx.logger.error({ id: row.id, key: row.storageKey }, 'static file row without stored object');
      throw notFound();
    }
    throw e;
  }
}
