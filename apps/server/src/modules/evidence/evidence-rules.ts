import {
  EvidenceErrorCode as E,
  type Locale,
  ShopErrorCode,
  type TFileRef,
  type TranslationMode,
  UploadErrorCode,
  WEB_LINK_MAX,
} from '@dossier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { upload } from '../../db/schema/index.ts';
import { AppError, errorOf, notFound } from '../../plugins/errors.ts';

/** 400 with the rule's code and the field the screen highlights. */
export const ruleError = (code: string, field: string, status = 400) =>
  new AppError(status, code, `errors:${code}`, {}, { field });

/** A text field: trimmed, and empty counts as missing. */
export const text = (v: string | null | undefined): string | null => {
  const s = v?.trim();
  return s ? s : null;
};

export interface TranslatedFileInput {
  name?: string | null | undefined;
  name_en?: string | null | undefined;
  needs_translation?: boolean | null | undefined;
  translation_mode?: TranslationMode | null | undefined;
  original_upload_id?: number | null | undefined;
  translation_upload_id?: number | null | undefined;
}

export interface Translation {
  needsTranslation: boolean;
  translationMode: TranslationMode | null;
}

/**
 * Spec §5 "must choose whether translation is needed" and "must choose the translation method". Translation by
 * the service needs the TRANSLATION add-on (403 purchase_before_use); without translation no mode or translated
 * file may be given.
 */
export function checkTranslation(
  input: Pick<TranslatedFileInput, 'needs_translation' | 'translation_mode'>,
  services: readonly string[],
): Translation {
  if (input.needs_translation === null || input.needs_translation === undefined) {
    throw ruleError(E.translationNeedRequired, 'needs_translation');
  }
  if (!input.needs_translation) {
    if (input.translation_mode) throw ruleError(E.translationNotNeeded, 'translation_mode');
    return { needsTranslation: false, translationMode: null };
  }
  if (!input.translation_mode) throw ruleError(E.translationModeRequired, 'translation_mode');
  if (input.translation_mode === 'service' && !services.includes('TRANSLATION')) {
    throw errorOf(403, ShopErrorCode.purchaseBeforeUse);
  }
  return { needsTranslation: true, translationMode: input.translation_mode };
}

export interface CheckedFile extends Translation {
  name: string;
  nameEn: string | null;
  originalUploadId: number;
  translationUploadId: number | null;
}

/**
 * The evidence-file and US-plan-attachment rules of spec §5, in the dialog's order: translation need, method,
 * original file, translated file (personal translation), name, English name (personal translation).
 */
export function checkTranslatedFile(input: TranslatedFileInput, services: readonly string[]): CheckedFile {
  const t = checkTranslation(input, services);
  const original = input.original_upload_id ?? null;
  const translation = input.translation_upload_id ?? null;
  if (original === null) throw ruleError(E.originalRequired, 'original_upload_id');
  if (!t.needsTranslation && translation !== null) {
    throw ruleError(E.translationNotNeeded, 'translation_upload_id');
  }
  if (t.translationMode === 'personal' && translation === null) {
    throw ruleError(E.translationFileRequired, 'translation_upload_id');
  }
  if (translation !== null && translation === original) {
    throw ruleError(E.translationFileRequired, 'translation_upload_id');
  }
  const name = text(input.name);
  if (!name) throw ruleError(E.nameRequired, 'name');
  const nameEn = text(input.name_en);
  if (t.translationMode === 'personal' && !nameEn) throw ruleError(E.nameEnRequired, 'name_en');
  return { ...t, name, nameEn, originalUploadId: original, translationUploadId: translation };
}

/** An optional web link: a full http(s) URL or nothing. */
export function checkWebLink(v: string | null | undefined): string | null {
  const s = text(v);
  if (!s) return null;
  let ok = false;
  try {
    const u = new URL(s);
    ok = (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '' && s.length <= WEB_LINK_MAX;
  } catch {
    ok = false;
  }
  if (!ok) throw ruleError(E.webLinkInvalid, 'web_link');
  return s;
}

/**
 * Reorder rule: `ids` must be exactly the list's ids, each once (409 order_invalid "Sequencing failure"); an id
 * that is not in the list at all is a 404 (another customer's id never reveals that it exists). Answers the new
 * 1-based positions.
 */
export function checkOrder(current: readonly number[], ids: readonly number[]): Map<number, number> {
  const known = new Set(current);
  const seen = new Set<number>();
  for (const id of ids) {
    if (!known.has(id)) throw notFound();
    if (seen.has(id)) throw errorOf(409, E.orderInvalid);
    seen.add(id);
  }
  if (seen.size !== known.size) throw errorOf(409, E.orderInvalid);
  return new Map(ids.map((id, i) => [id, i + 1]));
}

/** The uploads rows show (name, normaliser status, pages, size, refusal), by id, of this customer only. */
export async function fileRefs(
  db: Db,
  customerId: number,
  ids: readonly (number | null)[],
  locale: Locale,
): Promise<Map<number, TFileRef>> {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select()
    .from(upload)
    .where(and(eq(upload.customerId, customerId), inArray(upload.id, wanted)));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        upload_id: r.id,
        name: r.originalName,
        status: r.status as TFileRef['status'],
        pages: r.status === 'ready' ? r.pages : null,
        pdf_size: r.status === 'ready' ? r.pdfSize : null,
        refusal:
          r.status === 'refused'
            ? {
                code: r.refusalCode ?? UploadErrorCode.refused,
                msg: (locale === 'en' ? r.refusalEn : r.refusalZh) ?? '',
              }
            : null,
      },
    ]),
  );
}

/** A FileRef for a row's upload id (a purged upload shows as refused rather than failing the whole list). */
export function refOf(refs: Map<number, TFileRef>, id: number | null): TFileRef | null {
  if (id === null) return null;
  return (
    refs.get(id) ?? { upload_id: id, name: '', status: 'refused', pages: null, pdf_size: null, refusal: null }
  );
}
