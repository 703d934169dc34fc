import { createHash } from 'node:crypto';
import { ErrorCode, type TStaticFile } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { staticFile } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordAudit, type StaffActor } from '../staff/audit.service.ts';
import { listStaticFiles } from './reference.service.ts';

/** Content types staff may put in the catalogue, with the extension the download gets. */
export const STATIC_FILE_TYPES: Readonly<Record<string, { ext: string; magic: string }>> = {
  'application/pdf': { ext: '.pdf', magic: '%PDF-' },
  'application/zip': { ext: '.zip', magic: 'PK' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { ext: '.docx', magic: 'PK' },
};

/** Catalogue keys the product knows, with their names (a new key needs both names from staff). */
const KNOWN_KEYS: Readonly<Record<string, string>> = {
  'eta9089.form': 'forms:eta9089.files.form',
  'eta9089.instructions': 'forms:eta9089.files.instructions',
  'eta9089.guide': 'forms:eta9089.files.guide',
};

/**
 * `PUT /api/staff/static_file/{key}/`: adds or replaces a catalogue file without a release (the ETA-9089 form,
 * its instructions, the filling guide, templates). The file's first bytes must match its content type.
 */
export async function replaceStaticFile(
  ctx: AppContext,
  opts: {
    key: string;
    bytes: Uint8Array;
    contentType: string;
    nameZh?: string | undefined;
    nameEn?: string | undefined;
    who: StaffActor;
  },
): Promise<TStaticFile> {
  const type = STATIC_FILE_TYPES[opts.contentType];
  const head = Buffer.from(opts.bytes.subarray(0, 8)).toString('latin1');
  if (!type || !head.startsWith(type.magic)) {
    throw new AppError(415, ErrorCode.unsupportedMediaType, 'errors:unsupported_media_type');
  }
  const db = ctx.db.db;
  const [existing] = await db.select().from(staticFile).where(eq(staticFile.key, opts.key));
  const known = KNOWN_KEYS[opts.key];
  const nameZh = opts.nameZh ?? existing?.nameZh ?? (known ? translate('zh', known) : undefined);
  const nameEn = opts.nameEn ?? existing?.nameEn ?? (known ? translate('en', known) : undefined);
  if (!nameZh || !nameEn) {
    throw new AppError(400, ErrorCode.validation, 'errors:validation', { field: 'querystring.name_zh' });
  }
  const sha256 = createHash('sha256').update(opts.bytes).digest('hex');
  const storageKey = `static/${opts.key}-${sha256.slice(0, 12)}${type.ext}`;
  await ctx.storage.put(storageKey, opts.bytes, { contentType: opts.contentType });
  const now = ctx.clock.now();
  const values = {
    nameZh,
    nameEn,
    storageKey,
    contentType: opts.contentType,
    size: opts.bytes.length,
    sha256,
    source: 'staff',
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(staticFile)
      .values({ key: opts.key, ...values })
      .onConflictDoUpdate({ target: staticFile.key, set: values });
    await recordAudit(ctx, tx, opts.who, {
      action: 'static_file.replace',
      targetType: 'static_file',
      targetId: opts.key,
      before: existing ? { sha256: existing.sha256, size: existing.size, source: existing.source } : null,
      after: { sha256, size: opts.bytes.length, source: 'staff' },
    });
  });
  const list = await listStaticFiles(ctx, { locale: 'en' });
  return list.find((f) => f.key === opts.key)!;
}
