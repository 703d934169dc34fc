import {
  groupFindings,
  type Locale,
  type ProjectCode,
  type TBlock,
  type TFlowBlock,
  type TLetterDocument,
  type TReview,
  type TReviewFinding,
  type TTextNode,
} from '@dossier/contract';
import { translate } from '@dossier/i18n';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { renderLetter } from '../../pdf/letter/render-letter.ts';
import type { CaseRow } from '../case/case.service.ts';
import { contentDisposition } from '../uploads/uploads.routes.ts';
import { runReview } from './review.service.ts';
import { loadReviewInput } from './review-input.ts';

/**
 * The readiness report as a PDF (issue 31 item 7; decision 0074): the review built into a letter document and drawn
 * by the letter renderer (embedded subset fonts, CJK for zh, page numbers), so it needs nothing the previews do not.
 * Title, case, date (the customer's day), the evidence map, the findings by severity with their places, passages
 * side by side and sources, and the disclaimer — words that help, never a promise of approval.
 */

export interface ReportCase {
  caseId: number;
  category: 'EB1A' | 'NIW';
  /** The customer's today, YYYY-MM-DD. */
  date: string;
}

const text = (s: string, bold = false): TTextNode[] =>
  s.trim() === '' ? [] : [{ type: 'text', text: s, ...(bold ? { marks: [{ type: 'bold' as const }] } : {}) }];
const para = (s: string, bold = false): TFlowBlock => ({ type: 'paragraph', content: text(s, bold) });
const heading = (level: 1 | 2 | 3, s: string): TFlowBlock => ({
  type: 'heading',
  attrs: { level },
  content: text(s),
});
const bullets = (items: TFlowBlock[]): TFlowBlock => ({
  type: 'bulletList',
  content: items.map((b) => ({ type: 'listItem', content: [b] })),
});
const labelled = (label: string, value: string): TFlowBlock => ({
  type: 'paragraph',
  content: [...text(`${label}: `, true), ...text(value)],
});

/** What an object of the map is called: its label, name, title or text, whichever it has. */
function namedAs(v: Record<string, unknown>): string | null {
  for (const k of ['label', 'name', 'title', 'text']) if (typeof v[k] === 'string') return v[k] as string;
  return null;
}

/** A map criterion's other fields, generically: arrays (of strings, or of objects with a label), yes/no, numbers. */
export function mapFieldValue(value: unknown, yesNo: (b: boolean) => string): string | null {
  if (typeof value === 'boolean') return yesNo(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return null;
  const items = value
    .map((v) =>
      typeof v === 'string' ? v : v && typeof v === 'object' ? namedAs(v as Record<string, unknown>) : null,
    )
    .filter((v): v is string => v !== null && v !== '');
  return items.length ? items.join('; ') : '—';
}

/** The label of a map field in a language: a known field's words, otherwise its name made readable. */
export function mapFieldLabel(
  locale: Locale,
  ns: 'review:report' | 'workbench:review',
  field: string,
): string {
  const key = `${ns}.map_field.${field}`;
  const found = translate(locale, key);
  return found === key ? field.replaceAll('_', ' ') : found;
}

function mapBlocks(review: TReview, locale: Locale): TFlowBlock[] {
  const t = (k: string) => translate(locale, `review:report.${k}`);
  const out: TFlowBlock[] = [heading(2, t('map_heading'))];
  if (review.map.criteria.length === 0) return [...out, para(t('map_empty'))];
  for (const c of review.map.criteria) {
    out.push(heading(3, c.label || c.key));
    const rows: TFlowBlock[] = [];
    for (const [field, value] of Object.entries(c as Record<string, unknown>)) {
      if (field === 'key' || field === 'label') continue;
      const v = mapFieldValue(value, (b) => t(b ? 'yes' : 'no'));
      if (v !== null) rows.push(labelled(mapFieldLabel(locale, 'review:report', field), v));
    }
    if (rows.length) out.push(bullets(rows));
  }
  // The questions asked of the whole case (EB-1A final merits; NIW threshold and prongs).
  for (const q of review.map.questions) {
    out.push(heading(3, q.title));
    const points = q.points.filter((p) => p.text.trim() !== '').map((p) => para(`${p.text} (${p.source})`));
    if (points.length) out.push(bullets(points));
  }
  return out;
}

function findingBlocks(f: TReviewFinding, locale: Locale): TBlock[] {
  const t = (k: string) => translate(locale, `review:report.${k}`);
  const out: TBlock[] = [para(f.title, true)];
  if (f.detail.trim()) out.push(para(f.detail));
  if (f.places.length) out.push(labelled(t('where'), f.places.map((p) => p.label).join('; ')));
  if (f.passages.length) {
    out.push(para(t('passages')));
    const cell = (s: string, header = false) => ({
      type: header ? ('tableHeader' as const) : ('tableCell' as const),
      content: [para(s || '—')],
    });
    out.push({
      type: 'table',
      content: [
        { type: 'tableRow', content: [cell(t('passage_a'), true), cell(t('passage_b'), true)] },
        ...f.passages.map((p) => ({ type: 'tableRow' as const, content: [cell(p.a), cell(p.b)] })),
      ],
    });
  }
  if (f.source) out.push(labelled(t('source'), f.source));
  return out;
}

/** The report as a letter document (pure; tested without drawing it). */
export function reportDocument(review: TReview, c: ReportCase, locale: Locale): TLetterDocument {
  const t = (k: string, vars?: Record<string, string | number>) =>
    translate(locale, `review:report.${k}`, vars);
  const content: TBlock[] = [
    heading(1, t('title')),
    para(t('case', { id: c.caseId, category: t(`category.${c.category}`) })),
    para(t('prepared', { date: c.date })),
    para(t('intro')),
    para(t('disclaimer'), true),
    ...mapBlocks(review, locale),
    heading(2, t('findings_heading')),
  ];
  if (review.findings.length === 0) content.push(para(t('none')));
  for (const [g, list] of groupFindings(review.findings)) {
    content.push(heading(3, `${t(`severity.${g}`)} (${list.length})`));
    for (const f of list) content.push(...findingBlocks(f, locale));
  }
  return { type: 'doc', content };
}

/** The readiness report's PDF bytes in a language (zh draws with the CJK face). */
export async function renderReviewReport(
  review: TReview,
  c: ReportCase,
  locale: Locale,
): Promise<Uint8Array> {
  const { bytes } = await renderLetter({
    doc: reportDocument(review, c, locale),
    locale,
    footer: translate(locale, 'review:report.footer'),
    pageNumbers: true,
    resolveReference: () => undefined,
    title: translate(locale, 'review:report.title'),
  });
  return bytes;
}

export const reportFilename = (locale: Locale, caseId: number) =>
  `${translate(locale, 'review:report.filename')}-${caseId}.pdf`;

/** The readiness report of a case as it stands, in a language (the customer's route and the staff task's). */
export async function caseReviewReport(
  ctx: AppContext,
  s: { caseRow: CaseRow; projectCode: ProjectCode },
  locale: Locale,
): Promise<Uint8Array> {
  const input = await loadReviewInput(ctx, s);
  const review = runReview(input, locale);
  return renderReviewReport(
    review,
    { caseId: s.caseRow.id, category: input.category, date: input.today },
    locale,
  );
}

/** A report as an inline PDF download (never cached, never sniffed). */
export const sendReport = (reply: FastifyReply, bytes: Uint8Array, name: string) =>
  reply
    .type('application/pdf')
    .header('content-disposition', contentDisposition(name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
