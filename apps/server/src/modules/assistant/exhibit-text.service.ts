import type { EXHIBIT_TEXT_SOURCES, Locale, TExhibitText } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { upload, uploadPageText } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import type { StaffPrincipal } from '../../plugins/staff-auth.ts';
import { ownedCase } from '../case/case.service.ts';
import { handled } from '../tasks/tasks.staff.service.ts';

type Source = (typeof EXHIBIT_TEXT_SOURCES)[number];
const SOURCES: ReadonlySet<string> = new Set<Source>([
  'layer',
  'ocr',
  'none',
  'ocr_timeout',
  'ocr_unavailable',
]);

/** The case an exhibit's text is read for: its customer and project (an upload is customer × project). */
interface CaseOf {
  customerId: number;
  projectCode: string;
}

/**
 * GET /api/customer/case/{id}/exhibit-text/{upload_id}/: the text the upload check kept for a file of the
 * caller's case (issue 33 item 1). The case must be the caller's, and the upload one this case uses (a file,
 * letter, attachment… — `attached_to` set) and of this case's customer and project: 404 otherwise, the same as a
 * missing one, so another customer's upload id tells nothing.
 */
export async function customerExhibitText(
  ctx: AppContext,
  customerId: number,
  caseId: number,
  uploadId: number,
  locale: Locale,
): Promise<TExhibitText> {
  const c = await ownedCase(ctx, customerId, caseId);
  return exhibitText(ctx, { customerId, projectCode: c.projectCode }, uploadId, locale);
}

/**
 * GET /api/staff/task/{id}/exhibit-text/{upload_id}/: the same for staff handling the task (its service is the
 * caller's role's, as for the task's zip), the upload of the task's case. A task of another service answers 404
 * here (not task_wrong_service): a staff member without the task learns nothing of its files.
 */
export async function staffExhibitText(
  ctx: AppContext,
  who: StaffPrincipal,
  taskId: number,
  uploadId: number,
  locale: Locale,
): Promise<TExhibitText> {
  const j = await handled(ctx, who, taskId).catch((err: unknown) => {
    if ((err as { statusCode?: number }).statusCode === 403) throw notFound();
    throw err;
  });
  const c = await ownedCase(ctx, j.row.customerId, j.row.caseId);
  return exhibitText(ctx, { customerId: j.row.customerId, projectCode: c.projectCode }, uploadId, locale);
}

async function exhibitText(
  ctx: AppContext,
  of: CaseOf,
  uploadId: number,
  locale: Locale,
): Promise<TExhibitText> {
  const [row] = await ctx.db.db
    .select({
      status: upload.status,
      pages: uploadPageText.pages,
      sources: uploadPageText.pageSources,
      hasText: uploadPageText.uploadId,
    })
    .from(upload)
    .leftJoin(uploadPageText, eq(uploadPageText.uploadId, upload.id))
    .where(
      and(
        eq(upload.id, uploadId),
        eq(upload.customerId, of.customerId),
        eq(upload.projectCode, of.projectCode),
        isNotNull(upload.attachedTo),
      ),
    );
  if (!row) throw notFound();
  if (row.status === 'checking') {
    return { upload_id: uploadId, pages: [], note: translate(locale, 'assistant:exhibit_text.checking') };
  }
  if (row.hasText === null || !Array.isArray(row.pages)) {
    // Refused, or accepted before the upload check kept page text (decision 0071).
    const key = row.status === 'ready' ? 'assistant:exhibit_text.not_kept' : 'assistant:exhibit_text.refused';
    return { upload_id: uploadId, pages: [], note: translate(locale, key) };
  }
  const pages = exhibitPages(row.pages, row.sources);
  return { upload_id: uploadId, pages, note: noteFor(pages, locale) };
}

/** The stored pages with how each was read; rows kept before OCR have no sources: text layer, or none. */
export function exhibitPages(pages: readonly unknown[], sources: unknown): TExhibitText['pages'] {
  const list = Array.isArray(sources) ? sources : [];
  return pages.map((p, i) => {
    const text = typeof p === 'string' ? p : '';
    const s = list[i];
    const source: Source = typeof s === 'string' && SOURCES.has(s) ? (s as Source) : text ? 'layer' : 'none';
    return { page: i + 1, text, source };
  });
}

/** "2–4, 7": page numbers as ranges, for the note. */
export function pageRanges(numbers: readonly number[]): string {
  const out: string[] = [];
  let i = 0;
  while (i < numbers.length) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === (numbers[j] ?? 0) + 1) j++;
    out.push(j > i ? `${numbers[i]}–${numbers[j]}` : String(numbers[i]));
    i = j + 1;
  }
  return out.join(', ');
}

/** Why some pages have no text, in the reader's language: OCR not installed, pages past their time limit. */
function noteFor(pages: TExhibitText['pages'], locale: Locale): string | null {
  const with_ = (s: Source) => pages.filter((p) => p.source === s).map((p) => p.page);
  const parts: string[] = [];
  const unavailable = with_('ocr_unavailable');
  if (unavailable.length > 0) {
    parts.push(
      translate(locale, 'assistant:exhibit_text.ocr_unavailable', { pages: pageRanges(unavailable) }),
    );
  }
  const late = with_('ocr_timeout');
  if (late.length > 0) {
    parts.push(translate(locale, 'assistant:exhibit_text.ocr_timeout', { pages: pageRanges(late) }));
  }
  return parts.length > 0 ? parts.join(locale === 'zh' ? '' : ' ') : null;
}
