import { FEE_TABLE_CHECKED, FILING_RULES, formatUsd, type Locale, selfPetitionFees } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import type { LetterDoc, PacketInput, PacketTranslation } from './packet.types.ts';

/** Small builders for the TipTap JSON the letter renderer takes. */
const text = (t: string, marks?: Array<{ type: 'bold' | 'italic' | 'underline' }>) =>
  marks ? { type: 'text', text: t, marks } : { type: 'text', text: t };
export const para = (...content: unknown[]) => ({ type: 'paragraph', content });
export const heading = (level: 1 | 2 | 3, t: string) => ({
  type: 'heading',
  attrs: { level },
  content: [text(t)],
});
const bullets = (items: string[]) => ({
  type: 'bulletList',
  content: items.map((i) => ({ type: 'listItem', content: [para(text(i))] })),
});
const pageBreak = { type: 'pageBreak' };
// The renderer validates every document with the contract schema; these builders stay loosely typed.
const doc = (content: unknown[]): LetterDoc => ({ type: 'doc', content }) as LetterDoc;

const FORM_TITLE: Record<string, string> = {
  'G-1145': 'G-1145 e-Notification',
  'G-1450': 'G-1450 Credit Card Transactions',
  'G-1650': 'G-1650 ACH Transactions',
  'I-140': 'I-140 Immigrant Petition for Alien Workers',
  'I-907': 'I-907 Request for Premium Processing',
};
export const formTitle = (key: string) => FORM_TITLE[key] ?? key;

export interface ChecklistRow {
  title: string;
  pages: number;
}

/** The filing cover sheet, in the petitioner's language: fees, what to sign where, where to file, checklist. */
export function coverSheetDoc(
  input: PacketInput,
  opts: { checklist: ChecklistRow[]; missingForms: string[]; dangling: number },
): LetterDoc {
  const t = (k: string, v?: Record<string, string | number>) =>
    translate(input.locale, `packet:cover.${k}`, v);
  const fees = selfPetitionFees({ category: input.category, date: input.filingDate, premium: input.premium });
  const category = input.category === 'EB1A' ? 'EB-1A' : 'EB-2 NIW';
  const feeLines = fees.lines.map((l) =>
    para(
      text(
        t('label', {
          label: t(`fee_${l.key}`, {
            days: fees.premium?.days ?? 0,
            unit: fees.premium?.businessDays ? t('business_days') : t('calendar_days'),
          }),
        }),
      ),
      text(formatUsd(l.cents), [{ type: 'bold' }]),
    ),
  );
  const signs = input.forms
    .filter((f) => f.pdf && f.signHere)
    .map((f) => t('sign_item', { form: formTitle(f.key), where: f.signHere! }));
  return doc([
    heading(1, t('title', { category })),
    para(text(t('keep_note'), [{ type: 'bold' }])),
    para(
      text(t('prepared', { date: input.filingDate, name: input.petitionerName, checked: FEE_TABLE_CHECKED })),
    ),
    heading(2, t('fees_heading', { from: FILING_RULES.electronicPaymentOnlyFrom })),
    ...feeLines,
    para(text(t('label', { label: t('fee_total') })), text(formatUsd(fees.totalCents), [{ type: 'bold' }])),
    heading(2, t('sign_heading')),
    bullets(signs.length ? signs : ['—']),
    heading(2, t('where_heading')),
    para(text(t('where_text'))),
    heading(2, t('checklist_heading')),
    bullets(opts.checklist.map((c) => t('check_item', { title: c.title, pages: c.pages }))),
    ...opts.missingForms.map((f) =>
      para(text(t('missing_form', { form: formTitle(f) }), [{ type: 'bold' }])),
    ),
    ...(opts.dangling > 0 ? [para(text(t('dangling', { count: opts.dangling }), [{ type: 'bold' }]))] : []),
  ]);
}

/** The exhibit list: one line per exhibit, each a reference node (the renderer reports its rectangle → link). */
export function exhibitListDoc(
  exhibits: Array<{ id: string; title: string }>,
  pageOf: (id: string) => number | undefined,
): LetterDoc {
  const en = (k: string, v?: Record<string, string | number>) => translate('en', `packet:uscis.${k}`, v);
  return doc([
    heading(1, en('exhibit_list_title')),
    ...exhibits.map((e) =>
      para(
        { type: 'reference', attrs: { kind: 'exhibit', id: e.id } },
        text(`: ${en('exhibit_line', { title: e.title, page: pageOf(e.id) ?? '…' })}`),
      ),
    ),
  ]);
}

/**
 * One page per item: each exhibit's tab page, and a translator's certificate (8 CFR 103.2(b)(3)) for each
 * translated exhibit. Rendered as one document so the font is subset once for all of them.
 */
export function tabAndCertificatePagesDoc(exhibits: PacketInput['exhibits']): {
  doc: LetterDoc;
  pages: Array<{ exhibitIndex: number; kind: 'tab' | 'certificate' }>;
} {
  const en = (k: string, v?: Record<string, string | number>) => translate('en', `packet:uscis.${k}`, v);
  const content: unknown[] = [];
  const pages: Array<{ exhibitIndex: number; kind: 'tab' | 'certificate' }> = [];
  const push = (blocks: unknown[], page: (typeof pages)[number]) => {
    if (content.length) content.push(pageBreak);
    content.push(...blocks);
    pages.push(page);
  };
  exhibits.forEach((e, i) => {
    const n = i + 1;
    push([heading(1, en('tab_title', { n })), heading(2, e.title)], { exhibitIndex: i, kind: 'tab' });
    if (e.translation) {
      const tr = e.translation.translator;
      push(
        [
          heading(1, en('cert_title')),
          para(
            text(
              en('cert_body', { translator: tr.name, from: e.translation.fromLanguage, title: e.title, n }),
            ),
          ),
          para(text(en('cert_signature'))),
          para(text(en('cert_name', { translator: tr.name }))),
          para(text(en('cert_address', { address: tr.address }))),
        ],
        { exhibitIndex: i, kind: 'certificate' },
      );
    }
  });
  return { doc: doc(content), pages };
}

/**
 * The translator's certificate page for each translated letter or plan attachment (8 CFR 103.2(b)(3)), one page
 * per item in the given order, rendered as one document (the font is subset once).
 */
export function certificatePagesDoc(
  items: Array<{ title: string; label: string; translation: PacketTranslation }>,
): LetterDoc {
  const en = (k: string, v?: Record<string, string | number>) => translate('en', `packet:uscis.${k}`, v);
  const content: unknown[] = [];
  for (const { title, label, translation } of items) {
    const tr = translation.translator;
    if (content.length) content.push(pageBreak);
    content.push(
      heading(1, en('cert_title')),
      para(text(en('cert_body_part', { translator: tr.name, from: translation.fromLanguage, title, label }))),
      para(text(en('cert_signature'))),
      para(text(en('cert_name', { translator: tr.name }))),
      para(text(en('cert_address', { address: tr.address }))),
    );
  }
  return doc(content);
}

export function referenceLabel(locale: Locale, kind: 'exhibit' | 'letter', n: number | string): string {
  return translate(locale, `packet:uscis.${kind === 'exhibit' ? 'exhibit_label' : 'letter_label'}`, { n });
}
